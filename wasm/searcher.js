// Shiftago's search worker: the computer's search off the page's frame
// loop (package wasm/searcher/worker, scenes/play's thought). It runs the
// game's own .wasm, which serves searches when it finds
// self.shiftagoSearchWorker set (main.go), so a first visit downloads one
// program, not two. The page hands over the module it has compiled as the
// worker's first message (index.html), so nothing is fetched or compiled
// twice either; a worker started without one fetches the .wasm itself
// (wasm/pack fills in its content-hashed name).
//
// Messages that come while the search loads wait in shiftagoQueue; the Go
// program takes them over. Whatever keeps it from running is said as
// "error 0 …", and the game then thinks in the frame.
"use strict";
self.shiftagoQueue = [];
// The first message says where the program comes from: the page's
// compiled module, or (from a page that has none to give) already a line,
// and then the worker fetches the .wasm itself.
var firstMessage = new Promise(function (ok) {
  self.onmessage = function (e) {
    self.onmessage = function (e) { self.shiftagoQueue.push(e.data); };
    if (e.data instanceof WebAssembly.Module) ok(e.data);
    else {
      self.shiftagoQueue.push(e.data);
      ok(null);
    }
  };
});

function fail(err) {
  self.postMessage("error 0 " + String(err && err.message || err).replace(/\s+/g, " "));
}

// The game's packages read the page's objects as they start up, before
// main can tell it runs here: Ebitengine's document (it waits for the
// body, makes a canvas, listens for events), Document.prototype.hidden,
// matchMedia. A worker has none of them, so they are stand-ins here: a
// stub that takes any property, call or assignment and does nothing. They
// are never used after that: the program serves searches and never opens
// its window here (main.go, package wasm/searcher/worker).
function stub() {
  var target = function () {};
  return new Proxy(target, {
    get: function (t, k) {
      if (k === Symbol.toPrimitive) return function () { return ""; };
      if (!(k in t)) t[k] = stub();
      return t[k];
    },
    apply: function () { return stub(); },
    construct: function () { return stub(); },
  });
}
function standIns() {
  self.shiftagoSearchWorker = true;
  if (!self.window) self.window = self;
  if (!self.matchMedia) self.matchMedia = function () { return { matches: false, addEventListener: function () {} }; };
  if (!self.Document) {
    self.Document = function () {};
    Object.defineProperty(self.Document.prototype, "hidden", { get: function () { return true; } });
  }
  if (!self.document) self.document = stub();
}

(async function () {
  importScripts("@@WASM_EXEC_URL@@");
  standIns();
  var go = new Go();
  var module = await firstMessage;
  var instance;
  if (module) {
    instance = await WebAssembly.instantiate(module, go.importObject);
  } else {
    var resp = await fetch("@@SEARCHER_WASM_URL@@");
    if (!resp.ok) throw new Error("the search could not load (" + resp.status + ")");
    if (typeof WebAssembly.instantiateStreaming === "function" &&
        /^application\/wasm\b/i.test(resp.headers.get("Content-Type") || "")) {
      instance = (await WebAssembly.instantiateStreaming(resp, go.importObject)).instance;
    } else {
      instance = (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
    }
  }
  await go.run(instance);
  throw new Error("the search stopped");
})().catch(fail);
