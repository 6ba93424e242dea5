// A game's chat: listens to the chat's stream and, when a message newer than the last line
// shown is announced, asks the server for the new lines (drawn, escaped and translated
// there) and appends them. The form is never redrawn by this: what the visitor is typing
// stays, even while messages arrive.
(function () {
  "use strict";

  let announced = 0; // the newest seq the stream announced
  let busy = false;

  function panel() {
    return document.getElementById("chat");
  }

  function shown() {
    const box = panel();
    const lines = box ? box.querySelectorAll("#chat-list > li[data-seq]") : [];
    const last = lines.length ? Number(lines[lines.length - 1].dataset.seq) : 0;
    return Math.max(last, box ? Number(box.dataset.seq) : 0);
  }

  function scrollDown() {
    const list = document.getElementById("chat-list");
    if (list) list.scrollTop = list.scrollHeight;
  }

  function load() {
    const box = panel();
    if (!box || busy || !window.htmx || announced <= shown()) return;
    busy = true;
    const before = shown();
    const path = "/games/" + box.dataset.game + "/chat/messages?since=" + before +
      "&both=" + box.dataset.both;
    // Its own source: htmx's requests without one share the body's queue, where a later
    // request (another panel's refresh) drops one still waiting there.
    htmx.ajax("GET", path, { source: "#chat-list", target: "#chat-list", swap: "beforeend" }).then(function () {
      busy = false;
      scrollDown();
      // Announced meanwhile: ask again, but only if this answer brought lines. A message
      // expected and not there (refused, not yet visible) waits for the stream's next
      // announcement instead of asking the server again and again.
      if (shown() > before) load();
    }, function () {
      busy = false;
    });
  }

  function listen() {
    const box = panel();
    if (!box || !window.EventSource) return;
    const source = new EventSource(
      "/api/games/" + box.dataset.game + "/chat/stream?since=" + box.dataset.seq);
    source.addEventListener("chat", function (event) {
      announced = Math.max(announced, Number(event.lastEventId) || 0);
      load();
    });
  }

  // A message sent: the form comes back empty (or with the refusal); show the message now.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "chat-form") {
      announced = Math.max(announced, shown() + 1);
      load();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    scrollDown();
    listen();
  });
})();
