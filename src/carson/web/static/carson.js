// carson's few lines of JavaScript: live updates of the game board, the invite link,
// and the clicks of the scoring assistant. Everything else is plain HTML and htmx.
(function () {
  "use strict";

  // Every htmx request carries the CSRF token of the double-submit cookie.
  document.addEventListener("htmx:configRequest", function (event) {
    const match = document.cookie.match(/(?:^|; )carson_csrf=([^;]*)/);
    if (match) event.detail.headers["X-CSRF-Token"] = decodeURIComponent(match[1]);
  });

  // Live updates: the server pushes this seat's view after every move; when its seq
  // differs from the board's, fetch the board again.
  function listen() {
    const board = document.getElementById("board");
    if (!board || !window.EventSource || board.dataset.status === "over") return;
    const game = board.dataset.game;
    const source = new EventSource("/api/games/" + game + "/events");
    source.addEventListener("view", function (event) {
      const view = JSON.parse(event.data);
      const current = document.getElementById("board");
      if (!current || String(view.seq) === current.dataset.seq && view.status === current.dataset.status) return;
      htmx.ajax("GET", "/games/" + game + "/board", { target: "#board", swap: "outerHTML" });
      if (view.status === "over") source.close();
    });
  }

  function inviteLink() {
    const field = document.getElementById("invite-link");
    if (!field) return;
    field.value = window.location.origin + field.dataset.path;
    field.addEventListener("focus", function () { field.select(); });
  }

  // Scoring assistant: a click paints the cell with the chosen parcel.
  function assistant() {
    const form = document.getElementById("assistant");
    if (!form) return;
    form.addEventListener("click", function (event) {
      const cell = event.target.closest("[data-cell]");
      if (!cell) return;
      const brush = form.querySelector("input[name=brush]:checked");
      const letter = brush ? brush.value : "-";
      const swatch = brush ? brush.parentElement.querySelector(".cell") : null;
      form.querySelector("input[name='c-" + cell.dataset.cell + "']").value = letter;
      cell.className = swatch ? swatch.className : "cell none";
      cell.textContent = letter === "-" ? "" : letter;
      form.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    listen();
    inviteLink();
    assistant();
  });
})();
