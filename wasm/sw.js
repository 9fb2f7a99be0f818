// Shiftago's service worker: the game starts and plays offline after one
// visit, and a new deploy replaces the old one whole.
//
// wasm/pack fills in this build's version, its cache name (which changes
// whenever any file of the bundle changes), the files to keep before
// anything else (FILES: what a game needs, the page ("./"), the
// content-hashed .wasm and wasm_exec.js, the search worker's script: the
// computer thinks offline too), the page's SHA-256, and the files only an
// install needs (EXTRAS: the manifest and the icons).
//
// - install: every file of FILES goes into this build's own cache, or the
//   install fails and the old version stays (nothing half-cached). The
//   page that registered the worker was just downloaded: its copy in the
//   HTTP cache is kept if its SHA-256 is this build's page's, so a first
//   visit downloads index.html once; any other copy is fetched again.
// - extras: the manifest and icons (two of 512 pixels, a third of the
//   bundle's files outside the .wasm) are no part of a game: a first
//   visit does not download them for the cache. They are kept when the
//   page says its first game has started ("extras"), and whenever the
//   browser fetches one (an install).
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
const EXTRAS = ["@@EXTRAS@@"];
const PAGE_SHA256 = "@@PAGE_SHA256@@";
const PREFIX = "shiftago-";

// The page, as stored: the scope's own URL ("./"), which the server
// answers with index.html.
const PAGE = new URL("./", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await loadedPage();
    await cache.addAll(FILES.filter((f) => !(page && f === "./")).map(request));
    if (page) await cache.put(PAGE, page);
  })());
});

// request asks for a file of this build: the hashed files never change,
// so the HTTP cache may give them (the page has just downloaded them);
// the rest is checked with the server.
function request(f) {
  return new Request(f, { cache: /\.[0-9a-f]{10}\.[a-z]+$/.test(f) ? "default" : "no-cache" });
}

// loadedPage is this build's page as a window in scope has just loaded
// it, from the HTTP cache only (never the network), or null: none there,
// or another build's (its SHA-256 is not PAGE_SHA256).
async function loadedPage() {
  try {
    const scope = new URL(self.registration.scope);
    const wins = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const w of wins) {
      const u = new URL(w.url);
      if (u.origin !== scope.origin || (u.pathname !== scope.pathname && u.pathname !== scope.pathname + "index.html")) continue;
      const resp = await fetch(w.url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
      if (!resp || !resp.ok) continue;
      const body = await resp.arrayBuffer();
      const sum = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", body)),
        (b) => b.toString(16).padStart(2, "0")).join("");
      if (sum !== PAGE_SHA256) continue;
      return new Response(body, { headers: { "Content-Type": resp.headers.get("Content-Type") || "text/html; charset=utf-8" } });
    }
  } catch (e) {
    // No copy to reuse: the page is fetched again.
  }
  return null;
}

// keepExtras puts into this build's cache the EXTRAS it lacks.
async function keepExtras() {
  const cache = await caches.open(CACHE);
  for (const f of EXTRAS) {
    const req = request(new URL(f, self.registration.scope).href);
    if (await cache.match(req, { ignoreVary: true })) continue;
    const resp = await fetch(req).catch(() => null);
    if (resp && resp.ok) await cache.put(req, resp);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
  if (event.data === "extras") event.waitUntil(keepExtras().catch(() => {})); // offline: later
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
  const extra = EXTRAS.some((f) => new URL(f, self.registration.scope).href === url.href);
  event.respondWith(fromCache(url.href, req, extra));
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
// network; keep stores what the network gives (one of EXTRAS).
async function fromCache(key, req, keep) {
  const cache = await caches.open(CACHE);
  // ignoreVary: the server's Vary: Accept-Encoding concerns the transfer,
  // not the stored (decoded) body.
  const hit = await cache.match(key, { ignoreVary: true });
  if (hit) return hit;
  const resp = await fetch(req);
  if (keep && resp.ok) await cache.put(key, resp.clone()).catch(() => {});
  return resp;
}

// For the console and for tests: which build this is.
self.shiftagoBuild = { version: VERSION, cache: CACHE };
