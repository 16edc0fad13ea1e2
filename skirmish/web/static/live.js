/* The live board (issue #12, pushed since issue #23).

   While the game is played the page holds ONE stream open (the board's data-events:
   server-sent events, web/game_stream.py): since issue #23's fourth round it carries the board
   (?carry=board, web/game_state.py): each "state" event is the game's revision and its board
   for this reader, which replaces the page's when it is newer (no request), and, since its
   fifth round (?carry=board,panels), the "your move" panels rendered for this reader, which
   replace the page's too (no request); a state without them fires "game-changed", which makes
   the panels fetch themselves, as the fetched board's HX-Trigger does. A stream that says only a
   revision ("revision" event) makes the board fetch itself ("news": its hx-get,
   /board?rev=N, which answers 204 while unchanged). While the stream is up nothing is polled: the board's poll (the same "news" request
   every data-poll, here) and the polls of elements marked data-poll-stream (htmx's "every",
   cancelled at htmx:confirm) ask only when the stream is broken or a board it announced could
   not be fetched, until a board gets through; the browser opens the stream again by itself
   (its retry:). A hidden tab closes its stream and polls nothing; shown again, it opens it,
   and the first event (the current revision) catches the board up at once.

   A request for the board that fails (no network, a server gone or failing) shows the banner;
   the next one that gets through hides it, and its board (or 204: unchanged) is the current
   one. */
(function () {
  if (window.skirmishLive) { return; }
  window.skirmishLive = true;
  var source = null;
  var healthy = false; /* the stream is open and the last board it announced came */
  var carried = false; /* the panels the stream carried are being put in place */
  function board() { return document.getElementById("board"); }
  function banner(show) {
    var el = document.getElementById("offline");
    if (el) { el.hidden = !show; }
  }
  function polled(event) {
    var el = event.detail && event.detail.elt;
    return el && el.id === "board";
  }
  function close() {
    if (source) { source.close(); source = null; }
    healthy = false;
  }
  function open() {
    var el = board();
    var url = el && el.getAttribute("data-events");
    if (!url || source || !window.EventSource || document.visibilityState !== "visible") {
      return;
    }
    source = new EventSource(url);
    /* The stream is up as soon as it is open: its first revision may come a moment later on
       a busy server, and the poll must not ask meanwhile. */
    source.addEventListener("open", function () { healthy = true; });
    source.addEventListener("revision", function (e) {
      healthy = true;
      var now = board();
      if (!now) { return; }
      var rev = parseInt(e.data, 10);
      if (rev > parseInt(now.getAttribute("data-revision") || "0", 10)) {
        htmx.trigger(now, "news");
      }
    });
    source.addEventListener("state", function (e) {
      healthy = true;
      var now = board();
      var data = null;
      try { data = JSON.parse(e.data); } catch (err) { return; }
      banner(false); /* the server answered */
      if (!now || !data || typeof data.board !== "string") { return; }
      if (data.revision > parseInt(now.getAttribute("data-revision") || "0", 10)) {
        htmx.swap(now, data.board, { swapStyle: "outerHTML" });
        adopted();
        if (typeof data.panels !== "string" || !panels(data.panels)) {
          htmx.trigger(document.body, "game-changed");
        }
      }
    });
    source.addEventListener("error", function () {
      healthy = false; /* the poll asks meanwhile; the browser reopens the stream itself */
      if (source && source.readyState === 2) { source = null; window.setTimeout(open, 5000); }
    });
  }
  /* The panels the stream carried (?carry=…,panels: issue #23, fifth round), put in place of
     the page's, so that none fetches itself: each panel by its id; one whose address names the
     very version it shows (the activation panel's v=…, not the hand-over's rev=…) is kept, with the words of the action
     this phone just made; when the panels shown are not the same ones, all of them. False:
     there is no such part of the page (the panels then fetch themselves). */
  function panels(html) {
    var now = document.getElementById("panels");
    if (!now) { return false; }
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var next = holder.querySelector("#panels");
    if (!next) { return false; }
    function ids(el) {
      return Array.prototype.map.call(el.children, function (c) { return c.id; }).join(" ");
    }
    carried = true;  /* a panel that loads itself ("load": the hand-over's) asks now */
    try {
      if (ids(now) !== ids(next)) {
        htmx.swap(now, next.outerHTML, { swapStyle: "outerHTML" });
        return true;
      }
      Array.prototype.forEach.call(Array.prototype.slice.call(next.children), function (el) {
        var old = el.id ? document.getElementById(el.id) : null;
        var url = el.getAttribute("hx-get") || "";
        if (!old || (/[?&]v=/.test(url) && old.getAttribute("hx-get") === url)) { return; }
        htmx.swap(old, el.outerHTML, { swapStyle: "outerHTML" });
      });
      return true;
    } finally {
      carried = false;
    }
  }
  /* htmx's own polls ("every") come with no triggering event: a panel's is not sent while
     the stream is up (its "game-changed" still is). Nor does a panel's "load": one the stream
     just put in place (carried, set while htmx swaps it in, which loads it at once) is sent. */
  document.addEventListener("htmx:confirm", function (e) {
    var el = e.detail && e.detail.elt;
    if (healthy && !carried && !e.detail.triggeringEvent && el && el.hasAttribute
        && el.hasAttribute("data-poll-stream")) {
      e.preventDefault();
    }
  });
  /* The fallback poll: the board asks for itself every data-poll while the stream is not up
     and the page is shown. */
  function poll() {
    var el = board();
    var seconds = el ? parseFloat(el.getAttribute("data-poll") || "1") : 1;
    if (el && el.getAttribute("data-events") && !healthy
        && document.visibilityState === "visible") {
      htmx.trigger(el, "news");
    }
    window.setTimeout(poll, (seconds > 0 ? seconds : 1) * 1000);
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { open(); } else { close(); }
  });
  function failed() {
    banner(true);
    healthy = false;
  }
  document.addEventListener("htmx:sendError", function (e) { if (polled(e)) { failed(); } });
  document.addEventListener("htmx:timeout", function (e) { if (polled(e)) { failed(); } });
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!polled(e)) { return; }
    var status = e.detail.xhr.status;
    if (status !== 200) { e.detail.shouldSwap = false; }
    /* a board fetched while the stream brought a newer one is not put back over it */
    var came = /data-revision="(\d+)"/.exec(e.detail.xhr.responseText || "");
    var now = board();
    if (came && now && parseInt(came[1], 10) < parseInt(now.getAttribute("data-revision") || "0", 10)) {
      e.detail.shouldSwap = false;
    }
    if (status === 0 || status >= 500) { failed(); }
  });
  /* Before the first turn, "Begin the first turn" stands first on the page (outside the
     board); once the board says a turn has begun, it goes. A board no longer played (the
     game ended) needs no stream. */
  function adopted() {
    var el = board();
    var begin = document.getElementById("begin");
    if (el && begin && el.getAttribute("data-turn") !== "0") { begin.remove(); }
    if (el && !el.getAttribute("data-events")) { close(); }
  }
  document.addEventListener("htmx:afterSwap", adopted);
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!polled(e)) { return; }
    var status = e.detail.xhr ? e.detail.xhr.status : 0;
    if (status === 200 || status === 204) {
      banner(false);
      if (source && source.readyState === 1) { healthy = true; }
    }
  });
  open();
  window.setTimeout(poll, 1000);
})();
