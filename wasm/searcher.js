// Shiftago's search worker: the computer's search off the page's frame
// loop (wasm/searcher, scenes/play's thought). wasm/pack fills in the
// content-hashed names. Messages that come while the search loads wait in
// shiftagoQueue; the Go program takes them over. Whatever keeps it from
// running is said as "error 0 …", and the game then thinks in the frame.
"use strict";
self.shiftagoQueue = [];
self.onmessage = function (e) { self.shiftagoQueue.push(e.data); };

function fail(err) {
  self.postMessage("error 0 " + String(err && err.message || err).replace(/\s+/g, " "));
}

(async function () {
  importScripts("@@WASM_EXEC_URL@@");
  var go = new Go();
  var resp = await fetch("@@SEARCHER_WASM_URL@@");
  if (!resp.ok) throw new Error("the search could not load (" + resp.status + ")");
  var result;
  if (typeof WebAssembly.instantiateStreaming === "function" &&
      /^application\/wasm\b/i.test(resp.headers.get("Content-Type") || "")) {
    result = await WebAssembly.instantiateStreaming(resp, go.importObject);
  } else {
    result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  await go.run(result.instance);
  throw new Error("the search stopped");
})().catch(fail);
