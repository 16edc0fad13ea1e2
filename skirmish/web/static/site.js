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

/* The service worker (issue #24, /sw.js: web/sw.js), on every page: it keeps the shell and the
   pages opened, so a page reloaded with the network off still shows. A browser gives one only
   to a secure page (HTTPS, or the laptop's own http://localhost): elsewhere nothing is kept. On
   logging out it is told to drop the pages kept (a shared phone keeps nobody's pages). */
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var worker = navigator.serviceWorker.controller;
    if (worker && form && form.getAttribute && form.getAttribute("action") === "/logout") {
      worker.postMessage({ type: "forget" });
    }
  });
}
