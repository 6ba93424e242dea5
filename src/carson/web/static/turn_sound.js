// The "your turn" chime: off unless the player turns it on (kept by this browser). When a
// live update (live.js) brings a board that asks this seat to decide while the board before
// it asked nothing, a short sound plays: always, or only while the tab is in the background.
(function () {
  "use strict";

  const KEY = "carson.turnSound";
  const MODES = ["off", "hidden", "always"];
  let audio = null;
  let before = null; // the decision of the board being replaced ("" : none)

  function mode() {
    try {
      const kept = window.localStorage.getItem(KEY);
      return MODES.indexOf(kept) === -1 ? "off" : kept;
    } catch (error) { // storage refused (private mode, policy): no sound
      return "off";
    }
  }

  function chime() {
    const now = mode();
    if (now === "off" || (now === "hidden" && !document.hidden)) return;
    if (!audio) audio = new Audio("/static/turn.wav");
    audio.currentTime = 0;
    const playing = audio.play();
    // A browser may refuse sound before the player's first click on the page: stay silent.
    if (playing && playing.catch) playing.catch(function () {});
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    const board = document.getElementById("board");
    if (board && event.detail.target === board) before = board.dataset.decision || "";
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    const board = document.getElementById("board");
    const config = event.detail.requestConfig || {};
    const live = Boolean(config.headers && config.headers["X-Live-Update"]);
    if (board && live && before === "" && board.dataset.decision
        && board.dataset.status === "playing") {
      chime();
    }
    before = null;
  });

  document.addEventListener("DOMContentLoaded", function () {
    const setting = document.getElementById("turn-sound-setting");
    const choice = document.getElementById("turn-sound");
    if (!setting || !choice) return;
    choice.value = mode();
    choice.addEventListener("change", function () {
      try {
        window.localStorage.setItem(KEY, choice.value);
      } catch (error) { /* not kept: the choice lasts as long as the page */ }
    });
    setting.hidden = false; // offered only where it works: with JavaScript
  });
})();
