// The move log's filters (issue 25) in place: choosing a player or a kind of move hides the
// other lines at once, and the choice, kept in sessionStorage per game, is applied again to
// every board live.js swaps in (whose form comes back unfiltered). Without JavaScript the
// form is a plain GET the server filters.
(function () {
  "use strict";

  function storageKey(form) {
    return "carson-log-filter:" + form.dataset.game;
  }

  function store(form) {
    const choice = { seat: form.elements.log_seat.value, kind: form.elements.log_kind.value };
    try {
      sessionStorage.setItem(storageKey(form), JSON.stringify(choice));
    } catch (error) { /* storage off: the choice lasts until the next update */ }
  }

  function stored(form) {
    try {
      return JSON.parse(sessionStorage.getItem(storageKey(form)) || "null");
    } catch (error) {
      return null;
    }
  }

  function select(control, value) {
    if ([...control.options].some(function (o) { return o.value === value; })) {
      control.value = value;
    }
  }

  function apply(form) {
    const seat = form.elements.log_seat.value;
    const kind = form.elements.log_kind.value;
    const lines = document.querySelectorAll("#log-lines > li[data-kind]");
    let left = 0;
    lines.forEach(function (line) {
      const show = (!seat || line.dataset.seat === seat) && (!kind || line.dataset.kind === kind);
      line.hidden = !show;
      if (show) left += 1;
    });
    const none = document.getElementById("log-none");
    if (none) none.textContent = left || (!seat && !kind) ? "" : none.dataset.text;
  }

  function setup() {
    const form = document.getElementById("log-filter");
    if (!form) return;
    if (form.dataset.seat || form.dataset.kind) {
      store(form); // the server filtered by the page's query: that is the choice now
    } else {
      const choice = stored(form);
      if (choice) {
        select(form.elements.log_seat, choice.seat);
        select(form.elements.log_kind, choice.kind);
      }
    }
    apply(form);
  }

  document.addEventListener("change", function (event) {
    const form = event.target.form;
    if (!form || form.id !== "log-filter") return;
    store(form);
    // A log the server filtered lacks the other lines: ask the server for the new choice.
    if (form.dataset.seat || form.dataset.kind) form.submit();
    else apply(form);
  });
  document.addEventListener("submit", function (event) {
    if (event.target.id !== "log-filter") return;
    const form = event.target;
    store(form);
    if (form.dataset.seat || form.dataset.kind) return; // the server filters it
    event.preventDefault(); // filtered in place: no reload
    apply(form);
  });
  document.addEventListener("htmx:afterSwap", setup);
  setup();
})();
