// The hint box (carson.web.analysis.pages): marks the machine's move on the table, where the
// table has a button for it (the games' tables carry each legal action's JSON on its
// button), and fetches the box again once the table shows another decision.
(function () {
  "use strict";
  function canonical(text) {
    try {
      var value = JSON.parse(text);
      var sort = function (item) {
        if (Array.isArray(item)) { return item.map(sort); }
        if (item && typeof item === "object") {
          var out = {};
          Object.keys(item).sort().forEach(function (key) { out[key] = sort(item[key]); });
          return out;
        }
        return item;
      };
      return JSON.stringify(sort(value));
    } catch (error) {
      return null;
    }
  }
  function mark() {
    document.querySelectorAll(".hinted").forEach(function (old) { old.classList.remove("hinted"); });
    var answer = document.getElementById("hint-answer");
    var board = document.getElementById("board");
    if (!answer || !board) { return; }
    var wanted = canonical(answer.getAttribute("data-hint"));
    board.querySelectorAll("button[data-action], button[name=action]").forEach(function (button) {
      var text = button.getAttribute("data-action") || button.value;
      if (wanted !== null && canonical(text) === wanted) { button.classList.add("hinted"); }
    });
  }
  function refresh() {
    var box = document.getElementById("hint");
    var board = document.getElementById("board");
    if (box && board && window.htmx && board.getAttribute("data-seq") !== box.getAttribute("data-seq")) {
      // Its own source: htmx's requests without one share the body's queue, where a later
      // request (another panel's refresh) drops one still waiting there.
      window.htmx.ajax("GET", "/games/" + board.getAttribute("data-game") + "/hint",
        { source: box, target: box, swap: "outerHTML" });
    }
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "board") { refresh(); }
    mark();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
})();
