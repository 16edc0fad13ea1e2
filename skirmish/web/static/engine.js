/* The engine in the phone, page side (issue #24, part 2): window.skirmishEngine, the page's
   handle on the Web Worker (static/engine-worker.js) that runs skirmish.engine in Pyodide.

     skirmishEngine.ready()             -> Promise: resolves when the engine can answer;
                                           rejects with an Error when it cannot ("unavailable":
                                           Pyodide is not installed on this server; or why it
                                           failed to start)
     skirmishEngine.call(name, request) -> Promise of the answer: {ok: true, …} or
                                           {ok: false, error: "…in request.lang"}

   The names are those of the entry's CALLS (skirmish/engine/browser.py), e.g. "roll":
     skirmishEngine.call("roll", {test: "shoot", inputs: {tiro: 4, cover: "leggera"},
                                  dice: [2, 4, 4], lang: "it"})

   Nothing starts until ready() or call() is first asked: a page that loads this file and never
   asks downloads nothing more. The worker is started once per page. */
(function () {
  if (window.skirmishEngine) { return; }
  var worker = null;
  var starting = null;
  var waiting = {};
  var next = 1;

  function startWorker(manifest) {
    return new Promise(function (resolve, reject) {
      worker = new Worker("/static/engine-worker.js", { type: "module" });
      worker.onmessage = function (event) {
        var message = event.data || {};
        if (message.kind === "ready") {
          resolve();
        } else if (message.kind === "failed") {
          reject(new Error(message.error));
        } else if (message.kind === "answer" && waiting[message.id]) {
          waiting[message.id](message.answer);
          delete waiting[message.id];
        }
      };
      worker.onerror = function (event) {
        reject(new Error(event.message || "the engine's worker failed"));
      };
      worker.postMessage({ kind: "start", manifest: manifest });
    });
  }

  function ready() {
    if (!starting) {
      starting = fetch("/engine/manifest.json", { credentials: "same-origin" })
        .then(function (answer) {
          if (!answer.ok) { throw new Error("unavailable"); }
          return answer.json();
        })
        .then(function (manifest) {
          if (!manifest.available) { throw new Error("unavailable"); }
          return startWorker(manifest);
        });
      starting.catch(function () {  // asked again, it starts again
        starting = null;
        if (worker) { worker.terminate(); worker = null; }
      });
    }
    return starting;
  }

  function call(name, request) {
    return ready().then(function () {
      return new Promise(function (resolve) {
        var id = next++;
        waiting[id] = resolve;
        worker.postMessage({ kind: "call", id: id, name: name, request: request || {} });
      });
    });
  }

  window.skirmishEngine = { ready: ready, call: call };
})();
