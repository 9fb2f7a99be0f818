// Shiftago's service worker: the game starts and plays offline after one
// visit, and a new deploy replaces the old one whole.
//
// wasm/pack fills in this build's version, its cache name (which changes
// whenever any file of the bundle changes) and the files to keep: the page
// ("./"), the content-hashed .wasm and wasm_exec.js, the search worker
// (searcher.HASH.js and .wasm: the computer thinks offline too), the
// manifest and the icons.
//
// - install: every file of this build goes into this build's own cache,
//   or the install fails and the old version stays (nothing half-cached).
// - fetch: a page load inside the scope gets this build's index.html, and
//   the files it names come from the same cache, so a page never mixes
//   old and new files. Anything not cached goes to the network.
// - update: the browser fetches sw.js on page loads (the server sends it
//   with no-cache). A new build installs beside the old one and waits; the
//   running page tells it to take over ("skipWaiting") once that page has
//   all it needs, so the next load is the new version, whole.
// - activate: the caches of other builds are deleted.
"use strict";

const VERSION = "@@VERSION@@";
const CACHE = "@@CACHE@@";
const FILES = ["@@FILES@@"];
const PREFIX = "shiftago-";

// The page, as stored: the scope's own URL ("./"), which the server
// answers with index.html.
const PAGE = new URL("./", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The hashed files never change, so the HTTP cache may give them (the
    // page has just downloaded them); the rest is checked with the server.
    await cache.addAll(FILES.map((f) => new Request(f, {
      cache: /\.[0-9a-f]{10}\.[a-z]+$/.test(f) ? "default" : "no-cache",
    })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  if (req.mode === "navigate") {
    // The game's page, with any link parameters (?players=3, ?position=…).
    if (url.pathname !== scope.pathname && url.pathname !== scope.pathname + "index.html") return;
    event.respondWith(fromCache(PAGE, req));
    return;
  }
  event.respondWith(fromCache(url.href, req));
});

// A click on a your-turn notice (shown by the page: index.html's
// shiftagoNotify) opens that game: in the app's open window if there is
// one (focused, and told to open it), else in a new one at the game's link.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const game = String((event.notification.data || {}).game || "");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(game)) return;
  event.waitUntil((async () => {
    const scope = new URL(self.registration.scope);
    const wins = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const app = wins.find((w) => new URL(w.url).pathname.startsWith(scope.pathname));
    if (app) {
      await app.focus();
      app.postMessage({ shiftago: "open", game });
      return;
    }
    await self.clients.openWindow(new URL("./?game=" + encodeURIComponent(game), scope).href);
  })());
});

// fromCache answers with this build's stored copy of key, or else from the
// network.
async function fromCache(key, req) {
  const cache = await caches.open(CACHE);
  // ignoreVary: the server's Vary: Accept-Encoding concerns the transfer,
  // not the stored (decoded) body.
  const hit = await cache.match(key, { ignoreVary: true });
  return hit || fetch(req);
}

// For the console and for tests: which build this is.
self.shiftagoBuild = { version: VERSION, cache: CACHE };
