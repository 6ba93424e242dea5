// Live updates of a seat's table, and what they must never lose: what the player is in the
// middle of choosing. The server pushes this seat's view after every move; when it is newer
// than the board on the page, the board is fetched again and swapped in. Across that swap the
// page keeps, while the seat faces the same decision (the board's data-decision): the view
// the player chose (a previewed placement, a placing mode), the boxes ticked and the numbers
// typed in its forms, the control that has the focus, the lists opened and the scrolled logs.
(function () {
  "use strict";

  // Boards are ordered by (seq, status): a response that left the server before a newer
  // board was swapped in (say, a refresh racing this seat's own move) must not replace it,
  // and a refresh that was dropped or came back stale is asked again.
  const STATUS_ORDER = { waiting: 0, playing: 1, over: 2 };

  function version(seq, status) {
    return [Number(seq), STATUS_ORDER[status] || 0];
  }

  function newer(a, b) {
    return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  }

  function boardVersion(board) {
    return version(board.dataset.seq, board.dataset.status);
  }

  const LIVE = { "X-Live-Update": "1" }; // marks the page's own refreshes
  let latest = null; // the newest version the live stream announced
  let chosen = null; // {decision, query}: the view the player chose with a link of the board
  const asked = new WeakMap(); // request → the query of a board link the player clicked
  let saved = null; // what the player was doing on the board being replaced

  function refresh(game) {
    const board = document.getElementById("board");
    let path = "/games/" + game + "/board";
    if (chosen && board && chosen.decision === board.dataset.decision && chosen.query) {
      // The server drops the query if the decision changed meanwhile.
      path += "?" + chosen.query + "&decision=" + encodeURIComponent(chosen.decision);
    }
    // Its own source: htmx's requests without one share the body's queue, where a later
    // request (another panel's refresh) drops one still waiting there.
    htmx.ajax("GET", path, { source: "#board", target: "#board", swap: "outerHTML", headers: LIVE });
  }

  // An element's name on the board, the same on the board that replaces it.
  function signature(element) {
    const form = element.form || element.closest("form");
    const parts = [element.tagName, element.type || ""];
    for (const name of ["name", "value", "href", "data-action", "data-x", "data-y",
      "data-mode", "data-parcel", "data-space", "data-card", "data-slot"]) {
      parts.push(element.getAttribute(name) || "");
    }
    if (form) {
      const action = form.querySelector("input[name=action]");
      parts.push(form.className, action ? action.value : "");
    }
    return parts.join("|");
  }

  function changed(control) {
    if (control.type === "checkbox" || control.type === "radio") {
      return control.checked !== control.defaultChecked;
    }
    if (control.tagName === "SELECT") {
      return [...control.options].some(function (o) { return o.selected !== o.defaultSelected; });
    }
    return control.value !== control.defaultValue;
  }

  function capture(board) {
    const controls = [];
    board.querySelectorAll("form input:not([type=hidden]), form select, form textarea")
      .forEach(function (control) {
        if (changed(control)) {
          controls.push([signature(control), control.checked, control.value]);
        }
      });
    const focused = board.contains(document.activeElement) ? document.activeElement : null;
    return {
      decision: board.dataset.decision,
      controls: controls,
      focus: focused ? signature(focused) : null,
      open: [...board.querySelectorAll("details[open][id]")].map(function (d) { return d.id; }),
      scroll: [...board.querySelectorAll(".scrolls[id]")].map(function (e) {
        return [e.id, e.scrollTop];
      }),
    };
  }

  function bySignature(board, selector) {
    const found = new Map();
    board.querySelectorAll(selector).forEach(function (element) {
      const name = signature(element);
      if (!found.has(name)) found.set(name, element);
    });
    return found;
  }

  function restore(board, state) {
    state.scroll.forEach(function (entry) {
      const element = document.getElementById(entry[0]);
      if (element && board.contains(element)) element.scrollTop = entry[1];
    });
    state.open.forEach(function (id) { // the legend, a list: open until the player closes it
      const element = document.getElementById(id);
      if (element && board.contains(element)) element.open = true;
    });
    if (state.decision !== board.dataset.decision) return;
    const controls = bySignature(board, "form input, form select, form textarea");
    state.controls.forEach(function (entry) {
      const control = controls.get(entry[0]);
      if (!control) return;
      if (control.type === "checkbox" || control.type === "radio") control.checked = entry[1];
      else control.value = entry[2];
    });
    if (state.focus) {
      const all = bySignature(board, "a, button, input, select, textarea, [tabindex]");
      const element = all.get(state.focus);
      if (element) element.focus({ preventScroll: true });
    }
  }

  // The player's own requests: a link of the board (a preview, a mode) is a view the player
  // chose; a form sent is a decision taken, after which nothing of the old board is kept.
  document.addEventListener("htmx:beforeRequest", function (event) {
    const element = event.detail.elt;
    const link = element && element.getAttribute ? element.getAttribute("hx-get") : null;
    if (link && link.indexOf("/board") !== -1) asked.set(event.detail.xhr, link.split("?")[1] || "");
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    const current = document.getElementById("board");
    if (!current || event.detail.target !== current || !event.detail.shouldSwap) return;
    const html = String(event.detail.serverResponse || "");
    const seq = html.match(/data-seq="(\d+)"/);
    const status = html.match(/data-status="(\w+)"/);
    const config = event.detail.requestConfig || {};
    const live = Boolean(config.headers && config.headers["X-Live-Update"]);
    // The player's own form (a move, or a move taken back: its seq goes back) always shows.
    const own = Boolean(config.verb && config.verb !== "get");
    if (seq && status && !own) {
      const coming = version(seq[1], status[1]);
      // A refresh brings only news: a board of the same move as the one shown (which the
      // player's own request brought meanwhile, maybe with a preview) stays.
      const shown = boardVersion(current);
      if (newer(shown, coming) || (live && !newer(coming, shown))) {
        event.detail.shouldSwap = false;
        return;
      }
    }
    saved = capture(current);
    saved.sent = Boolean(config.verb && config.verb !== "get"); // the player sent a form
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    const board = document.getElementById("board");
    if (!board) return;
    if (event.detail.xhr && asked.has(event.detail.xhr)) {
      chosen = { decision: board.dataset.decision, query: asked.get(event.detail.xhr) };
    }
    if (chosen && chosen.decision !== board.dataset.decision) chosen = null;
    // After a form sent, nothing of the old board is kept, unless the move was refused.
    if (saved && (!saved.sent || board.querySelector(".error[role=alert]"))) restore(board, saved);
    saved = null;
    if (board.dataset.status === "over") afterGame();
  });

  // The game ended while the page was open: fetch what it offers now (rematch, analysis),
  // and drop what only a game being played shows (the hint, the watchers, the turn sound).
  function afterGame() {
    const after = document.getElementById("after-game");
    if (!after || !after.dataset.after) return;
    const path = after.dataset.after;
    delete after.dataset.after;
    ["hint", "watchers", "turn-sound-setting"].forEach(function (id) {
      const stale = document.getElementById(id);
      if (stale) stale.remove();
    });
    htmx.ajax("GET", path, { source: after, target: after, swap: "outerHTML" }); // see refresh
  }

  document.addEventListener("htmx:afterSettle", function () {
    const board = document.getElementById("board");
    if (board && latest && newer(latest, boardVersion(board))) refresh(board.dataset.game);
  });

  function listen() {
    const board = document.getElementById("board");
    if (!board || !window.EventSource || board.dataset.status === "over") return;
    const game = board.dataset.game;
    const source = new EventSource("/api/games/" + game + "/stream?watchers=true");
    source.addEventListener("view", function (event) {
      const view = JSON.parse(event.data);
      const announced = version(view.seq, view.status);
      if (!latest || newer(announced, latest)) latest = announced;
      const current = document.getElementById("board");
      if (current && newer(announced, boardVersion(current))) refresh(game);
      if (view.status === "over") source.close();
    });
    source.addEventListener("watchers", function (event) { // how many watch, when it changed
      const count = document.getElementById("watchers-count");
      if (count) count.textContent = String(JSON.parse(event.data).watchers);
    });
  }

  // The same keeping serves other regions the page draws again (the clocks panel).
  window.carsonKeep = { capture: capture, restore: restore };

  document.addEventListener("DOMContentLoaded", function () {
    const board = document.getElementById("board");
    const query = window.location.search.replace(/^\?/, "");
    if (board && query) chosen = { decision: board.dataset.decision, query: query };
    listen();
  });
})();
