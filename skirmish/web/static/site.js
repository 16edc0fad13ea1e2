/* Every page (base.html). A poll marked data-poll-visible asks nothing while the page is
   hidden (a phone in a pocket). htmx 2 sends a poll ("every") with no triggering event and
   dispatches no event of its own for it (its "hx:poll:trigger" is only handed to a trigger
   filter, which htmx evaluates as code and the Content-Security-Policy forbids: issue #22), so
   the request is cancelled here, at htmx:confirm, before it is sent (issue #23). Other
   triggers (load, game-changed) carry their event and go through. */
document.addEventListener("htmx:confirm", function (e) {
  var el = e.detail && e.detail.elt;
  if (el && el.hasAttribute && el.hasAttribute("data-poll-visible")
      && !e.detail.triggeringEvent && document.visibilityState !== "visible") {
    e.preventDefault();
  }
});
