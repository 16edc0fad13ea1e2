/* Playing on with the network off (issue #24): the phone's queue.

   On the offline page (web/game_offline.py) a form marked data-offline-action is never posted:
   it is resolved on the phone (an action that rolls dice by the engine itself, in Pyodide:
   static/engine.js; the dice typed, or rolled here) and kept in the phone's own store
   (IndexedDB "skirmish-offline", one entry per action, with its idempotency key, the game's
   revision the page was made at, the dice and what the phone worked out), shown as "not yet
   sent". Nothing typed is lost: a reload, with or without the network, shows the queue again.

   Once the server answers, the queue is sent in order to the game's sync route
   (campaign/game/offline_sync.py): each entry comes back confirmed (recorded, then dropped from
   the phone), in conflict (the game changed meanwhile and the result would differ: nothing
   written; it stays here, marked, until it is settled on the game's page), refused (in
   words; it stays until its player discards it) or held (after a conflict: kept, sent again
   later). Each entry's key makes a retried send record it once.

   On the live page the same queue is shown, the offline page is kept in the phone's cache while
   online (asked again a few seconds after each change of the game), and when the server is out
   of reach the banner offers "Play on offline". */
(function () {
  if (window.skirmishOffline) { return; }
  var DB = "skirmish-offline";
  var STORE = "queue";
  var PAGES = "skirmish-pages"; /* the cache the service worker falls back to for a page */
  var root = document.getElementById("offline-game"); /* the offline page's own part */
  var queueEl = document.getElementById("queue");
  var board = document.getElementById("board"); /* the live page's */
  var gameUrl = queueEl && queueEl.getAttribute("data-game-url");
  if (!gameUrl || !window.indexedDB) { return; }
  var offlineUrl = gameUrl + "/offline";
  var syncUrl = queueEl.getAttribute("data-sync");
  /* whose queue: a phone shared by two players keeps each one's actions apart (sent only under
     the account that recorded them) */
  var user = queueEl.getAttribute("data-user") || "";
  var words = {};
  Array.prototype.forEach.call(queueEl.attributes, function (a) {
    if (a.name.indexOf("data-w-") === 0) { words[a.name.slice(7)] = a.value; }
  });
  var inflight = null; /* the send under way */
  /* how long a player stays on the game's page before the phone keeps the engine's files */
  var WARM_MS = 5000;

  /* ------------------------------------------------------------------ the phone's store */
  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () {
        var store = req.result.createObjectStore(STORE, { keyPath: "key" });
        store.createIndex("game", "game");
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function tx(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(STORE, mode);
        var out = work(t.objectStore(STORE));
        t.oncomplete = function () { db.close(); resolve(out && out.result !== undefined ? out.result : out); };
        t.onerror = function () { db.close(); reject(t.error); };
      });
    });
  }
  function entries() {
    return tx("readonly", function (store) { return store.index("game").getAll(gameUrl); })
      .then(function (found) {
        return (found || []).filter(function (e) { return (e.user || "") === user; })
          .sort(function (a, b) { return a.seq - b.seq; });
      });
  }
  function put(entry) { return tx("readwrite", function (store) { store.put(entry); }); }
  function drop(key) { return tx("readwrite", function (store) { store.delete(key); }); }

  /* ------------------------------------------------------------------ the queue shown */
  function text(tag, content, cls) {
    var el = document.createElement(tag);
    el.textContent = content;
    if (cls) { el.className = cls; }
    return el;
  }
  function render() {
    return entries().then(function (found) {
      var list = document.getElementById("queue-list");
      list.textContent = "";
      queueEl.hidden = found.length === 0;
      /* "Begin the next turn" queued on this page's game: the models that took their turn
         this turn are offered again (their forms are on the page, hidden till then) */
      var turned = !!root && found.some(function (e) {
        return e.action === "turn" && e.revision === Number(root.getAttribute("data-revision"));
      });
      document.querySelectorAll("[data-next-turn]").forEach(function (el) { el.hidden = !turned; });
      found.forEach(function (e) {
        var li = document.createElement("li");
        li.className = "queue-entry queue-" + e.status;
        li.setAttribute("data-key", e.key);
        li.appendChild(text("strong", e.title));
        li.appendChild(text("span", " · " + (words[e.status] || e.status), "queue-status"));
        var lines = (e.filled || []).concat((e.preview && e.preview.lines) || []);
        if (e.dice && e.dice.length) {
          lines = [words.dice + ": " + e.dice.join(", ")].concat(lines);
        } else if (e.rest === "random" && e.rolls && !(e.preview && e.preview.outcome)) {
          /* not worked out here (no engine yet): the server rolls when it is sent */
          lines = [words["rolled-later"]].concat(lines);
        }
        if (e.note) { lines = lines.concat([e.note]); }
        if (e.error) { lines = lines.concat([e.error]); }
        if (lines.length) {
          var ul = document.createElement("ul");
          lines.forEach(function (line) { ul.appendChild(text("li", line)); });
          li.appendChild(ul);
        }
        if (e.status === "refused" || e.status === "pending" || e.status === "held") {
          var b = text("button", words.discard, "gac-secondary queue-discard");
          b.type = "button";
          b.addEventListener("click", function () {
            if (window.confirm(words["discard-ask"])) { drop(e.key).then(render); }
          });
          li.appendChild(b);
        }
        list.appendChild(li);
      });
      return found;
    });
  }
  function status(online) {
    var el = document.getElementById("off-net");
    if (el) { el.textContent = online ? words.online : words.offline; }
  }

  /* ------------------------------------------------------------------ recording offline */
  function uuid() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }
  function faces(typed) {
    var raw = (typed || "").trim();
    if (!raw) { return []; }
    var out = raw.split(/[\s,;]+/).filter(Boolean).map(function (x) { return Number(x); });
    if (!out.every(function (x) { return x >= 1 && x <= 6 && Math.floor(x) === x; })) { return null; }
    return out;
  }
  var FLOW = { csrf: 1, key: 1, dice: 1, mode: 1, answers: 1, state: 1 };
  function fieldsOf(form) {
    var found = {};
    new FormData(form).forEach(function (value, name) {
      if (FLOW[name] || value === "") { return; }
      if (found[name] === undefined) { found[name] = value; }
      else { found[name] = [].concat(found[name], value); }
    });
    ["near", "caught", "civilian-near", "near-thrower"].forEach(function (n) {
      if (found[n] !== undefined && !Array.isArray(found[n])) { found[n] = [found[n]]; }
    });
    return found;
  }
  function kit() {
    var el = document.getElementById("offline-kit");
    if (!el) { return null; }
    try { return JSON.parse(el.textContent); } catch (err) { return null; }
  }
  function preview(form, fields, dice) {
    /* An action that rolls dice worked out on the phone by the engine (Pyodide), when it is
       here. */
    var engine = window.skirmishEngine;
    var k = kit();
    if (!form.hasAttribute("data-previewed") || !engine || !k) { return Promise.resolve(null); }
    var actor = form.getAttribute("data-actor");
    var target = form.getAttribute("data-target");
    var table = {};
    Object.keys(fields).forEach(function (name) {
      if (name !== actor && name !== target) { table[name] = fields[name]; }
    });
    var request = { action: form.getAttribute("data-offline-action"), fields: table,
      model: fields[actor], target: fields[target],
      dice: dice.length ? dice : null, rest: dice.length ? "none" : "random",
      lang: root.getAttribute("data-lang") };
    var other = request.lang === "it" ? "en" : "it";
    return entries().then(function (found) {
      /* the turns this phone began since the page was made: an action after one is worked out
         on the next turn (engine/offline.py's next_turns), as the server will replay it */
      request.turns = found.filter(function (e) {
        return e.action === "turn" && e.revision === k.revision;
      }).length;
      return engine.ready();
    }).then(function () {
      return engine.call("preview", { kit: k, request: request });
    }).then(function (answer) {
      /* refused by the rules (the engine's own words): not kept, as the server would refuse */
      if (!answer || !answer.ok) { return { refused: answer ? answer.error : "" }; }
      /* the same dice said in the other language too, for the other player's phone if the
         server cannot confirm it (the conflict is shown to both) */
      var again = Object.assign({}, request, { dice: answer.dice, rest: "none", lang: other });
      return engine.call("preview", { kit: k, request: again }).then(function (said) {
        answer.said = {};
        answer.said[request.lang] = answer.lines;
        if (said && said.ok) { answer.said[other] = said.lines; }
        return answer;
      });
    }).catch(function (err) { return { error: String(err && err.message || err) }; });
  }
  function filledIn(form) {
    /* What the player filled in, in the form's own words ("At whom? Ike Clanton", "Cover:
       light"), for the queue's line: the controls shown, not the hidden ones, nor the dice. */
    var lines = [];
    form.querySelectorAll("select, input[type=text], input[type=checkbox]").forEach(function (c) {
      if (c.name === "dice" || (c.type === "checkbox" && !c.checked)) { return; }
      var label = c.id ? form.querySelector("label[for='" + c.id + "']") : null;
      var value = c.tagName === "SELECT" ? (c.selectedOptions[0] || {}).textContent : c.value;
      if (c.type === "checkbox") { value = "✓"; }
      if (!value || (c.tagName !== "SELECT" && !c.value)) { return; }
      var said = label ? label.textContent.trim() : "";
      if (said && !/[?:]$/.test(said)) { said += ":"; } /* a question is answered as it is */
      lines.push((said ? said + " " : "") + String(value).trim());
    });
    return lines;
  }
  function record(form, submitter) {
    var mode = submitter ? submitter.value : "none";
    var typedEl = form.querySelector("input[name=dice]");
    var dice = faces(typedEl ? typedEl.value : "");
    if (dice === null || (mode === "typed" && form.hasAttribute("data-rolls") && !dice.length)) {
      window.alert(words["bad-dice"]);
      return Promise.resolve();
    }
    if (mode === "random") { dice = []; }
    var fields = fieldsOf(form);
    var summary = form.closest("details.off-action");
    var who = form.closest("details.off-model");
    var title = form.getAttribute("data-title") || ((who ? who.querySelector("summary").textContent : "")
      + " — " + (summary ? summary.querySelector("summary").textContent : ""));
    var filled = filledIn(form);
    var said = form.querySelector(".off-refused");
    if (said) { said.remove(); }
    return preview(form, fields, dice).then(function (seen) {
      if (seen && seen.refused !== undefined) {
        var p = text("p", seen.refused, "error off-refused");
        p.setAttribute("role", "alert");
        form.insertBefore(p, form.querySelector(".gac-go"));
        return false;
      }
      var entry = {
        key: uuid(), game: gameUrl, user: user, seq: Date.now() + Math.random(),
        action: form.getAttribute("data-offline-action"), fields: fields,
        dice: dice, rest: mode === "typed" ? "none" : "random",
        revision: Number(root.getAttribute("data-revision")),
        made_at: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
        lang: root.getAttribute("data-lang"), side: form.getAttribute("data-side"),
        title: title, filled: filled, status: "pending", rolls: form.hasAttribute("data-rolls"),
        preview: { outcome: null, lines: [] }
      };
      if (seen && !seen.error) {
        if (mode === "random") { entry.dice = seen.dice || []; } /* typed: every die typed */
        entry.preview = { outcome: seen.outcome || null, lines: seen.lines || [],
          said: seen.said || {} };
        if (mode === "random") { entry.rest = "random"; }
      } else if (form.hasAttribute("data-previewed")) {
        entry.note = words["engine-off"];
      }
      return put(entry).then(function () { return true; });
    }).then(function (kept) {
      if (!kept) { return null; }
      form.reset();
      var details = form.closest("details.off-action");
      if (details) { details.open = false; }
      status(navigator.onLine);
      return render();
    }).then(function () { send(); });
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-offline-action")) { return; }
    e.preventDefault();
    e.stopPropagation();
    record(form, e.submitter);
  }, true);

  /* ------------------------------------------------------------------ back online */
  function token() {
    /* A fresh page says the CSRF token the server expects now (the cached one may be old);
       the answer also refreshes the offline page kept in the phone's cache. */
    return fetch(offlineUrl, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (!r.ok) { throw new Error("HTTP " + r.status); }
      var copy = r.clone();
      if (window.caches) { caches.open(PAGES).then(function (c) { c.put(offlineUrl, copy); }); }
      return r.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var own = doc.getElementById("offline-game");
      return { csrf: own ? own.getAttribute("data-csrf") : "" };
    });
  }
  function wire(e) {
    return { key: e.key, action: e.action, fields: e.fields, dice: e.dice, rest: e.rest,
      revision: e.revision, made_at: e.made_at, lang: e.lang, preview: e.preview };
  }
  function settled(found) {
    /* The entries in conflict that were settled meanwhile (on either phone: "record mine" or
       "discard"): gone from the phone; the ones held behind them may go now. */
    var open = found.filter(function (e) { return e.status === "conflict"; });
    if (!open.length) { return Promise.resolve(found); }
    return fetch(syncUrl.replace(/\/sync$/, "/conflicts"), {
      credentials: "same-origin", headers: { "Accept": "application/json" }
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (body) {
      if (!body) { return found; }
      var list = Array.isArray(body) ? body : (body.conflicts || []);
      var still = {};
      list.forEach(function (c) { if (c.status === "open") { still[c.key] = true; } });
      var gone = open.filter(function (e) { return !still[e.key]; });
      return Promise.all(gone.map(function (e) { return drop(e.key); })).then(function () {
        return found.filter(function (e) { return gone.indexOf(e) < 0; });
      });
    });
  }
  function send() {
    /* one send at a time: the "online" event, the timer and a tap may ask together, and each
       gets the send under way */
    if (inflight) { return inflight; }
    if (!syncUrl) { return Promise.resolve(); }
    inflight = sendNow().then(function () { inflight = null; }, function () { inflight = null; });
    return inflight;
  }
  function sendNow() {
    return entries().then(function (found) {
      return settled(found).catch(function () { return found; }); /* out of reach: as it was */
    }).catch(function () { return []; }).then(function (found) {
      if (found.some(function (e) { return e.status === "conflict"; })) {
        return render(); /* held until the conflict is settled on the game's page */
      }
      var waiting = found.filter(function (e) {
        return e.status === "pending" || e.status === "held" || e.status === "sending";
      });
      if (!waiting.length) { return null; }
      return token().then(function (fresh) {
        return fetch(syncUrl, {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": fresh.csrf,
            "Accept": "application/json" },
          body: JSON.stringify({ actions: waiting.map(wire) })
        });
      }).then(function (r) {
        return r.json().then(function (body) { return { ok: r.ok, body: body }; });
      }).then(function (answer) {
        status(true);
        api.answer = answer.body;
        var results = (answer.body && answer.body.results) || [];
        var byKey = {};
        found.forEach(function (e) { byKey[e.key] = e; });
        var work = results.map(function (res) {
          var e = byKey[res.key];
          if (!e) { return null; }
          if (res.status === "confirmed") { return drop(e.key); }
          e.status = res.status === "conflict" ? "conflict"
            : (res.status === "held" ? "held" : "refused");
          e.error = res.error || (res.conflict && res.conflict.found) || "";
          if (res.conflict) { e.conflict = res.conflict.id; }
          return put(e);
        });
        if (!answer.ok && !results.length) {
          var message = answer.body && (answer.body.error || answer.body.detail);
          waiting.forEach(function (e) { e.status = "refused"; e.error = String(message || ""); });
          work = waiting.map(put);
        }
        return Promise.all(work).then(function () {
          if (results.some(function (res) { return res.status === "confirmed"; }) && board
              && window.htmx) { htmx.trigger(board, "news"); }
        });
      }).catch(function (err) {
        status(false);
        api.failed = String(err && err.message || err);
        /* the network just came back and is not all there yet: try again soon */
        if (navigator.onLine) { window.setTimeout(send, 3000); }
      })
        .then(function () { return render(); });
    });
  }

  /* ------------------------------------------------------------------ keeping the page */
  function keepOfflinePage() {
    if (!window.caches || !navigator.onLine) { return; }
    fetch(offlineUrl, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.ok) { return caches.open(PAGES).then(function (c) { return c.put(offlineUrl, r); }); }
      return null;
    }).catch(function () { /* out of reach: the copy kept before stays */ });
  }
  function warmEngine() {
    /* What the phone's engine needs (Pyodide, its worker, the engine's bundle: the manifest
       lists them) asked for once while online, so the service worker keeps them and a shot
       can be worked out with the network off. Each is kept by the worker once: later visits
       cost nothing but the manifest. */
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller || !navigator.onLine) {
      return;
    }
    fetch("/engine/manifest.json", { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (manifest) {
      if (!manifest || !manifest.available) { return null; }
      return (manifest.files || []).reduce(function (chain, url) {
        return chain.then(function () {
          return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.blob(); });
        });
      }, Promise.resolve());
    }).catch(function () { /* out of reach: asked again next time */ });
  }
  var keepTimer = null;
  function keepSoon() {
    if (keepTimer) { window.clearTimeout(keepTimer); }
    keepTimer = window.setTimeout(keepOfflinePage, 3000);
  }
  function offerOffline() {
    var banner = document.getElementById("offline");
    if (!banner || banner.querySelector("a.play-offline")) { return; }
    var a = text("a", words["play-offline"], "play-offline button");
    a.href = offlineUrl;
    a.setAttribute("hx-boost", "false");
    banner.appendChild(document.createTextNode(" "));
    banner.appendChild(a);
  }

  /* for a developer's console and the browser tests: the queue, a send now, why the last
     send failed (the network's words) */
  var api = { send: send, render: render, entries: entries, failed: "" };
  window.skirmishOffline = api;
  var sendButton = document.getElementById("queue-send");
  if (sendButton) { sendButton.addEventListener("click", function () { send(); }); }
  window.addEventListener("online", function () { status(true); send(); });
  window.addEventListener("offline", function () { status(false); });
  status(navigator.onLine);
  if (board) {
    offerOffline();
    keepOfflinePage();
    if (navigator.serviceWorker) {
      /* once the player stays on the game's page (not for a glance at it): the engine's
         14 MB are fetched once per phone, not by every phone at the moment a game opens */
      navigator.serviceWorker.ready.then(function () { window.setTimeout(warmEngine, WARM_MS); });
    }
    document.addEventListener("htmx:afterSwap", function (e) {
      if (e.detail && e.detail.elt && e.detail.elt.id === "board") { keepSoon(); }
    });
  }
  if (root && window.skirmishEngine) {
    /* the offline page: the engine starts now, while the page may still reach the server (on
       a club's plain http, where no page is kept, it is ready before the wifi drops) */
    window.skirmishEngine.ready().catch(function () { /* said at the first shot */ });
  }
  render().then(function (found) { if (found.length && navigator.onLine) { send(); } });
  window.setInterval(function () { if (navigator.onLine) { send(); } }, 15000);
})();
