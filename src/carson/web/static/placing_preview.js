// The card game's placement: while the player looks for a place, the card's four parcels are
// drawn where they would lie if its top-left corner went on the marked place under the
// pointer or the focus (a click or a tap still asks the server for the placement's preview).
(function () {
  "use strict";

  if (window.carsonPlacingPreview) return; // the board drawn again brings the script again
  window.carsonPlacingPreview = true;

  const MARK = "#my-city a.cell.mark[data-x]";

  function clear() {
    document.querySelectorAll("#my-city .place-preview").forEach(function (piece) {
      piece.remove();
    });
    document.querySelectorAll("#my-city .previewed").forEach(function (cell) {
      cell.classList.remove("previewed");
    });
  }

  function show(mark) {
    clear();
    const mine = mark.closest("#my-city");
    const pieces = mine ? mine.querySelectorAll(".placing .parcels > .cell") : [];
    if (pieces.length !== 4) return;
    const x = Number(mark.dataset.x);
    const y = Number(mark.dataset.y);
    pieces.forEach(function (piece, index) { // the card's parcels row by row: 2 × 2
      const where = '.city [data-x="' + (x + (index % 2)) + '"][data-y="' + (y + (index >> 1)) + '"]';
      const cell = mine.querySelector(where);
      if (!cell) return;
      const copy = piece.cloneNode(true);
      copy.classList.add("place-preview");
      copy.setAttribute("aria-hidden", "true");
      cell.classList.add("previewed");
      cell.appendChild(copy);
    });
  }

  function mark(event) {
    return event.target && event.target.closest ? event.target.closest(MARK) : null;
  }

  ["pointerover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      const found = mark(event);
      if (found) show(found);
    });
  });
  ["pointerout", "focusout"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      if (mark(event)) clear();
    });
  });
})();
