// The game page's clocks: each running clock counts down every second from what the
// server said (its clock is the authority), and the panel is fetched again whenever the
// board is (after every move), so the clocks never drift for long.
(function () {
  "use strict";

  // The same as carson.web.play.clocks.shown_time: 4:05, 1:02:03, 2d 3:04; a correspondence
  // clock in days and hours by the panel's translated format ("%(days)s d %(hours)s h").
  function formatLeft(seconds, daysHours) {
    const whole = Math.max(0, Math.floor(seconds));
    const days = Math.floor(whole / 86400);
    const hours = Math.floor((whole % 86400) / 3600);
    if (daysHours) return daysHours.replace("%(days)s", days).replace("%(hours)s", hours);
    const minutes = Math.floor((whole % 3600) / 60);
    const secs = whole % 60;
    const two = function (n) { return (n < 10 ? "0" : "") + n; };
    if (days) return days + "d " + hours + ":" + two(minutes);
    if (hours) return hours + ":" + two(minutes) + ":" + two(secs);
    return minutes + ":" + two(secs);
  }

  let shownAt = Date.now(); // when the panel on the page was drawn

  function tick() {
    const spent = (Date.now() - shownAt) / 1000;
    document.querySelectorAll("#clocks .clock[data-running='1']").forEach(function (clock) {
      const left = Number(clock.dataset.left) - spent;
      const time = clock.querySelector(".clock-time");
      const list = clock.closest(".clock-list");
      if (time) time.textContent = formatLeft(left, list ? list.dataset.daysHours : "");
      clock.classList.toggle("low", left < 30);
    });
  }

  function refresh() {
    const panel = document.getElementById("clocks");
    if (!panel || !window.htmx) return;
    // Its own source: htmx's requests without one share the body's queue, where a later
    // request (another panel's refresh) drops one still waiting there.
    htmx.ajax("GET", "/games/" + panel.dataset.game + "/clocks",
      { source: panel, target: panel, swap: "outerHTML" });
  }

  // What the player is doing in the panel (the resign confirmation opened, the focus) is
  // kept across its redraw after another player's move, as live.js keeps it on the board.
  let kept = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    const target = event.detail.target;
    if (!target || target.id !== "clocks") return;
    if (window.carsonKeep) kept = window.carsonKeep.capture(target);
    const state = document.getElementById("clock-state");
    if (event.detail.shouldSwap && state && target.contains(state) &&
        sameBesideState(target, String(event.detail.serverResponse || ""))) {
      event.detail.target = state;
      event.detail.selectOverride = "#clock-state";
    }
  });

  // The panel without what changes with every move (#clock-state) and without which
  // confirmation is open: while it is the same, only #clock-state is drawn again. A
  // confirmation replaced under the player's press loses the click (the element pressed is
  // gone on release), even when the new one is restored open.
  function besideState(panel) {
    const copy = panel.cloneNode(true);
    const state = copy.querySelector("#clock-state");
    if (state) state.remove();
    copy.querySelectorAll("details").forEach(function (d) { d.removeAttribute("open"); });
    // Not the panel's class: htmx marks the panel with htmx-request while it asks.
    return String(copy.hidden) + copy.innerHTML;
  }

  function sameBesideState(panel, html) {
    const coming = new DOMParser().parseFromString(html, "text/html").getElementById("clocks");
    return Boolean(coming) && besideState(coming) === besideState(panel);
  }

  // A swap of the panel or of its part that changes with every move.
  function isClocks(element) {
    return Boolean(element && (element.id === "clocks" || element.id === "clock-state"));
  }

  // The chat's swaps (chat.js) are no moves.
  function inChat(element) {
    return Boolean(element && (String(element.id).indexOf("chat") === 0 ||
      (element.closest && element.closest("#chat"))));
  }

  // Which confirmations the player opened or closed, told by their own toggle events: a
  // redraw that lands while the player clicks (two refreshes in flight, the click on the
  // panel being replaced) would escape a snapshot taken before the swap.
  const opened = new Map();
  document.addEventListener("toggle", function (event) {
    const details = event.target;
    if (details && details.id && details.closest && details.closest("#clocks")) {
      opened.set(details.id, details.open);
    }
  }, true); // toggle does not bubble: listen while it is captured

  // The player's own click on a confirmation's summary, told at once (it opens or closes
  // the confirmation after this listener): its toggle event is a task of its own, and it
  // never reaches the page when a redraw already took its element away.
  document.addEventListener("click", function (event) {
    const summary = event.target && event.target.closest ? event.target.closest("summary") : null;
    const details = summary ? summary.parentElement : null;
    if (details && details.tagName === "DETAILS" && details.id && details.closest("#clocks")) {
      opened.set(details.id, !details.open);
    }
  }, true);

  function reopen(panel) {
    opened.forEach(function (isOpen, id) {
      const details = document.getElementById(id);
      if (details && panel.contains(details)) details.open = isOpen;
      else opened.delete(id); // gone with the redraw (resigned, past the first round)
    });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    const panel = document.getElementById("clocks");
    if (panel && isClocks(event.detail.target)) reopen(panel);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    const target = event.detail.target;
    if (isClocks(target)) {
      shownAt = Date.now();
      const panel = document.getElementById("clocks");
      if (panel && kept && window.carsonKeep) window.carsonKeep.restore(panel, kept);
      if (panel) reopen(panel);
      kept = null;
      tick();
    } else if (document.getElementById("board") && !inChat(target)) {
      refresh(); // the board was drawn again: a move was made
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    shownAt = Date.now();
    tick();
    window.setInterval(tick, 1000);
  });
})();
