/* skirmish's service worker (issue #24, part 1), served at /sw.js after its configuration line
   (self.SKIRMISH, written by web/installable.py). The rules (docs/architecture.md, "The service
   worker"):

   - the shell (the pages' styles, scripts and icons, and the offline page in both languages) is
     kept at install in a cache named after the shell's version: a release that changes a static
     file is a new worker, a new cache, and the old one is dropped when it takes over;
   - a static file: from the cache first, else the network (and kept); Pyodide's large files
     (/static/pyodide/) likewise, on first use, in a cache of their own; the engine's bundle
     (/engine/bundle-<hash>.zip, named by its content) likewise, in the shell's cache, and the
     engine's manifest (/engine/manifest.json) from the network first, else its copy kept:
     the phone's engine starts with the network off (issue #24, parts 2 and 3);
   - a page (a navigation, or htmx's boosted link): the network first, and a copy kept; without
     the network, the copy kept of that page, else the offline page in the language of the page
     last kept;
   - never a POST, an API call, the game's stream (…/events) or a panel's refresh: those go to
     the network as if there were no worker;
   - on logging out (the page's message, and the POST to /logout itself) and on logging in (a
     session that lapsed on a shared phone, then another player), the kept pages are
     dropped: a player's pages do not stay on a shared phone. */
"use strict";

var CONFIG = self.SKIRMISH;
var SHELL = "skirmish-shell-" + CONFIG.version;
var PYODIDE = "skirmish-pyodide-" + CONFIG.pyodide;
var PAGES = "skirmish-pages";
/* The pages kept at most (the oldest go first): a whole evening's game pages and some. */
var KEPT_PAGES = 60;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) {
      /* "reload": past the browser's HTTP cache, so the shell is this release's */
      return cache.addAll(CONFIG.shell.map(function (url) {
        return new Request(url, { cache: "reload" });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  var kept = [SHELL, PYODIDE, PAGES];
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("skirmish-") === 0 && kept.indexOf(name) < 0;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function forget() {
  return caches.delete(PAGES);
}

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "forget") {
    event.waitUntil(forget());
  }
});

function cacheFirst(name, request) {
  return caches.open(name).then(function (cache) {
    return cache.match(request).then(function (found) {
      return found || fetch(request).then(function (response) {
        if (response.ok && response.status === 200) {
          return cache.put(request, response.clone()).then(function () { return response; });
        }
        return response;
      });
    });
  });
}

function networkFirst(name, request) {
  return fetch(request).then(function (response) {
    if (response.ok && response.status === 200) {
      var copy = response.clone();
      caches.open(name).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function () {
    return caches.open(name).then(function (cache) { return cache.match(request); })
      .then(function (found) { return found || Response.error(); });
  });
}

function keep(url, response) {
  return caches.open(PAGES).then(function (cache) {
    return cache.put(url, response).then(function () {
      return cache.keys();
    }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT_PAGES))
        .map(function (key) { return cache.delete(key); }));
    });
  });
}

/* The language of the page last kept (its <html lang>), else the phone's. */
function language() {
  var known = Object.keys(CONFIG.offline);
  var phone = (self.navigator.languages || [self.navigator.language || ""]).map(function (tag) {
    return String(tag).toLowerCase().split("-")[0];
  }).filter(function (tag) { return known.indexOf(tag) >= 0; })[0] || "en";
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return keys.length ? cache.match(keys[keys.length - 1]) : null;
    });
  }).then(function (last) {
    return last ? last.text() : "";
  }).then(function (html) {
    var said = /<html[^>]*\slang="([a-z]+)"/.exec(html);
    return said && known.indexOf(said[1]) >= 0 ? said[1] : phone;
  });
}

function offline() {
  return language().then(function (lang) {
    return caches.match(CONFIG.offline[lang], { cacheName: SHELL });
  }).then(function (found) {
    return found || Response.error();
  });
}

function page(event, request, url) {
  return fetch(request).then(function (response) {
    var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    if (response.status === 200 && !response.redirected && html) {
      event.waitUntil(keep(url.href, response.clone()));
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(url.href, { ignoreVary: true });
    }).then(function (found) { return found || offline(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method !== "GET") {
    if (request.method === "POST" && (url.pathname === "/logout" || url.pathname === "/login")) {
      event.waitUntil(forget()); /* a session that lapsed, then another player logs in */
    }
    return; /* a form, an action, an API write: the network's, never kept */
  }
  var path = url.pathname;
  if (path === "/sw.js" || path.indexOf("/api/") === 0 || /\/events$/.test(path)) { return; }
  if (path === "/engine/manifest.json") {
    event.respondWith(networkFirst(SHELL, request)); /* offline: the engine as last seen */
  } else if (path.indexOf("/engine/bundle-") === 0) {
    event.respondWith(cacheFirst(SHELL, request)); /* named by its hash: it never changes */
  } else if (path.indexOf("/static/pyodide/") === 0) {
    event.respondWith(cacheFirst(PYODIDE, request));
  } else if (path.indexOf("/static/") === 0) {
    event.respondWith(cacheFirst(SHELL, request));
  } else if (request.mode === "navigate" || request.headers.get("HX-Boosted") === "true") {
    event.respondWith(page(event, request, url));
  }
  /* anything else (a board's refresh, a panel, a preview): the network's, as without a worker */
});
