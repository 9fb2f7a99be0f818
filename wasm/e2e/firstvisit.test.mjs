// What a first visit downloads (issue 49), in one run of Debian's Chromium
// with a fresh profile, against the yardstick page (wasm/yardstick: a bare
// Ebitengine page that fills the screen) served the same way (wasm/serve,
// brotli 11 as a release is): every response's bytes on the wire, headers
// included, the service worker's own fetches included and the answers it
// gives from its cache not counted twice.
//
//   BROTLI_QUALITY=11 bash wasm/build.sh && (cd wasm/e2e && npm ci && node --test firstvisit.test.mjs)
//
// - yardstick: navigation until its first frame, then 3 s more;
// - first load: navigation until the title screen, the service worker
//   active with what a game needs, then 3 s more: what a visitor pays
//   before playing;
// - after the first game starts: what the service worker then keeps (the
//   manifest and the icons, for an install).
// The goal (issue 49) is first load <= yardstick + 0.9 MB; it is reported,
// not asserted: a bundle built at a lower brotli quality is bigger.
// Printed, and written to artifacts/firstvisit.json. Environment: BUNDLE
// (default dist/web), CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { executablePath, launchArgs, NAV_TIMEOUT, serve as serveWith, stop, watchFirstPlayable, watchFirstScreenDraw, yardstickPage } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const bundle = resolve(repo, process.env.BUNDLE || 'dist/web');
const artifacts = join(here, 'artifacts');
const MB = (n) => +(n / 1e6).toFixed(3);
const load = () => loadavg().map((l) => +l.toFixed(1));

let work, serveBin, game, yard, browser;

// yardstickSite builds wasm/yardstick into dir with a page that runs it,
// and brotli copies as wasm/pack makes a release's (quality 11). The
// compressing takes minutes on a busy machine: a site built from the same
// source with the same Go is kept in artifacts/ and used again.
function yardstickSite(dir) {
  const goVersion = execFileSync('go', ['version'], { cwd: repo }).toString().trim();
  const stamp = goVersion + ' ' + createHash('sha256').update(readFileSync(join(repo, 'wasm/yardstick/main.go'))).digest('hex');
  const kept = join(artifacts, 'yardstick-site');
  if (existsSync(join(kept, 'stamp')) && readFileSync(join(kept, 'stamp'), 'utf8') === stamp) {
    cpSync(kept, dir, { recursive: true });
    return;
  }
  yardstickPage(repo, dir);
  for (const f of ['yardstick.wasm', 'wasm_exec.js', 'index.html']) {
    execFileSync('go', ['run', './wasm/pack', '-compress', join(dir, f), '-brotli-quality', '11'], { cwd: repo, stdio: 'inherit' });
  }
  rmSync(kept, { recursive: true, force: true });
  cpSync(dir, kept, { recursive: true });
  writeFileSync(join(kept, 'stamp'), stamp);
}

before(async () => {
  assert.ok(existsSync(join(bundle, 'index.html')), `no bundle in ${bundle}: build it first with bash wasm/build.sh`);
  mkdirSync(artifacts, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'shiftago-firstvisit-'));
  serveBin = join(work, 'serve');
  execFileSync('go', ['build', '-o', serveBin, './wasm/serve'], { cwd: repo, stdio: 'inherit' });
  yardstickSite(join(work, 'yardstick'));
  game = await serveWith(serveBin, bundle);
  yard = await serveWith(serveBin, join(work, 'yardstick'));
  browser = await chromium.launch({ executablePath, args: launchArgs, headless: true });
});

after(async () => {
  await browser?.close();
  await stop(game?.proc);
  await stop(yard?.proc);
  if (work) rmSync(work, { recursive: true, force: true });
});

