/* The live board (issue #12): a poll that fails (no network, a server gone or failing) shows
   the banner; the next one that gets through hides it, and its board (or 204: unchanged)
   is the current one. */
(function () {
  if (window.skirmishLive) { return; }
  window.skirmishLive = true;
  function banner(show) {
    var el = document.getElementById("offline");
    if (el) { el.hidden = !show; }
  }
  function polled(event) {
    var el = event.detail && event.detail.elt;
    return el && el.id === "board";
  }
  document.addEventListener("htmx:sendError", function (e) { if (polled(e)) { banner(true); } });
  document.addEventListener("htmx:timeout", function (e) { if (polled(e)) { banner(true); } });
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!polled(e)) { return; }
    var status = e.detail.xhr.status;
    if (status !== 200) { e.detail.shouldSwap = false; }
    if (status === 0 || status >= 500) { banner(true); }
  });
  /* Before the first turn, "Begin the first turn" stands first on the page (outside the
     board); once the polled board says a turn has begun, it goes. */
  document.addEventListener("htmx:afterSwap", function () {
    var board = document.getElementById("board");
    var begin = document.getElementById("begin");
    if (board && begin && board.getAttribute("data-turn") !== "0") { begin.remove(); }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!polled(e)) { return; }
    var status = e.detail.xhr ? e.detail.xhr.status : 0;
    if (status === 200 || status === 204) { banner(false); }
  });
})();
