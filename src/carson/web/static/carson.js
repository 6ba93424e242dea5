// carson's few lines of JavaScript: live updates of the game board, the invite link,
// the clicks of the scoring assistant and the board game's price view. Everything else is
// plain HTML and htmx.
(function () {
  "use strict";

  // Every htmx request carries the CSRF token of the double-submit cookie.
  document.addEventListener("htmx:configRequest", function (event) {
    const match = document.cookie.match(/(?:^|; )carson_csrf=([^;]*)/);
    if (match) event.detail.headers["X-CSRF-Token"] = decodeURIComponent(match[1]);
  });

  // Live updates: the server pushes this seat's view after every move; when it is newer
  // than the board on the page, fetch the board again. Boards are ordered by (seq, status):
  // a response that left the server before a newer board was swapped in (say, a refresh
  // racing this seat's own move) must not replace it, and a refresh that was dropped or
  // came back stale is asked again.
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

  let latest = null; // the newest version the live stream announced

  function refresh(game) {
    htmx.ajax("GET", "/games/" + game + "/board", { target: "#board", swap: "outerHTML" });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    const current = document.getElementById("board");
    if (!current || event.detail.target !== current || !event.detail.shouldSwap) return;
    const html = String(event.detail.serverResponse || "");
    const seq = html.match(/data-seq="(\d+)"/);
    const status = html.match(/data-status="(\w+)"/);
    if (seq && status && newer(boardVersion(current), version(seq[1], status[1]))) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    const board = document.getElementById("board");
    if (board && latest && newer(latest, boardVersion(board))) refresh(board.dataset.game);
  });

  function listen() {
    const board = document.getElementById("board");
    if (!board || !window.EventSource || board.dataset.status === "over") return;
    const game = board.dataset.game;
    const source = new EventSource("/api/games/" + game + "/stream");
    source.addEventListener("view", function (event) {
      const view = JSON.parse(event.data);
      const announced = version(view.seq, view.status);
      if (!latest || newer(announced, latest)) latest = announced;
      const current = document.getElementById("board");
      if (current && newer(announced, boardVersion(current))) refresh(game);
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

  // The board game's view of parcel prices and building incomes (BG-9.5): a switch on the
  // page, remembered by the browser, so every board swapped in keeps it.
  function valuesToggle() {
    let on = false;
    try { on = window.localStorage.getItem("carson-values") === "1"; } catch (e) { /* none */ }
    document.documentElement.classList.toggle("show-values", on);
    const box = document.getElementById("show-values");
    if (!box) return;
    box.checked = on;
    box.onchange = function () {
      try { window.localStorage.setItem("carson-values", box.checked ? "1" : "0"); } catch (e) { /* none */ }
      document.documentElement.classList.toggle("show-values", box.checked);
    };
  }

  document.addEventListener("htmx:afterSettle", valuesToggle);

  // A click or a refresh answered 503 (the server's database is down) is not swapped in by htmx: show the
  // message of the page it sent, in the visitor's language, above the board. Read as text
  // from an inert parsed copy: nothing of the response runs.
  document.addEventListener("htmx:responseError", function (event) {
    const xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 503) return;
    const sent = new DOMParser().parseFromString(xhr.responseText, "text/html");
    const message = sent.querySelector("main .error");
    const main = document.querySelector("main");
    if (!message || !main) return;
    let notice = document.getElementById("outage");
    if (!notice) {
      notice = document.createElement("p");
      notice.id = "outage";
      notice.className = "error";
      notice.setAttribute("role", "alert");
      main.prepend(notice);
    }
    notice.textContent = message.textContent;
  });

  // Once a request succeeds again, the outage notice goes.
  document.addEventListener("htmx:afterRequest", function (event) {
    const notice = document.getElementById("outage");
    if (notice && event.detail.successful) notice.remove();
  });

  document.addEventListener("DOMContentLoaded", function () {
    listen();
    inviteLink();
    assistant();
    valuesToggle();
  });
})();
