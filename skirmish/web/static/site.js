/* Every page (base.html). A poll marked data-poll-visible asks nothing while the page is
   hidden (a phone in a pocket): htmx's poll event is cancelled here, where it used to be an
   htmx trigger filter, which htmx evaluates as code and the Content-Security-Policy forbids
   (issue #22). Other triggers (load, game-changed) are not polls and go through. */
document.addEventListener("hx:poll:trigger", function (e) {
  var el = e.target;
  if (el && el.hasAttribute && el.hasAttribute("data-poll-visible")
      && document.visibilityState !== "visible") {
    e.preventDefault();
  }
});
