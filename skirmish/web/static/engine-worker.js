/* The engine in the phone (issue #24, part 2): a module Web Worker that runs the project's own
   skirmish.engine and skirmish.rules in Pyodide, so a shot, a fight, a save or a panic test is
   resolved on the phone by the same Python as on the server. Started by static/engine.js.

   Its first message, {kind: "start", manifest}, names Pyodide's folder and the engine bundle
   (/engine/manifest.json, web/engine_bundle.py): the worker loads Pyodide from the app itself
   (never a CDN), unpacks the bundle's zip, imports the entry module skirmish.engine.browser and
   answers {kind: "ready"} (or {kind: "failed", error}). Then each {kind: "call", id, name,
   request} is answered {kind: "answer", id, answer}: the entry's call_json(name, request), a
   JSON object ({ok: true, …} or {ok: false, error}). The calls are the entry's CALLS.

   Its Content-Security-Policy is its own answer's (web/headers.py): the pages' policy plus
   'wasm-unsafe-eval', which WebAssembly needs. */

let entry = null;

async function start(manifest) {
  const { loadPyodide } = await import(manifest.pyodide + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: manifest.pyodide });
  const answer = await fetch(manifest.bundle);
  if (!answer.ok) {
    throw new Error("the engine bundle answered " + answer.status);
  }
  pyodide.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: "/skirmish-engine" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/skirmish-engine')");
  entry = pyodide.pyimport("skirmish.engine.browser");
}

self.onmessage = async function (event) {
  const message = event.data || {};
  if (message.kind === "start") {
    try {
      await start(message.manifest);
      self.postMessage({ kind: "ready" });
    } catch (error) {
      self.postMessage({ kind: "failed", error: String(error && error.message || error) });
    }
    return;
  }
  if (message.kind === "call") {
    let answer;
    try {
      answer = JSON.parse(entry.call_json(message.name, JSON.stringify(message.request || {})));
    } catch (error) {
      answer = { ok: false, error: String(error && error.message || error) };
    }
    self.postMessage({ kind: "answer", id: message.id, answer: answer });
  }
};