// counter records every response of ctx (the service worker's fetches
// included) with its bytes on the wire; take() returns those since the
// last take, as rows {file, by, bytes}.
function counter(ctx) {
  let rows = [];
  const pending = [];
  ctx.on('response', (resp) => {
    // Answered from the service worker's cache: no network.
    if (resp.fromServiceWorker()) return;
    const req = resp.request();
    pending.push(req.sizes().then((s) => {
      const path = new URL(resp.url()).pathname.replace(/^\//, '') || 'index.html';
      rows.push({ file: path, by: req.serviceWorker() ? 'service worker' : 'page', bytes: s.responseBodySize + s.responseHeadersSize });
    }).catch(() => {}));
  });
  return {
    async take() {
      await Promise.all(pending.splice(0));
      const out = rows;
      rows = [];
      return out;
    },
  };
}

const sum = (rows) => rows.reduce((s, r) => s + r.bytes, 0);
const print = (title, rows) => {
  console.log(`${title}: ${MB(sum(rows))} MB`);
  for (const r of [...rows].sort((a, b) => b.bytes - a.bytes)) {
    console.log('  ' + r.file.padEnd(40) + r.by.padEnd(16) + String(r.bytes).padStart(10));
  }
};
const settle = (ms) => new Promise((ok) => setTimeout(ok, ms));

test('bytes of a first visit against the yardstick page', { timeout: 900_000 }, async () => {
  const viewport = { width: 390, height: 844 };
  const result = { loadBefore: load() };

  // The yardstick page.
  const yctx = await browser.newContext({ viewport, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const ycount = counter(yctx);
  const ypage = await yctx.newPage();
  await ypage.addInitScript(watchFirstScreenDraw);
  await ypage.goto(yard.base, { timeout: NAV_TIMEOUT });
  await ypage.waitForFunction(() => window.__firstPlayable, null, { timeout: 300_000, polling: 50 });
  await settle(3000);
  const yrows = await ycount.take();
  await yctx.close();

  // The game: a fresh profile, the title screen, the service worker.
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const count = counter(ctx);
  const page = await ctx.newPage();
  await page.addInitScript(watchFirstPlayable);
  await page.goto(game.base + '?lang=en', { timeout: NAV_TIMEOUT });
  await page.waitForFunction(() => window.__firstPlayable, null, { timeout: 300_000, polling: 50 });
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return !!(reg && reg.active) && (await caches.keys()).some((n) => n.startsWith('shiftago-'));
  }, null, { timeout: 300_000, polling: 200 });
  await settle(3000);
  const first = await count.take();

  // The first game: Play on the title, by touch (a press and a release
  // on separate ticks, as the browser tests do).
  const cdp = await ctx.newCDPSession(page);
  const play = await page.evaluate(() => shiftago.buttons().find((b) => b.action === 'play' || /^play/i.test(b.label)));
  assert.ok(play, 'no Play button on the title');
  const tp = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((p) => ({ x: p.x, y: p.y, id: 0, radiusX: 4, radiusY: 4, force: 1 })) });
  await tp('touchStart', [play]);
  const t0 = await page.evaluate(() => shiftago.ticks());
  await page.waitForFunction((t) => shiftago.ticks() > t + 1, t0, { timeout: 60_000, polling: 50 });
  await tp('touchEnd', []);
  await page.waitForFunction(() => ['playing', 'thinking', 'animating', 'over'].includes(shiftago.phase()), null, { timeout: 120_000, polling: 100 });
  // The service worker keeps the extras (sw.js): every icon in its cache.
  await page.waitForFunction(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('shiftago-'));
    const keys = (await (await caches.open(name)).keys()).map((r) => r.url);
    return keys.some((u) => /manifest\.webmanifest$/.test(u)) && keys.filter((u) => /icon.*\.png$/.test(u)).length >= 5;
  }, null, { timeout: 120_000, polling: 500 });
  await settle(3000);
  const later = await count.take();
  await ctx.close();

  print('the yardstick page (wasm/yardstick), until its first frame', yrows);
  print('a first visit, until the title and the service worker ready', first);
  print('after the first game starts (the service worker keeps the extras)', later);
  // Downloads: a copy the service worker took from the HTTP cache is 0 bytes.
  const pageFetches = (f) => first.filter((r) => r.file === f && r.bytes > 0).length;
  Object.assign(result, {
    yardstickMB: MB(sum(yrows)), firstLoadMB: MB(sum(first)), afterFirstGameMB: MB(sum(later)),
    overYardstickMB: MB(sum(first) - sum(yrows)), goalMB: MB(sum(yrows) + 0.9e6),
    indexFetches: pageFetches('index.html'),
    files: { yardstick: yrows, firstLoad: first, afterFirstGame: later },
    loadAfter: load(),
  });
  console.log(`first load ${result.firstLoadMB} MB = the yardstick's ${result.yardstickMB} MB + ${result.overYardstickMB} MB ` +
    `(goal: at most + 0.9); index.html downloaded ${result.indexFetches} time(s); later ${result.afterFirstGameMB} MB; load ${result.loadBefore} → ${result.loadAfter}`);
  writeFileSync(join(artifacts, 'firstvisit.json'), JSON.stringify(result, null, 2) + '\n');
  assert.ok(first.some((r) => /^shiftago\.[0-9a-f]{10}\.wasm$/.test(r.file)), 'the game .wasm was not fetched');
  assert.ok(yrows.some((r) => r.file === 'yardstick.wasm'), 'the yardstick .wasm was not fetched');
});
