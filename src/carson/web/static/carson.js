// carson's few lines of JavaScript (live updates: live.js): the CSRF header, the invite link,
// the clicks of the scoring assistant and the board game's price view. Everything else is
// plain HTML and htmx.
(function () {
  "use strict";

  // Every htmx request carries the CSRF token of the double-submit cookie.
  document.addEventListener("htmx:configRequest", function (event) {
    const match = document.cookie.match(/(?:^|; )carson_csrf=([^;]*)/);
    if (match) event.detail.headers["X-CSRF-Token"] = decodeURIComponent(match[1]);
  });

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
      const drawing = swatch && letter !== "-" ? swatch.firstElementChild : null;
      cell.replaceChildren(...(drawing ? [drawing.cloneNode(true)] : []));
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
  document.addEventListener("htmx:afterSettle", inviteLink);

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
    inviteLink();
    assistant();
    valuesToggle();
  });
})();
