// A chat panel (a game's, or the lobby's room): listens to the chat's stream and, when a
// message newer than the last line shown is announced, asks the server for the new lines
// (drawn, escaped and translated there) and appends them. The form is never redrawn by this:
// what the visitor is typing stays, even while messages arrive. The panel names its stream
// (data-stream) and where its new lines are drawn (data-lines).
//
// Where the reader is, is a cursor "P.S": the last message seen of the players' channel and
// of the spectators' (each channel numbers its own messages). A lobby room has one number
// "N", read as "N.N".
(function () {
  "use strict";

  let announced = [0, 0]; // the newest cursor the stream announced
  let busy = false;

  function panel() {
    return document.getElementById("chat");
  }

  function cursor(text) {
    const parts = String(text || "0").split(".").map(Number);
    return [parts[0] || 0, parts[parts.length - 1] || 0];
  }

  function newest(a, b) {
    return [Math.max(a[0], b[0]), Math.max(a[1], b[1])];
  }

  function ahead(a, b) {
    return a[0] > b[0] || a[1] > b[1];
  }

  function shown() {
    const box = panel();
    const lines = box ? box.querySelectorAll("#chat-list > li[data-cursor]") : [];
    const last = lines.length ? cursor(lines[lines.length - 1].dataset.cursor) : [0, 0];
    return newest(last, box ? cursor(box.dataset.cursor) : [0, 0]);
  }

  function scrollDown() {
    const list = document.getElementById("chat-list");
    if (list) list.scrollTop = list.scrollHeight;
  }

  function load() {
    const box = panel();
    if (!box || busy || !window.htmx || !ahead(announced, shown())) return;
    busy = true;
    const before = shown();
    const lines = box.dataset.lines;
    const path = lines + (lines.indexOf("?") < 0 ? "?" : "&") + "since=" + before.join(".");
    // Its own source: htmx's requests without one share the body's queue, where a later
    // request (another panel's refresh) drops one still waiting there.
    htmx.ajax("GET", path, { source: "#chat-list", target: "#chat-list", swap: "beforeend" }).then(function () {
      busy = false;
      scrollDown();
      // Announced meanwhile: ask again, but only if this answer brought lines. A message
      // expected and not there (refused, not yet visible) waits for the stream's next
      // announcement instead of asking the server again and again.
      if (ahead(shown(), before)) load();
    }, function () {
      busy = false;
    });
  }

  function listen() {
    const box = panel();
    if (!box || !window.EventSource) return;
    const source = new EventSource(box.dataset.stream + "?since=" + box.dataset.cursor);
    source.addEventListener("chat", function (event) {
      announced = newest(announced, cursor(event.lastEventId));
      load();
    });
  }

  // A message sent: the form comes back empty (or with the refusal); show the message now.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "chat-form") {
      // Whichever channel it went to, one more than shown there.
      const now = shown();
      announced = newest(announced, [now[0] + 1, now[1] + 1]);
      load();
    }
  });

  // A game's page shows its chat in the table's side panel (#chat-slot, above the move log),
  // but keeps it outside the board, which every move draws again: moved out just before a
  // redraw and back after it, with what is typed and the focus. Without scripts it stays
  // below the table (#chat-home).
  function move(box, where) {
    const focused = box.contains(document.activeElement) ? document.activeElement : null;
    if (where.moveBefore) where.moveBefore(box, null);
    else where.appendChild(box);
    if (focused && document.activeElement !== focused) focused.focus({ preventScroll: true });
  }

  function dock() {
    const box = panel();
    const slot = document.getElementById("chat-slot");
    if (box && slot && !slot.contains(box)) move(box, slot);
  }

  // Registered after live.js's: a redraw it drops (shouldSwap false) keeps the chat in place.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const box = panel();
    const home = document.getElementById("chat-home");
    const target = event.detail.target;
    if (box && home && target && event.detail.shouldSwap && target.contains(box)) move(box, home);
  });
  document.addEventListener("htmx:afterSettle", dock);
  document.addEventListener("htmx:afterSwap", dock);

  document.addEventListener("DOMContentLoaded", function () {
    dock();
    scrollDown();
    listen();
  });
})();
