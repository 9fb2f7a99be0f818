// The real-browser test: the WebAssembly bundle (built by wasm/build.sh) in
// Debian's Chromium, driven by playwright-core, played by touch through the
// Chrome DevTools Protocol (separate, awaited touchStart / touchMove /
// touchEnd events, as a finger does), and checked through the page's
// read-only API window.shiftago.
//
//   bash wasm/build.sh && (cd wasm/e2e && npm ci && npm test)
//
// Besides play, it checks the installable app: the manifest as Chromium
// reads it, installability, the service worker, a start and a move with
// the network off, a new deploy taking over whole, and the transfer with
// brotli and with gzip; it prints the first playable frame on a first and
// on a repeat visit.
//
// Environment: BUNDLE (default dist/web), CHROMIUM (default /usr/bin/chromium).
// Screenshots and results.json go to wasm/e2e/artifacts/ (ignored by git).
//
// Software WebGL (browser.mjs) gives a few frames a second: every wait is on
// the game's state, never a fixed sleep. Play runs at device pixel ratio 1
// for speed; the screenshots are taken at ratio 2.
import { test as nodeTest, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { perTestCPU } from './cputree.mjs';
import { glRenderer, executablePath, launchArgs, LINK, NAV_TIMEOUT, serve as serveWith, stop, watchFirstPlayable } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const bundle = resolve(repo, process.env.BUNDLE || 'dist/web');
const artifacts = join(here, 'artifacts');
const portrait = { width: 768, height: 1024 };
const landscape = { width: 1024, height: 768 };
const MIN_TARGET = 44; // CSS pixels

let server, browser, base, serveBin;
const consoleLines = []; // every page's console, for the panic check
const results = {};

// serve starts wasm/serve on dir at addr and resolves to {proc, base}.
const serve = (dir, addr) => serveWith(serveBin, dir, addr);

before(async () => {
  assert.ok(existsSync(join(bundle, 'index.html')) && readdirSync(bundle).some((f) => /^shiftago\.[0-9a-f]{10}\.wasm$/.test(f)),
    `no bundle in ${bundle}: build it first with bash wasm/build.sh`);
  mkdirSync(artifacts, { recursive: true });
  serveBin = join(tmpdir(), `shiftago-serve-${process.pid}`);
  execFileSync('go', ['build', '-o', serveBin, './wasm/serve'], { cwd: repo, stdio: 'inherit' });
  ({ proc: server, base } = await serve(bundle));
  browser = await chromium.launch({ executablePath, args: launchArgs, headless: true });
  console.log(`WebGL: ${await glRenderer(browser)}`);
});

after(async () => {
  await browser?.close();
  if (server) await stop(server);
  if (serveBin) rmSync(serveBin, { force: true });
  const file = partN === 1 ? 'results.json' : `results-part${partK}of${partN}.json`;
  writeFileSync(join(artifacts, file), JSON.stringify(results, null, 2) + '\n');
  console.log('results:', JSON.stringify(results, null, 2));
});

perTestCPU({ beforeEach, afterEach, after });

// E2E_PART=k/n runs the k-th of n parts of this file's tests (the tests
// dealt out in turn, in the order they are declared), so CI can run the
// parts side by side, each with its own browser: one browser leaves part
// of a 2-core machine idle (it waits on its renderer, the renderer on
// software WebGL), and this file was CI's longest chain. The parts
// together are the whole file; unset, it runs whole. The panic check
// runs in every part, on that part's pages.
const [partK, partN] = (process.env.E2E_PART || '1/1').split('/').map(Number);
assert.ok(partN >= 1 && partK >= 1 && partK <= partN, `E2E_PART=${process.env.E2E_PART}: want k/n with 1 <= k <= n`);
let declared = 0;
function test(name, opts, fn) {
  if (declared++ % partN !== partK - 1) return;
  const { takes, ...rest } = opts;
  nodeTest(name, rest, async (t) => {
    if (!takes || leftOpen?.key !== takes) await dropKept();
    return fn(t);
  });
}

// ---- pages -----------------------------------------------------------

async function newContext(viewport, deviceScaleFactor) {
  return browser.newContext({ viewport, deviceScaleFactor, hasTouch: true, isMobile: true });
}

// A page one test leaves open for the next, which starts where it ended
// (the setup on a phone, a game after its first move): a page load is
// 10-20 CPU-s of WebAssembly compiling, the game's start and software
// WebGL, the biggest cost of this file. Only adjacent tests share one (a
// page left open costs about a third of a core, idle): a test declared
// with { takes: key } may claim the page the test before it left under
// key (takePage); before any other test starts, a page left is closed. A
// test that finds none, or one not in the state it starts from (the test
// before failed, or E2E_PART dealt the two apart), opens its own.
let leftOpen = null;
function keepPage(key, ctx, page) {
  leftOpen = { key, ctx, page };
}
async function dropKept() {
  const k = leftOpen;
  leftOpen = null;
  if (k) await k.ctx.close().catch(() => {});
}
// takePage resolves to the kept {ctx, page} of key if ready(page) says
// it is where the test starts, else null (and closes it).
async function takePage(key, ready) {
  const k = leftOpen;
  if (k && k.key === key && !k.page.isClosed()) {
    leftOpen = null;
    try {
      if (await ready(k.page)) {
        console.log(`page: goes on with the ${key} page the test before left`);
        return k;
      }
    } catch {
      // broken: a fresh one below
    }
    await k.ctx.close().catch(() => {});
  } else await dropKept();
  console.log(`page: no ${key} page left to go on with; a fresh one`);
  return null;
}
after(dropKept);

// open loads the page with the URL query q and waits until the game runs.
// page.navResponse is the page's response, page.firstPlayableMs the time
// from navigation to the game's first frame. With link, the page's
// network is throttled to it.
async function open(ctx, q = '', at = base, link = null, init = null) {
  const page = await ctx.newPage();
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push('pageerror: ' + e.message));
  await page.addInitScript(watchFirstPlayable);
  if (init) await page.addInitScript(init);
  if (link) {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', link);
  }
  const t0 = Date.now();
  page.navResponse = await page.goto(at + q, { timeout: NAV_TIMEOUT });
  await page.waitForFunction(() => window.shiftago && window.shiftago.phase() !== 'loading',
    null, { timeout: 180_000, polling: 100 });
  page.loadSeconds = (Date.now() - t0) / 1000;
  page.firstPlayableMs = Math.round(await page.waitForFunction(() => window.__firstPlayable,
    null, { timeout: 30_000, polling: 50 }).then((h) => h.jsonValue()));
  page.cdp = await ctx.newCDPSession(page);
  return page;
}

// swActive waits until the page's service worker is activated and returns
// its build's cache names.
async function swActive(page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const w = reg.active;
    if (w.state !== 'activated') {
      await new Promise((ok) => w.addEventListener('statechange', () => w.state === 'activated' && ok()));
    }
    return (await caches.keys()).filter((k) => k.startsWith('shiftago-'));
  });
}

// wasmTransfer is what the page's .wasm download cost, by resource timing.
const wasmTransfer = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .filter((r) => /\.wasm$/.test(r.name))
  .map((r) => ({ url: r.name, transferred: r.transferSize, encoded: r.encodedBodySize, decoded: r.decodedBodySize }))[0]);

const MB = (n) => (n / 1048576).toFixed(2) + ' MB';

// noteWasmEncoding is a response listener that notes each .wasm's
// content-encoding in list. A response whose context closed before its
// headers were read (the search worker's, as a test ends) is skipped: the
// rejection would otherwise outlive the test and fail the run.
const noteWasmEncoding = (list) => async (r) => {
  if (!/\.wasm$/.test(r.url())) return;
  try {
    list.push(await r.headerValue('content-encoding'));
  } catch {
    // the context closed first
  }
};

const api = (page, fn, ...args) => page.evaluate(([fn, args]) => window.shiftago[fn](...args), [fn, args]);
const state = (page) => page.evaluate(() => ({
  phase: shiftago.phase(), position: shiftago.position(), record: shiftago.record(), ticks: shiftago.ticks(),
}));

async function waitPhase(page, phases, timeout = 120_000) {
  await page.waitForFunction((ps) => ps.includes(shiftago.phase()), phases, { timeout, polling: 100 });
}

// waitTicks waits until the game has run n more ticks.
async function waitTicks(page, n = 1) {
  const t = await api(page, 'ticks');
  await page.waitForFunction((t) => shiftago.ticks() >= t, t + n, { timeout: 60_000, polling: 50 });
}

// waitStill waits until the screen has drawn nothing new for 10 ticks in
// a row (what moved has come to rest: idle frames are not drawn), rather
// than a fixed number of ticks that is too long when nothing moves and
// may be too short on a loaded machine.
async function waitStill(page, timeout = 120_000) {
  await page.waitForFunction(() => {
    const s = (window.__still ??= { f: -1, t: 0 });
    const f = shiftago.frames(), t = shiftago.ticks();
    if (f !== s.f) { s.f = f; s.t = t; return false; }
    return t - s.t >= 10;
  }, null, { timeout, polling: 50 });
  await page.evaluate(() => { delete window.__still; });
}

// ---- touch through CDP -------------------------------------------------

async function touch(page, type, points) {
  await page.cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: Number.isInteger(p.id) ? p.id : 0, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

// drag puts a finger down at from, moves it to `to` in steps and lifts it,
// letting the game see the press and the last move before the release.
async function drag(page, from, to, steps = 5) {
  await touch(page, 'touchStart', [from]);
  await waitTicks(page);
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await touch(page, 'touchMove', [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }]);
  }
  await waitTicks(page);
  await touch(page, 'touchEnd', []);
}

// tap is a finger down and up at p with nothing in between: both events
// reach the page before the game's next tick.
async function tap(page, p) {
  await touch(page, 'touchStart', [p]);
  await touch(page, 'touchEnd', []);
}

// ---- pinch-zoom ----------------------------------------------------------

// view is the page's visual viewport: its zoom, and its corner and size on
// the page in CSS pixels.
const view = (page) => page.evaluate(() => ({
  scale: visualViewport.scale, x: visualViewport.offsetLeft, y: visualViewport.offsetTop,
  w: visualViewport.width, h: visualViewport.height,
}));

// viewAt is where CDP touches the page point p (CSS pixels, as the page API
// gives them) under the view v. Input.dispatchTouchEvent takes points in
// CSS pixels from the visual viewport's corner, unscaled (a touch at x
// has clientX = offsetLeft + x, in Chromium 156); at zoom 1 it is p.
const viewAt = (v, p) => ({ ...p, x: p.x - v.x, y: p.y - v.y });

// pinch is two fingers on the screen around the page point c: down `from`
// screen pixels apart (on a diagonal), moved apart or together to `to` in
// steps, a few frames apart, and lifted. Chromium zooms by the fingers'
// distance on the screen, and CDP's points are divided by the zoom, so
// each step places them for the zoom reached. With held (a CDP point), a
// finger already down there (id 0) is the first of the two.
async function pinch(page, c, from, to, { steps = 12, held = null } = {}) {
  let v = await view(page);
  const screen = (p) => ({ x: p.x * v.scale, y: p.y * v.scale });
  const f0 = held ? screen(held) : { x: (c.x - v.x) * v.scale - from / 2 / Math.SQRT2, y: (c.y - v.y) * v.scale - from / 2 / Math.SQRT2 };
  const f1 = { x: f0.x + from / Math.SQRT2, y: f0.y + from / Math.SQRT2 };
  const mid = { x: (f0.x + f1.x) / 2, y: (f0.y + f1.y) / 2 };
  const at = (f, k) => ({ x: (mid.x + (f.x - mid.x) * k) / v.scale, y: (mid.y + (f.y - mid.y) * k) / v.scale });
  const points = (k) => [{ ...at(f0, k), id: 0 }, { ...at(f1, k), id: 1 }];
  if (!held) {
    await touch(page, 'touchStart', [points(1)[0]]);
    await waitTicks(page);
  }
  await touch(page, 'touchStart', points(1));
  for (let i = 1; i <= steps; i++) {
    await touch(page, 'touchMove', points(1 + (to / from - 1) * i / steps));
    await page.waitForTimeout(40);
    v = await view(page);
  }
  await touch(page, 'touchEnd', []);
  await waitTicks(page, 2);
  return view(page);
}

// zoomOut pinches the page back to zoom 1 (a pinch or two) and returns
// the view.
async function zoomOut(page) {
  let v = await view(page);
  for (let i = 0; i < 4 && v.scale > 1.001; i++) {
    v = await pinch(page, { x: v.x + v.w / 2, y: v.y + v.h / 2 }, 300, 60);
  }
  return v;
}

// recordBuzzes has the context's pages note every vibration the game asks
// for in window.__buzzes (ms: 8 a marble picked up, 18 one that touches
// the board, 40 a refusal): what a drag did, seen from the page.
async function recordBuzzes(ctx) {
  await ctx.addInitScript(() => {
    window.__buzzes = [];
    navigator.vibrate = (ms) => { window.__buzzes.push(ms); return true; };
  });
}
const buzzes = (page) => page.evaluate(() => window.__buzzes.slice());

// ---- the board, as the test sees it (RULES.md §10 strings) -------------

const FILES = 'abcdefg';

function parsePosition(s) {
  const [board, variant, seats, toMove, supplies] = s.split(' ');
  const cells = {};
  board.split('/').forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else cells[FILES[f++] + (7 - i)] = ch;
    }
  });
  return { cells, variant, seats, toMove, supplies: supplies.split(',').map(Number) };
}

// entryCells lists an entry point's track from the edge inwards.
function entryCells(e) {
  const side = e[0], k = e.slice(1);
  switch (side) {
    case 'W': return [...FILES].map((f) => f + k);
    case 'E': return [...FILES].reverse().map((f) => f + k);
    case 'N': return [7, 6, 5, 4, 3, 2, 1].map((r) => k + r);
    case 'S': return [1, 2, 3, 4, 5, 6, 7].map((r) => k + r);
  }
  throw new Error('bad entry ' + e);
}

// Oracle follows an Express game independently of the engine: each move
// pushes the track's marbles one step towards its first gap (RULES.md §2).
class Oracle {
  constructor(pos) {
    const p = parsePosition(pos);
    Object.assign(this, p);
    this.played = 0;
  }
  apply(move) {
    const track = entryCells(move.slice(0, 2));
    const gap = track.findIndex((c) => !this.cells[c]);
    assert.ok(gap >= 0, `${move}: the oracle finds the track full`);
    for (let i = gap; i > 0; i--) this.cells[track[i]] = this.cells[track[i - 1]];
    this.cells[track[0]] = this.toMove;
    const seat = this.seats.indexOf(this.toMove);
    this.supplies[seat]--;
    this.toMove = this.seats[(seat + 1) % this.seats.length];
    this.played++;
  }
  // check catches up with the game's record and compares the boards.
  check(st) {
    assert.equal(st.record.length >= this.played, true, 'the record shrank');
    for (const mv of st.record.slice(this.played)) this.apply(mv);
    const p = parsePosition(st.position);
    assert.deepEqual(p.cells, this.cells, `board after ${st.record.join(' ')}:\n${st.position}`);
    assert.deepEqual(p.supplies, this.supplies, `supplies after ${st.record.join(' ')}`);
  }
}

// dragIn drags a marble from entry point e onto its entry cell, the whole
// way a finger does: the game commits the move when the marble touches.
async function dragIn(page, e) {
  const from = await api(page, 'entryPoint', e);
  const to = await api(page, 'cell', entryCells(e)[0]);
  assert.ok(from && to, `no geometry for ${e}`);
  await drag(page, from, to);
}

// playByTouch plays e by a drag and waits until the game took it.
async function playByTouch(page, e) {
  const n = (await api(page, 'record')).length;
  await dragIn(page, e);
  await page.waitForFunction((n) => shiftago.record().length > n, n, { timeout: 30_000, polling: 100 });
  const rec = await api(page, 'record');
  assert.equal(rec[n], e, `the drag at ${e} played ${rec[n]}`);
}

// Deterministic choices for the human's moves.
let seed = 12345;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

// ---- the tests -----------------------------------------------------------

test('a bad link is reported on screen and the setup opens', { timeout: 240_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await open(ctx, '?players=9');
  await waitPhase(page, ['setup']);
  const notice = await api(page, 'notice');
  assert.match(notice, /players/, `notice: ${notice}`);
  assert.doesNotMatch(notice, /flag|--/, `developer text in the notice: ${notice}`);
  // The loading screen has made way for the game.
  assert.equal(await page.locator('#loading').isVisible(), false, 'the loading screen is still showing');
  const wasm = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((r) => r.name.endsWith('.wasm'))
    .map((r) => ({ transferred: r.transferSize, encoded: r.encodedBodySize, decoded: r.decodedBodySize }))[0]);
  results.bundle = { ...wasm, loadSeconds: page.loadSeconds, firstPlayableMs: page.firstPlayableMs };
  console.log(`bundle: ${(wasm.transferred / 1048576).toFixed(2)} MB transferred, ${(wasm.decoded / 1048576).toFixed(2)} MB unpacked; ` +
    `first playable frame ${page.firstPlayableMs} ms from the local server`);
  // 3.56 MiB at CI's brotli quality 5 on commit cc9f79b (3.72 before the
  // cuts of issue 29); 3.71 MiB (3,885,699 bytes) on 50e73f8, with the
  // lobby, devices, ratings pages and quick messages of issue 47. The
  // bound guards against growth; issue 49's first-visit goal is smaller
  // and still open (wasm/README.md).
  assert.ok(wasm.transferred <= 3.75 * 1048576, `the bundle transfers ${wasm.transferred} bytes, over 3.75 MiB`);
  // The notice stays until a tap closes it (it used to vanish after 5 s),
  // and that tap does nothing else.
  const t0 = await api(page, 'ticks');
  await page.waitForFunction((t) => shiftago.ticks() >= t + 360, t0, { timeout: 180_000, polling: 200 });
  assert.match(await api(page, 'notice'), /players/, 'the link\'s notice went by itself');
  const rules = (await api(page, 'buttons')).find((b) => b.id === 'rules');
  assert.ok(rules, 'no Rules button on the setup');
  await tap(page, rules);
  await page.waitForFunction(() => shiftago.notice() === '', null, { timeout: 30_000, polling: 100 });
  await waitTicks(page, 3);
  assert.equal(await api(page, 'phase'), 'setup', 'the tap that closed the notice went on to a button');
  // phase() names the screen shown: the rules, opened from the setup.
  await tap(page, rules);
  await waitPhase(page, ['rules']);
  // Back to the setup, where the dropped records' test goes on (a page
  // load saved; it checks the page is there, else opens its own).
  const back = await button(page, 'back');
  if (back) await hold(page, back, 6);
  keepPage('tablet-setup', ctx, page);
});

// recordHead is a record file's head, for the records the tests open: a
// game of Orange (a person) against the Club.
const recordHead = 'Shiftago record 1\nVariant: express\nSeats: orange human, green computer 3\n' +
  'Handicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n';

// A file dropped the way a browser drops one (CDP drag events with files,
// so the page sees real file entries, as from the desktop).
async function dropFile(page, path) {
  const { width, height } = page.viewportSize();
  const data = { items: [], files: [path], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop']) {
    await page.cdp.send('Input.dispatchDragEvent', { type, x: width / 2, y: height / 2, data });
  }
}

test('a record dropped on the records screen opens in the replay; a bad one is refused with its line', { timeout: 240_000, takes: 'tablet-setup' }, async () => {
  // The bad link's page, back at the setup, or a fresh one.
  const left = await takePage('tablet-setup', async (p) => await api(p, 'phase') === 'setup' && !(await api(p, 'notice')));
  const ctx = left?.ctx ?? await newContext(portrait, 1);
  const page = left?.page ?? await open(ctx);
  await waitPhase(page, ['setup']);
  await tap(page, (await api(page, 'buttons')).find((b) => b.id === 'records'));
  await waitPhase(page, ['records']);
  // A drop with no file entry behind it (a scripted one here; an image
  // dragged out of another page in life) is ignored, not fatal.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['1. W4'], 'game.txt', { type: 'text/plain' }));
    document.querySelector('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await waitTicks(page, 10);
  assert.equal(await api(page, 'phase'), 'records', 'a drop with no file entry stopped the game');
  const bad = join(tmpdir(), `shiftago-bad-${process.pid}.txt`);
  writeFileSync(bad, recordHead + '1. W4\n2. Q9\n');
  await dropFile(page, bad);
  await page.waitForFunction(() => /Q9/.test(shiftago.notice()), null, { timeout: 30_000, polling: 100 });
  const why = await api(page, 'notice');
  assert.match(why, /Q9/, `the refusal does not name the bad move: ${why}`);
  assert.equal(await api(page, 'phase'), 'records', 'a bad record left the records screen');
  const good = join(tmpdir(), `shiftago-good-${process.pid}.txt`);
  writeFileSync(good, recordHead + '1. W4\n2. Nd\n3. W3\n');
  await dropFile(page, good);
  await waitPhase(page, ['replay']);
  assert.equal(await api(page, 'position'), '7/7/7/7/7/7/7 express og o 22,22 0,0 0,0', 'the replay does not start at the start');
  await tap(page, (await api(page, 'buttons')).find((b) => b.label === '>|'));
  await page.waitForFunction(() => shiftago.position() === '3g3/7/7/o6/o6/7/7 express og g 20,21 0,0 0,0',
    null, { timeout: 30_000, polling: 100 });
  await page.screenshot({ path: join(artifacts, 'replay-768x1024-dpr1.png') });
  await ctx.close();
});

test('a second tab is told the game is open elsewhere and writes nothing unasked', { timeout: 600_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const first = await open(ctx, '?players=2&seats=human,human');
  await waitPhase(first, ['playing']);
  await playByTouch(first, 'W4');
  const saved = await first.evaluate(() => localStorage.getItem('shiftago/game'));
  const second = await open(ctx, '?players=3');
  await waitPhase(second, ['elsewhere']);
  await waitTicks(second, 5);
  assert.equal(await second.evaluate(() => localStorage.getItem('shiftago/game')), saved, 'the second tab wrote before the player chose');
  const nosave = (await api(second, 'buttons')).find((b) => b.id === 'nosave');
  assert.ok(nosave, 'no "Play without saving" button');
  await hold(second, nosave); // a tap as a person makes it, over several frames
  await waitPhase(second, ['playing']);
  await playByTouch(second, 'E1');
  assert.equal(await second.evaluate(() => localStorage.getItem('shiftago/game')), saved, 'playing without saving saved');
  await ctx.close();
});

// A tab in the background gets no animation frames, so it stops ticking
// and its heartbeat goes stale; it is open all the same and owns the save
// (its Web Lock says so). A tab that is gone owns nothing, however fresh
// its last beat.
test('a tab in the background still owns the save; a crashed one gives it up, and a tab asking resumes by itself', { timeout: 240_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const first = await open(ctx, '?players=2&seats=human,human');
  await waitPhase(first, ['playing']);
  await playByTouch(first, 'W4');
  // It has beaten (every 3 s) and so owns the save.
  await first.waitForFunction(() => localStorage.getItem('shiftago/owner'), null, { timeout: 60_000, polling: 200 });
  // Frozen, as a hidden tab is, and its last beat a minute old. Headless
  // Chromium thaws a frozen page it shows again (closing another page
  // brought it to the front, and on a loaded machine it thawed even
  // without that), so the page's script is also held in the debugger:
  // it runs no more, yet the tab is open and holds its Web Lock. A page
  // of the site's own, left open, writes the beat.
  const blank = await ctx.newPage();
  await blank.goto(base + 'manifest.webmanifest', { timeout: NAV_TIMEOUT });
  await first.cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await first.cdp.send('Debugger.enable');
  await first.cdp.send('Debugger.pause');
  const owner = () => blank.evaluate(() => JSON.parse(localStorage.getItem('shiftago/owner')));
  const setBeat = (ms) => blank.evaluate((ms) => {
    const o = JSON.parse(localStorage.getItem('shiftago/owner'));
    o.beat = Date.now() - ms;
    localStorage.setItem('shiftago/owner', JSON.stringify(o));
    return o;
  }, ms);
  const stale = await setBeat(60_000);
  // The second tab's browser is slow to say which locks are held: it
  // answers nothing until the test lets it, well past the game's wait at
  // start-up (as on a busy machine, where two CI runs in about thirty saw
  // it). Until it answers the game cannot tell a frozen tab from a closed
  // one, so it asks rather than take the save. The test lets the answers
  // go, not a timer: a timer can run out between reading the screen's
  // words and taking its picture (a loaded CI run did), and the picture
  // "before" then shows the screen after.
  const slowLocks = () => {
    const l = navigator.locks;
    if (!l) return;
    const query = l.query.bind(l);
    window.holdLockAnswers = true;
    l.query = () => query().then((v) => new Promise((r) => {
      const wait = () => (window.holdLockAnswers ? setTimeout(wait, 50) : r(v));
      wait();
    }));
  };
  const second = await open(ctx, '', base, null, slowLocks);
  await waitPhase(second, ['elsewhere', 'playing']);
  assert.equal(await api(second, 'phase'), 'elsewhere', 'a second tab took the save of a tab in the background without asking');
  // Until the browser answers, the screen says (and a screen reader is
  // told) that the game may be open elsewhere, not that it is.
  const said = () => second.evaluate(() => document.getElementById('shiftago-live').textContent);
  await second.waitForFunction(() => /in another window/.test(document.getElementById('shiftago-live').textContent), null, { timeout: 30_000, polling: 100 });
  const asking = await said();
  assert.match(asking, /may be open/, 'before the browser answered, the screen did not say the game may be open elsewhere');
  await second.waitForTimeout(300); // a frame or more to draw the words said
  const askingShot = await second.screenshot({ path: join(artifacts, 'elsewhere-asking-768x1024-dpr1.png') });
  // It asks every half second whether the other tab is gone; the frozen
  // tab is not, so once the browser answers it keeps asking the player,
  // and says that the game is open in the other tab.
  await second.evaluate(() => { window.holdLockAnswers = false; });
  await second.waitForFunction(() => /This game is open in another window/.test(document.getElementById('shiftago-live').textContent), null, { timeout: 30_000, polling: 100 })
    .catch(() => assert.fail('once the browser answered, the screen does not say the game is open elsewhere'));
  await second.waitForTimeout(2000);
  assert.equal(await api(second, 'phase'), 'elsewhere', 'a second tab took the save of a tab in the background by itself');
  const answered = await said();
  console.log(`the asking tab said ${JSON.stringify(asking.slice(0, 60))} before the browser answered; after: ${JSON.stringify(answered.slice(-200))}`);
  assert.match(answered, /This game is open in another window/, '2 s after the browser answered, the screen no longer says the game is open elsewhere');
  // And draws it: a still page is drawn again only when asked.
  const answeredShot = await second.screenshot({ path: join(artifacts, 'elsewhere-answered-768x1024-dpr1.png') });
  assert.ok(!answeredShot.equals(askingShot), 'the screen still shows "may be open" after the browser answered');
  assert.deepEqual(await owner(), stale, 'the frozen tab beat again: this no longer tests a tab in the background');
  // Now the first tab crashes (nothing removes its record) with its
  // last beat just now: the second, still asking, resumes the game by
  // itself, without a tap, and says why. (The crash's own reply never
  // comes: the target is gone.)
  first.cdp.send('Page.crash').catch(() => {});
  await first.waitForEvent('crash', { timeout: 30_000 });
  await first.close().catch(() => {});
  await setBeat(0);
  const t0 = Date.now();
  await second.waitForFunction(() => shiftago.phase() === 'playing', null, { timeout: 30_000, polling: 100 })
    .catch(() => assert.fail('the save of a crashed tab was not resumed: still on the Elsewhere screen after 30 s'));
  console.log(`the crashed tab's save resumed in the tab that was asking ${Date.now() - t0} ms after the crash`);
  assert.match(await api(second, 'notice'), /other window has closed/);
  assert.deepEqual(await api(second, 'record'), ['W4']);
  await second.screenshot({ path: join(artifacts, 'elsewhere-resumed-768x1024-dpr1.png') });
  // A tab opened after the other has closed resumes the game: at once,
  // or a moment later by itself where the browser lets the closed tab's
  // lock go only after the new tab has looked (two CI runs in four, on a
  // loaded machine).
  await second.close();
  const third = await open(ctx, '');
  await third.waitForFunction(() => shiftago.phase() === 'playing', null, { timeout: 30_000, polling: 100 })
    .catch(() => assert.fail('the save of a closed tab was not resumed: still on the Elsewhere screen after 30 s'));
  assert.deepEqual(await api(third, 'record'), ['W4']);
  await ctx.close();
});

// watchFirstNotice, an init script, has the page note the first notice
// the game shows (window.__firstNotice) at the first frame that has it:
// the storage's notices are shown from the first tick for a few seconds
// of the clock, and on a loaded machine a poll from the test came after
// one was gone (at load 40, and at load 80 in CI beside other runs).
function watchFirstNotice() {
  const f = () => {
    const n = window.shiftago && window.shiftago.notice && window.shiftago.notice();
    if (n) window.__firstNotice = n;
    else requestAnimationFrame(f);
  };
  requestAnimationFrame(f);
}

test('where reading localStorage throws, the game plays on (in memory, for the session) and says it cannot save', { timeout: 240_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await ctx.newPage();
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => consoleLines.push('pageerror: ' + e.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() { throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError'); },
    });
  });
  await page.addInitScript(watchFirstNotice);
  await page.goto(base + '?lang=en', { timeout: NAV_TIMEOUT });
  await page.waitForFunction(() => window.shiftago && window.shiftago.phase() !== 'loading', null, { timeout: 180_000, polling: 100 });
  await waitPhase(page, ['setup']);
  const notice = await (await page.waitForFunction(() => window.__firstNotice, null, { timeout: 60_000, polling: 100 })).jsonValue();
  assert.match(notice, /cannot be saved/, `notice: ${notice}`);
  assert.doesNotMatch(notice, /localStorage|Access is denied|SecurityError/, `raw error text: ${notice}`);
  await ctx.close();
});

// A record file is a desktop thing: in a link it once stopped the whole
// game ("The game stopped"); now it is one more bad parameter (issue 12).
test('a link with ?record= is refused with a notice and the game goes on', { timeout: 240_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await open(ctx, '?record=anything&lang=en');
  await waitPhase(page, ['setup']);
  const notice = await api(page, 'notice');
  assert.match(notice, /record/, `notice: ${notice}`);
  assert.doesNotMatch(notice, /stopped|flag|--/, `notice: ${notice}`);
  await waitTicks(page, 30);
  assert.equal(await api(page, 'phase'), 'setup', 'the game did not go on');
  await ctx.close();
});

// A link that starts a game keeps the game in progress for Records and
// leaves the address (but for the language), so that a reload resumes
// the game rather than start the link's again; where the storage is
// full, that reload still resumes the save, and a save that fails says
// so in words, not in the browser's error text (issue 12). (One test
// with one context: each page load is some 10 CPU-seconds of CI.)
test('a link keeps the game in progress and leaves the address; with storage full a reload resumes and a failed save is said in words', { timeout: 600_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const first = await open(ctx, '?players=2&seats=human,human&lang=en');
  await waitPhase(first, ['playing']);
  await playByTouch(first, 'W4');
  await first.close(); // gives the save up
  const page = await open(ctx, '?players=3&seats=human,human,human&lang=en');
  await waitPhase(page, ['playing', 'elsewhere']);
  assert.equal(await api(page, 'phase'), 'playing', 'the closed tab still owns the save');
  assert.equal(await page.evaluate(() => location.search), '?lang=en', 'the game parameters stay in the address');
  assert.match(await api(page, 'notice'), /kept/, 'the player is not told the game was kept');
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('shiftago/kept-')).map((k) => localStorage.getItem(k)));
  assert.equal(kept.length, 1, 'the game in progress was not kept');
  assert.match(kept[0], /1\. W4/, 'the kept game is not the one in progress');
  await hold(page, { x: 2, y: 2 }); // the notice stays until a tap
  await page.waitForFunction(() => shiftago.notice() === '', null, { timeout: 30_000, polling: 100 });
  await playByTouch(page, 'Nd');
  const saved = await page.evaluate(() => localStorage.getItem('shiftago/game'));
  // Full from now on: every write throws as a full localStorage does.
  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of 'shiftago/game' exceeded the quota.", 'QuotaExceededError');
    };
  });
  await page.addInitScript(watchFirstNotice);
  await page.reload({ timeout: NAV_TIMEOUT });
  const said = await page.waitForFunction(() => window.__firstNotice, null, { timeout: 180_000, polling: 100 });
  let notice = await said.jsonValue();
  page.cdp = await ctx.newCDPSession(page);
  await waitPhase(page, ['playing']);
  assert.deepEqual(await api(page, 'record'), ['Nd'], 'the reload did not resume the save');
  const raw = /Quota|quota|setItem|DOMException|Storage'/;
  assert.match(notice, /full|blocked|not being saved/, `notice after the reload: ${notice}`);
  assert.doesNotMatch(notice, raw, `raw error text: ${notice}`);
  await playByTouch(page, 'E1');
  notice = await api(page, 'notice');
  assert.doesNotMatch(notice, raw, `raw error text: ${notice}`);
  assert.equal(await page.evaluate(() => localStorage.getItem('shiftago/game')), saved, 'the save changed');
  await ctx.close();
});

test('without WebAssembly or WebGL the page says so plainly', { timeout: 120_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  for (const [init, want] of [
    [() => { delete window.WebAssembly; }, /cannot run WebAssembly/],
    [() => { HTMLCanvasElement.prototype.getContext = () => null; }, /cannot draw with WebGL/],
  ]) {
    const page = await ctx.newPage();
    await page.addInitScript(init);
    await page.goto(base, { timeout: NAV_TIMEOUT });
    await page.waitForFunction(() => window.shiftago.phase() === 'error', null, { timeout: 30_000, polling: 100 });
    assert.match(await page.locator('#status').innerText(), want);
    await page.close();
  }
  await ctx.close();
});

// The audio context is made at the player's first touch, not before: off
// the first frame's path, and a running context costs the page's script
// every second, silence included. Then once, whatever more touches come.
// (Whether it then runs depends on the machine's audio: here it stays
// suspended, with or without a touch, on main's build too.)
test('the audio context comes at the first touch, once', { timeout: 240_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await ctx.newPage();
  await page.addInitScript(watchFirstPlayable);
  await page.addInitScript(() => {
    const made = window.__audio = [];
    const Native = window.AudioContext;
    window.AudioContext = function AudioContext(...args) {
      const c = new Native(...args);
      made.push({ at: performance.now(), ctx: c });
      return c;
    };
    window.AudioContext.prototype = Native.prototype;
  });
  await page.goto(base, { timeout: NAV_TIMEOUT });
  await page.waitForFunction(() => window.__firstPlayable, null, { timeout: 120_000, polling: 50 });
  await waitTicks(page, 30);
  assert.equal(await page.evaluate(() => window.__audio.length), 0, 'an audio context before any touch');
  page.cdp = await ctx.newCDPSession(page);
  // Held taps on the title's empty space below its buttons.
  const empty = { x: portrait.width / 2, y: portrait.height * 0.92 };
  await hold(page, empty);
  await page.waitForFunction(() => window.__audio.length > 0, null, { timeout: 60_000, polling: 50 });
  await hold(page, empty);
  await waitTicks(page, 10);
  const { made, first } = await page.evaluate(() => ({ made: window.__audio.map((a) => a.at), first: window.__firstPlayable }));
  assert.equal(made.length, 1, `audio contexts made at ${made} ms`);
  assert.ok(made[0] > first, `the audio context came at ${made[0]} ms, before the first frame at ${first} ms`);
  assert.equal(await page.evaluate(() => shiftago.phase()), 'setup', 'the taps met a control');
  await ctx.close();
});

// ---- the installable app ----------------------------------------------

test('the app: manifest and icons as Chromium reads them, installable, labelled, full screen by touch', { timeout: 300_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await open(ctx);
  await waitPhase(page, ['setup']);

  // The manifest, parsed by Chromium: no errors, the icons the install
  // needs (192 and 512, one maskable), standalone, the game's colours.
  const got = await page.cdp.send('Page.getAppManifest');
  assert.deepEqual(got.errors, [], 'manifest errors: ' + JSON.stringify(got.errors));
  assert.match(got.url, /\/manifest\.webmanifest$/);
  const m = JSON.parse(got.data);
  assert.equal(m.name, 'Shiftago');
  assert.equal(m.short_name, 'Shiftago');
  assert.equal(m.display, 'standalone');
  assert.equal(m.orientation, 'any');
  assert.equal(m.background_color, '#1d2a26');
  assert.ok(m.start_url && m.scope, 'no start_url or scope');
  for (const [size, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
    assert.ok(m.icons.some((i) => i.sizes === size && i.purpose === purpose && i.type === 'image/png'),
      `no ${purpose} icon of ${size}: ${JSON.stringify(m.icons)}`);
  }
  // Every icon, and the apple-touch-icon, loads as a PNG of its size.
  const apple = await page.evaluate(() => document.querySelector('link[rel="apple-touch-icon"]').href);
  const icons = [...m.icons.map((i) => [new URL(i.src, got.url).href, Number(i.sizes.split('x')[0])]), [apple, 180]];
  for (const [url, size] of icons) {
    const dims = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, url);
    assert.deepEqual(dims, [size, size], `${url} is ${dims.join('×')}`);
  }
  const head = await page.evaluate(() => ({
    theme: document.querySelector('meta[name="theme-color"]').content,
    viewport: document.querySelector('meta[name="viewport"]').content,
  }));
  assert.equal(head.theme, '#1d2a26');
  assert.doesNotMatch(head.viewport, /user-scalable\s*=\s*(no|0)|maximum-scale/, 'the viewport forbids zoom');

  // For assistive tools: the canvas is named and described; the live
  // region is there, and the page's announce hook adds to it.
  const a11y = await page.evaluate(() => {
    const c = document.querySelector('canvas');
    const live = document.getElementById('shiftago-live');
    window.shiftagoAnnounce('Test: Orange played W4.');
    return {
      role: c.getAttribute('role'), label: c.getAttribute('aria-label'),
      help: document.getElementById(c.getAttribute('aria-describedby'))?.textContent ?? '',
      live: live.getAttribute('aria-live'), said: live.textContent,
    };
  });
  assert.equal(a11y.role, 'application');
  assert.ok(a11y.label, 'the canvas has no aria-label');
  assert.match(a11y.help, /Enter/, 'the canvas description does not tell the keys');
  assert.equal(a11y.live, 'polite');
  assert.match(a11y.said, /Orange played W4/);

  // The page's hooks for the game: a link handed on (here, with no share
  // sheet, to the clipboard), the size of WebAssembly memory.
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
  const shared = await page.evaluate(async () => {
    const how = await shiftagoShare('?position=test', 'Shiftago');
    return { how, text: how === 'copied' ? await navigator.clipboard.readText() : '' };
  });
  assert.ok(['copied', 'shared'].includes(shared.how), `shiftagoShare: ${shared.how}`);
  if (shared.how === 'copied') assert.equal(shared.text, base + '?position=test');
  assert.ok(await page.evaluate(() => shiftagoMemory()) > 1 << 20, 'shiftagoMemory() is not the memory size');

  // The full-screen switch, tapped by a finger, goes in and out.
  const fs = await page.evaluate(() => {
    const b = document.getElementById('fullscreen');
    const r = b.getBoundingClientRect();
    return { hidden: b.hidden, x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height };
  });
  assert.equal(fs.hidden, false, 'no full-screen switch');
  assert.ok(fs.w >= MIN_TARGET && fs.h >= MIN_TARGET, `the full-screen switch is ${fs.w}×${fs.h}`);
  for (const want of [true, false]) {
    await tap(page, fs);
    await page.waitForFunction((want) => !!document.fullscreenElement === want &&
      document.getElementById('fullscreen').getAttribute('aria-pressed') === String(want), want, { timeout: 10_000, polling: 100 });
  }
  assert.equal(await api(page, 'phase'), 'setup', 'the game left the setup after taps on the switch');
  // Over a game it would cover the last seat card's score: it is shown on
  // the title screen only.
  await hold(page, await button(page, 'play'), 6);
  await waitPhase(page, ['playing', 'thinking', 'animating']);
  await page.waitForFunction(() => document.getElementById('fullscreen').hidden, null, { timeout: 5_000, polling: 100 });
  await ctx.close();

  // Installable: Chromium's own verdict, in a normal (not incognito)
  // profile once the service worker runs.
  const profile = mkdtempSync(join(tmpdir(), 'shiftago-profile-'));
  const pctx = await chromium.launchPersistentContext(profile, { executablePath, args: launchArgs, headless: true, viewport: portrait });
  try {
    const p = await open(pctx);
    await swActive(p);
    const { installabilityErrors } = await p.cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'not installable: ' + JSON.stringify(installabilityErrors));
  } finally {
    await pctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// nextDeploy copies the bundle in dir as the next deploy would look: a new
// wasm_exec under a new hashed name, a page naming it, a service worker
// with a new cache. It returns the new names.
function nextDeploy(dir) {
  const out = mkdtempSync(join(tmpdir(), 'shiftago-next-'));
  cpSync(dir, out, { recursive: true });
  const oldExec = readdirSync(out).find((f) => /^wasm_exec\.[0-9a-f]{10}\.js$/.test(f));
  const js = readFileSync(join(out, oldExec), 'utf8') + '\n// the next deploy\n';
  const newExec = `wasm_exec.${createHash('sha256').update(js).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(out, newExec), js);
  const cache = 'shiftago-e2e-next';
  const edit = (name, f) => {
    writeFileSync(join(out, name), f(readFileSync(join(out, name), 'utf8')));
    for (const ext of ['.br', '.gz']) if (existsSync(join(out, name + ext))) unlinkSync(join(out, name + ext));
  };
  edit('index.html', (t) => t.replaceAll(oldExec, newExec)
    .replace(/<meta name="shiftago-version" content="[^"]*">/, '<meta name="shiftago-version" content="e2e-next">'));
  // The new page's SHA-256, as wasm/pack writes it: the new worker keeps
  // a page the browser has loaded only if it is this one.
  const pageSum = createHash('sha256').update(readFileSync(join(out, 'index.html'))).digest('hex');
  edit('sw.js', (t) => t.replaceAll(oldExec, newExec).replace(/const CACHE = "[^"]*";/, `const CACHE = "${cache}";`)
    .replace(/const PAGE_SHA256 = "[0-9a-f]{64}";/, `const PAGE_SHA256 = "${pageSum}";`));
  // The search worker's script names wasm_exec too.
  for (const f of readdirSync(out)) if (/^searcher\.[0-9a-f]{10}\.js$/.test(f)) edit(f, (t) => t.replaceAll(oldExec, newExec));
  for (const f of readdirSync(out)) if (f.startsWith(oldExec)) unlinkSync(join(out, f));
  return { dir: out, exec: newExec, cache };
}

test('after one visit the game starts and plays offline; a repeat visit starts from the cache; a new deploy takes over whole', { timeout: 600_000 }, async () => {
  // A server of its own, to stop for the offline part and to restart on
  // the same port (the same origin) with the next deploy.
  let own = await serve(bundle);
  const port = new URL(own.base).port;
  const next = nextDeploy(bundle);
  const ctx = await newContext(portrait, 1);
  try {
    // First visit: the network, with brotli.
    const wasmEncoding = [];
    const onResponse = noteWasmEncoding(wasmEncoding);
    ctx.on('response', onResponse);
    const first = await open(ctx, '', own.base, LINK);
    const br = await wasmTransfer(first);
    assert.deepEqual(wasmEncoding.slice(0, 1), ['br'], 'the .wasm did not come with brotli');
    assert.ok(br.transferred > 0 && br.transferred < br.decoded / 4, `brotli transfer ${JSON.stringify(br)}`);
    const caches1 = await swActive(first);
    assert.equal(caches1.length, 1, `caches: ${caches1}`);
    const stored = await first.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), caches1[0]);
    assert.ok(stored.includes(br.url) && stored.includes(own.base), `the cache lacks the page or the .wasm: ${stored}`);
    const versionOf = (p) => p.evaluate(() => document.querySelector('meta[name="shiftago-version"]').content);
    const v1 = await versionOf(first);
    await first.close();
    ctx.off('response', onResponse);

    // Repeat visits: everything from the service worker's cache. (From
    // the third visit on Chromium also has the compiled code cached.)
    const repeat = await open(ctx, '', own.base, LINK);
    assert.ok(repeat.navResponse.fromServiceWorker(), 'the repeat visit did not come from the service worker');
    const again = await wasmTransfer(repeat);
    await repeat.close();
    const third = await open(ctx, '', own.base, LINK);
    await third.close();

    // The network off (and the server gone): the game starts and a move is
    // played by touch.
    await stop(own.proc);
    await ctx.setOffline(true);
    const off = await open(ctx, '', own.base);
    assert.ok(off.navResponse.fromServiceWorker(), 'offline, the page did not come from the service worker');
    await waitPhase(off, ['setup']);
    const play = (await api(off, 'buttons')).find((b) => b.id === 192) ?? (await api(off, 'buttons')).find((b) => /^play/i.test(b.label));
    assert.ok(play, 'no Play button offline');
    await touch(off, 'touchStart', [play]);
    await waitTicks(off);
    await touch(off, 'touchEnd', []);
    await waitPhase(off, ['playing']).catch(async (e) => {
      const st = await off.evaluate(() => ({ phase: shiftago.phase(), notice: shiftago.notice(), buttons: shiftago.buttons().map((b) => b.id) }));
      await off.screenshot({ path: join(artifacts, 'offline-stuck.png') });
      throw new Error(`offline, Play did not start a game: ${JSON.stringify(st)}: ${e.message}`);
    });
    const oracle = new Oracle((await state(off)).position);
    await playByTouch(off, 'W4');
    oracle.check(await state(off));
    await waitPhase(off, ['playing', 'over']); // the computer answered, offline too
    oracle.check(await state(off));
    assert.equal(await api(off, 'searchPath'), 'worker', 'offline, the search worker did not answer');
    await off.close();
    await ctx.setOffline(false);

    results.visits = {
      link: LINK, firstMs: first.firstPlayableMs, repeatMs: repeat.firstPlayableMs,
      thirdMs: third.firstPlayableMs, offlineMs: off.firstPlayableMs,
    };
    results.transfer = { ...(results.transfer ?? {}), br };
    console.log(`first playable frame at 20 Mbit/s, 40 ms: first visit ${first.firstPlayableMs} ms, repeat visit ` +
      `${repeat.firstPlayableMs} ms (the .wasm: ${again.transferred} bytes over the network), third ` +
      `${third.firstPlayableMs} ms; offline ${off.firstPlayableMs} ms`);
    console.log(`brotli: the .wasm is ${MB(br.transferred)} transferred, ${MB(br.decoded)} unpacked`);

    // The next deploy, on the same origin. The first load after it is
    // still the old version, whole (from the cache); the new one installs
    // beside it, takes over, and the old cache goes.
    own = await serve(next.dir, `127.0.0.1:${port}`);
    const during = await open(ctx, '', own.base);
    assert.equal(await versionOf(during), v1, 'the first load after a deploy mixed in the new page');
    await during.evaluate(async (cache) => {
      const t0 = Date.now();
      for (;;) {
        const keys = (await caches.keys()).filter((k) => k.startsWith('shiftago-'));
        if (keys.length === 1 && keys[0] === cache) return;
        if (Date.now() - t0 > 60_000) throw new Error('caches after the deploy: ' + keys);
        await new Promise((ok) => setTimeout(ok, 100));
      }
    }, next.cache);
    await during.close();
    const after = await open(ctx, '', own.base);
    assert.equal(await versionOf(after), 'e2e-next', 'the load after the update is not the new version');
    assert.ok(after.navResponse.fromServiceWorker(), 'the new version did not come from the service worker');
    const scripts = await after.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    assert.ok(scripts.some((u) => u.endsWith('/' + next.exec)), `the new page did not load the new wasm_exec: ${scripts}`);
    assert.notEqual(await api(after, 'phase'), 'error', 'the new version did not start');
    await after.close();
  } finally {
    await ctx.close();
    await stop(own.proc);
    rmSync(next.dir, { recursive: true, force: true });
  }
});

test('a client that accepts only gzip gets gzip, and the game runs', { timeout: 300_000 }, async () => {
  const ctx = await browser.newContext({
    viewport: portrait, deviceScaleFactor: 1, hasTouch: true, isMobile: true,
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
  const enc = [];
  ctx.on('response', noteWasmEncoding(enc));
  const page = await open(ctx, '', base, LINK);
  await waitPhase(page, ['setup']);
  const gz = await wasmTransfer(page);
  assert.deepEqual(enc.slice(0, 1), ['gzip']);
  assert.ok(gz.transferred > 0 && gz.transferred < gz.decoded / 3, `gzip transfer ${JSON.stringify(gz)}`);
  results.transfer = { ...(results.transfer ?? {}), gzip: gz, gzipFirstMs: page.firstPlayableMs };
  console.log(`gzip: the .wasm is ${MB(gz.transferred)} transferred; first playable frame at 20 Mbit/s, 40 ms: ${page.firstPlayableMs} ms`);
  await ctx.close();
});

test('a game by touch from the setup to its end against the computer', { timeout: 900_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await open(ctx);
  await waitPhase(page, ['setup']);

  // Every setup control is at least 44 CSS pixels; Play starts the default
  // game: you against the computer, Express, 2 players.
  const buttons = await api(page, 'buttons');
  for (const b of buttons) {
    assert.ok(b.w >= MIN_TARGET && b.h >= MIN_TARGET, `setup button ${b.label} is ${b.w}×${b.h} CSS px`);
  }
  const play = buttons.find((b) => /^(play|start)/i.test(b.label)) ?? buttons.find((b) => b.id === 'play');
  assert.ok(play, 'no Play button: ' + buttons.map((b) => b.label).join(', '));
  await touch(page, 'touchStart', [play]);
  await waitTicks(page);
  await touch(page, 'touchEnd', []);
  await waitPhase(page, ['playing']);
  let st = await state(page);
  const oracle = new Oracle(st.position);
  assert.equal(oracle.variant, 'express');
  assert.equal(oracle.seats.length, 2);
  assert.equal(st.record.length, 0);

  // Entry points along one side are at least 44 CSS pixels apart.
  const w3 = await api(page, 'entryPoint', 'W3'), w4 = await api(page, 'entryPoint', 'W4');
  assert.ok(Math.hypot(w3.x - w4.x, w3.y - w4.y) >= MIN_TARGET, 'entry points closer than 44 CSS px');

  // A drag released before the marble touches the board changes nothing.
  const from = await api(page, 'entryPoint', 'W4');
  const cell = await api(page, 'cell', 'a4');
  await drag(page, from, { x: from.x + (cell.x - from.x) * 0.2, y: from.y });
  await waitTicks(page, 5);
  st = await state(page);
  assert.equal(st.phase, 'playing');
  assert.deepEqual(st.record, [], 'a drag released short of the board played a move');
  oracle.check(st);

  // A drag all the way plays the move; the computer answers.
  await playByTouch(page, 'W4');
  oracle.check(await state(page));
  await waitPhase(page, ['playing', 'over']);
  oracle.check(await state(page));

  // A second finger during a press makes it a pinch (the page may zoom):
  // neither finger plays, not the second finger's entry point, nor the
  // first finger's when it goes on to push its marble in after the second
  // lifts. Zoomed back out, a drag plays as before.
  {
    const legal = await api(page, 'moves');
    const [a, b] = ['Nd', 'Sd'].every((m) => legal.includes(m)) ? ['Nd', 'Sd'] : [legal[0], legal[legal.length - 1]];
    const pa = await api(page, 'entryPoint', a), ca = await api(page, 'cell', entryCells(a)[0]);
    const pb = await api(page, 'entryPoint', b), cb = await api(page, 'cell', entryCells(b)[0]);
    const n = (await api(page, 'record')).length;
    await touch(page, 'touchStart', [{ ...pa, id: 0 }]);
    await waitTicks(page);
    await touch(page, 'touchStart', [{ ...pa, id: 0 }, { ...pb, id: 1 }]);
    await touch(page, 'touchMove', [{ ...pa, id: 0 }, { ...cb, id: 1 }]);
    await waitTicks(page);
    // The second finger lifts (Chromium's touchEnd releases the points it
    // lists, and all of them when it lists none).
    await touch(page, 'touchEnd', [{ ...cb, id: 1 }]);
    await waitTicks(page);
    assert.equal((await api(page, 'record')).length, n, 'the second finger played a move');
    await touch(page, 'touchMove', [{ ...viewAt(await view(page), ca), id: 0 }]);
    await waitTicks(page);
    await touch(page, 'touchEnd', []);
    await waitTicks(page, 10);
    assert.equal((await api(page, 'record')).length, n, 'the first finger of a pinch played a move');
    const v = await zoomOut(page);
    assert.ok(Math.abs(v.scale - 1) < 1e-3, `the page stayed zoomed: ${v.scale}`);
    await playByTouch(page, a);
    oracle.check(await state(page));
    await waitPhase(page, ['playing', 'over']);
    oracle.check(await state(page));
  }

  // The game in progress survives a reload (it is saved in localStorage
  // after every move).
  if (await api(page, 'phase') === 'playing') {
    const before = await state(page);
    await page.reload({ timeout: NAV_TIMEOUT });
    await page.waitForFunction(() => window.shiftago && shiftago.phase() !== 'loading', null, { timeout: 180_000, polling: 100 });
    await waitPhase(page, ['playing']);
    const after = await state(page);
    assert.deepEqual(after.record, before.record, 'the reload lost moves');
    assert.equal(after.position, before.position, 'the reload changed the position');
    console.log(`reload: resumed after ${after.record.length} moves (${await api(page, 'notice')})`);
    page.cdp = await ctx.newCDPSession(page);
  }

  // A quick tap-tap on an entry point plays it, even when each tap starts
  // and ends between two ticks.
  if (await api(page, 'phase') === 'playing') {
    const legal = await api(page, 'moves');
    const e = legal[rand(legal.length)];
    const p = await api(page, 'entryPoint', e);
    const n = (await api(page, 'record')).length;
    await tap(page, p);
    await tap(page, p);
    await page.waitForFunction((n) => shiftago.record().length > n, n, { timeout: 30_000, polling: 100 });
    assert.equal((await api(page, 'record'))[n], e, 'the tap-tap did not play its entry point');
    oracle.check(await state(page));
    await waitPhase(page, ['playing', 'over']);
    oracle.check(await state(page));
  }

  // Play on to the end, a legal move by touch each turn.
  const t0 = Date.now();
  for (let turn = 0; turn < 40 && (await api(page, 'phase')) === 'playing'; turn++) {
    const legal = await api(page, 'moves');
    await playByTouch(page, legal[rand(legal.length)]);
    oracle.check(await state(page));
    await waitPhase(page, ['playing', 'over']);
    oracle.check(await state(page));
  }
  st = await state(page);
  assert.equal(st.phase, 'over', 'the game did not end');
  // RULES.md §10: '-' and the winner's letter, or '-' alone for a draw.
  assert.match(st.position.split(' ')[3], /^-[ogbw]?$/, 'the position does not say the game is over');
  results.game = { moves: st.record.length, record: st.record.join(' '), final: st.position, seconds: (Date.now() - t0) / 1000 };
  console.log(`game over after ${st.record.length} moves: ${st.record.join(' ')}`);
  await page.screenshot({ path: join(artifacts, 'game-over-768x1024-dpr1.png') });
  await ctx.close();
});

// measureFrames records every animation frame of page with the phase it
// came in (window.__phase(), which install defines in the page), and
// samples the main thread's script time (the game's WebAssembly included,
// a worker's not) and its CPU time (which, unlike the script's wall time,
// does not grow when the machine is busy) with the frame count and the
// phase, so each interval between two samples of one phase counts for
// that phase. framesFor(ms) waits until frames have come for ms more;
// stop() ends it and resolves to gaps(phase): that phase's frames, their
// gaps, and the script and CPU time a frame and a tick.
async function measureFrames(page, install) {
  await page.evaluate(install);
  await page.evaluate(() => {
    window.__frames = [];
    const f = (t) => { window.__frames.push([t, window.__phase()]); requestAnimationFrame(f); };
    requestAnimationFrame(f);
  });
  await page.cdp.send('Performance.enable');
  const samples = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [{ metrics }, [frames, phase, ticks, drawn]] = await Promise.all([page.cdp.send('Performance.getMetrics'),
        page.evaluate(() => [window.__frames.length, window.__phase(), shiftago.ticks(), shiftago.frames()])]);
      const metric = (name) => metrics.find((m) => m.name === name).value;
      samples.push({ script: metric('ScriptDuration'), cpu: metric('ThreadTime'), frames, phase, ticks, drawn });
      await new Promise((ok) => setTimeout(ok, 50));
    }
  })();
  const framesFor = async (ms) => {
    const from = await page.evaluate(() => window.__frames.length);
    await page.waitForFunction(([i, ms]) => window.__frames.length > i + 1 &&
      window.__frames.at(-1)[0] - window.__frames[i][0] >= ms, [from, ms], { timeout: 120_000, polling: 200 });
  };
  const stop = async () => {
    sampling = false;
    await sampler;
    const frames = await page.evaluate(() => window.__frames);
    return (phase) => {
      const gs = [];
      for (let i = 1; i < frames.length; i++) {
        if (frames[i - 1][1] === phase && frames[i][1] === phase) gs.push(frames[i][0] - frames[i - 1][0]);
      }
      gs.sort((a, b) => a - b);
      const sum = gs.reduce((a, b) => a + b, 0);
      let script = 0, cpu = 0, scriptFrames = 0, ticks = 0, drawn = 0;
      for (let i = 1; i < samples.length; i++) {
        if (samples[i - 1].phase === phase && samples[i].phase === phase) {
          script += samples[i].script - samples[i - 1].script;
          cpu += samples[i].cpu - samples[i - 1].cpu;
          scriptFrames += samples[i].frames - samples[i - 1].frames;
          ticks += samples[i].ticks - samples[i - 1].ticks;
          drawn += samples[i].drawn - samples[i - 1].drawn;
        }
      }
      return {
        frames: gs.length, longestGapMs: Math.round(gs.at(-1) ?? 0),
        p90GapMs: Math.round(gs[Math.floor(0.9 * (gs.length - 1))] ?? 0), meanGapMs: Math.round(sum / Math.max(gs.length, 1)),
        scriptMsPerFrame: scriptFrames > 0 ? +(1000 * script / scriptFrames).toFixed(2) : null,
        mainThreadCpuMsPerFrame: scriptFrames > 0 ? +(1000 * cpu / scriptFrames).toFixed(2) : null, scriptFrames,
        // The game's ticks (Update) and the frames it drew in full, a frame:
        // a starved page runs several ticks in one frame to catch up.
        ticksPerFrame: scriptFrames > 0 ? +(ticks / scriptFrames).toFixed(2) : null, ticks,
        mainThreadCpuMsPerTick: ticks > 0 ? +(1000 * cpu / ticks).toFixed(2) : null,
        drawnPerFrame: scriptFrames > 0 ? +(drawn / scriptFrames).toFixed(3) : null,
      };
    };
  };
  return { framesFor, stop };
}

// Two players: the alpha-beta search, from a position six plies in, past
// the opening book (whose answer would come at once and measure nothing);
// four: the Monte-Carlo tree search, three Grandmasters in a row; three:
// the same search with the Grandmaster's largest budget (4 000 000 nodes,
// a few seconds a move in the worker), twice in a row, the longest a
// player waits in any game.
// Balanced, and the search spends its whole budget here (166 slices).
// The search runs in its Web Worker; the third run makes the worker fail to
// load (the page names a searcher that is not there), and the game steps
// the search in its frames as it did before the worker: the same budget,
// the frame's script time against the worker's.
const pastTheBook = '7/7/g5o/7/7/6g/2go1o1 express og o 19,19 0,0 0,0';
for (const [players, link, path] of [
  [2, `?position=${encodeURIComponent(pastTheBook)}&seats=human,ai:5&seed=7`, 'worker'],
  [4, '?variant=express&players=4&seats=human,ai:5,ai:5,ai:5&seed=7', 'worker'],
  [3, '?variant=express&players=3&seats=human,ai:5,ai:5&seed=7', 'worker'],
  [2, `?position=${encodeURIComponent(pastTheBook)}&seats=human,ai:5&seed=7`, 'frame'],
]) {
  const name = path === 'worker' ? `${players} players` : `${players} players, no worker: stepped in the frame`;
  test(`the Grandmaster thinks without freezing the page (${name})`, { timeout: 600_000 }, async () => {
    const ctx = await newContext(portrait, 1);
    if (path === 'frame') {
      // The page names a searcher the server does not have: the worker's
      // script fails to load, as it would behind a proxy that drops it.
      await ctx.route((u) => u.pathname === new URL(base).pathname, async (route) => {
        const resp = await route.fetch();
        const body = (await resp.text()).replace(/(<meta name="shiftago-searcher" content=")[^"]*/, '$1searcher.0000000000.js');
        await route.fulfill({ status: resp.status(), contentType: 'text/html; charset=utf-8', body });
      });
    }
    const page = await open(ctx, link);
    await waitPhase(page, ['playing']);
    const n = (await api(page, 'record')).length;
    const measure = await measureFrames(page, () => { window.__phase = () => shiftago.phase(); });
    await playByTouch(page, 'W4');
    // Not waitPhase(['thinking']): on a loaded machine the page may run many
    // ticks in one frame, and a poll can miss a short phase. The frames
    // above keep every phase they came in.
    const t0 = Date.now();
    // Back to the player: every computer seat has thought and moved.
    await page.waitForFunction((n) => shiftago.phase() === 'playing' && shiftago.record().length >= n,
      n + players, { timeout: 300_000, polling: 100 });
    const turnSeconds = (Date.now() - t0) / 1000;
    // As long again idle, waiting for the player (at least 3 s).
    await measure.framesFor(Math.max(3000, Math.min(10_000, turnSeconds * 1000)));
    const gaps = await measure.stop();
    // The baseline is a frame that draws but does not think: the move's
    // animation. (Waiting for the player, the game draws nothing new at
    // all, so those frames cost next to nothing and say nothing here.)
    const thinking = gaps('thinking'), animating = gaps('animating'), waiting = gaps('playing');
    const thinkSeconds = Math.round(thinking.frames * thinking.meanGapMs) / 1000;
    const idle = animating.frames >= 5 ? animating : waiting;
    const searchPath = await api(page, 'searchPath');
    (results.frameGaps ??= {})[path === 'worker' ? players : `${players}-frame`] = { searchPath, thinkSeconds, thinking, animating, waiting };
    console.log(`Grandmaster (${searchPath}) thought ${thinkSeconds} s: longest frame gap ${thinking.longestGapMs} ms ` +
      `(90th percentile ${thinking.p90GapMs} ms, mean ${thinking.meanGapMs} ms, ${thinking.frames} frames); ` +
      `drawing, not thinking: longest ${idle.longestGapMs} ms (90th percentile ${idle.p90GapMs} ms, mean ${idle.meanGapMs} ms); ` +
      `waiting for the player (nothing new drawn): mean ${waiting.meanGapMs} ms; script (main thread's CPU) per frame: ` +
      `thinking ${thinking.scriptMsPerFrame} (${thinking.mainThreadCpuMsPerFrame}) ms, animating ${animating.scriptMsPerFrame} ` +
      `(${animating.mainThreadCpuMsPerFrame}) ms, waiting ${waiting.scriptMsPerFrame} (${waiting.mainThreadCpuMsPerFrame}) ms`);
    assert.equal(searchPath, path, `the search ran in the ${searchPath}, not the ${path}`);
    assert.ok((await api(page, 'record')).length >= n + players, 'the computer did not move');
    // A search run in one go would show as one long gap and hardly a frame.
    // Software rendering on a shared machine has hiccups of its own, so the
    // bounds leave room for one. In the worker, two players' Grandmaster is
    // done in a second or two: a few frames, too few for their mean to say
    // much. Stepped in the frame, the search costs each frame its slices:
    // that is the fallback's price, measured above, not held against it.
    assert.ok(thinking.frames >= (path === 'frame' ? 5 : 2), 'hardly any frames came while the computer thought');
    // Where the search runs is told by the main thread's CPU time a frame,
    // not by the wall time between frames: on a loaded machine (a CI run
    // at load 25 on 2 cores) frames came 494 ms apart while the worker
    // thought against 108 ms while animating, with the page's thread only
    // waiting for a core. Its CPU time does not grow with the load, and a
    // search on the page's thread would add the search's whole cost to it.
    // Each computer move also costs the page's thread a little, once: the
    // position sent to the worker, the move taken back and set rolling.
    // With four players that is three moves in a turn of a dozen frames
    // or so, and it came to 21.93 ms a frame against 8.43 ms idle in one
    // CI run in ten; so 50 ms a move is allowed, spread over the frames.
    // A search on the page's thread costs it a second a move and more.
    const cpuThinking = thinking.mainThreadCpuMsPerFrame, cpuIdle = idle.mainThreadCpuMsPerFrame;
    const handoffs = 50 * (players - 1) / Math.max(1, thinking.frames);
    assert.ok(path === 'frame' || thinking.frames < 10 || cpuThinking === null || cpuIdle === null ||
      cpuThinking <= 2 * cpuIdle + 5 + handoffs,
      `the page's thread worked harder while the computer thought: ${cpuThinking} ms of CPU a frame against ${cpuIdle} ms idle (${handoffs.toFixed(1)} ms a frame allowed for handing ${players - 1} moves over)`);
    // A search run in one go freezes the page for the whole think: one gap
    // as long as it. Software rendering on 2 loaded cores stalls too (CI,
    // beside the race tests and the online half's browsers: 2.2 s and
    // 2.9 s in a four-player think of 7-9 s, against 0.4-0.5 s idle), so
    // the bound is the larger of 2.5 s, four idle gaps and half the think.
    assert.ok(thinking.longestGapMs <= Math.max(2500, 4 * idle.longestGapMs, 500 * thinkSeconds),
      `the page froze while the computer thought: ${thinking.longestGapMs} ms of a ${thinkSeconds} s think, against ${idle.longestGapMs} ms idle`);
    await ctx.close();
  });
}

// The replay's analysis runs in the search worker, the frame only books
// its answers: on a phone-sized page, the main thread's script and CPU
// time a frame while a finished game of 19 moves (two Casual players, 20
// positions) is analysed, against the same replay idle once it is done.
// Both are the replay at rest (nothing moves on the board); while
// analysing, the strip is drawn again as each position becomes known.
// ANALYSIS_MS_PER_TICK is how much more of the main thread's CPU a tick
// may take while the replay analyses than idle (ms): measured 0.67 more
// at load 24 and 1.0 at load 39 on 2 cores (each answer is drawn once,
// about 7 ms, and the frames that draw are where the catching up ticks
// fall), so 2 leaves room for a busier CI run. The worker is told by
// inFrame, not by this bound: stepped in the frame it was 1.9 more.
const ANALYSIS_MS_PER_TICK = 2;
const analysedMoves = 'W3 E1 E4 Sc W3 W5 Nc Sb W3 Sc Nc E1 Nc Nc W3 W3 E3 Ne W3'.split(' ');
const analysedGame = 'Shiftago record 1\nVariant: express\nSeats: orange human, green human\nHandicap: 0, 0\nStarter: orange\nResult: win orange\n\n' +
  analysedMoves.map((m, i) => `${i + 1}. ${m}\n`).join('');
test('the replay analyses a finished game in the worker, at the idle cost a frame (phone)', { timeout: 180_000 }, async () => {
  const ctx = await newContext({ width: 390, height: 844 }, 1);
  const page = await open(ctx, '?replay=' + Buffer.from(analysedGame).toString('base64url'));
  await waitPhase(page, ['replay']);
  const measure = await measureFrames(page, () => {
    window.__phase = () => {
      const a = shiftago.analysis();
      return !a ? 'none' : a.done < a.total ? 'analysing' : 'idle';
    };
  });
  const t0 = Date.now();
  await page.waitForFunction(() => { const a = shiftago.analysis(); return a && a.done === a.total; }, null, { timeout: 150_000, polling: 100 });
  const analyseSeconds = (Date.now() - t0) / 1000;
  // As long again idle, at least 3 s and at most 8.
  await measure.framesFor(Math.max(3000, Math.min(8000, analyseSeconds * 1000)));
  const gaps = await measure.stop();
  const analysing = gaps('analysing'), idle = gaps('idle');
  const an = await api(page, 'analysis');
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  results.replayAnalysis = { positions: an.total, inFrame: an.inFrame, analyseSeconds, load: +load, analysing, idle };
  console.log(`replay analysis of ${an.total} positions: ${analyseSeconds} s (${an.inFrame} searched in the frame), load ${load}; ` +
    `main thread's CPU (script) per frame: analysing ${analysing.mainThreadCpuMsPerFrame} (${analysing.scriptMsPerFrame}) ms ` +
    `over ${analysing.scriptFrames} frames, idle ${idle.mainThreadCpuMsPerFrame} (${idle.scriptMsPerFrame}) ms over ${idle.scriptFrames} frames; ` +
    `per tick: analysing ${analysing.mainThreadCpuMsPerTick} ms, idle ${idle.mainThreadCpuMsPerTick} ms; ticks a frame analysing ` +
    `${analysing.ticksPerFrame}, idle ${idle.ticksPerFrame}; frames drawn in full a frame analysing ${analysing.drawnPerFrame}, ` +
    `idle ${idle.drawnPerFrame}; longest frame gap analysing ${analysing.longestGapMs} ms, idle ${idle.longestGapMs} ms`);
  await page.screenshot({ path: join(artifacts, 'replay-analysed-390x844-dpr1.png') });
  assert.equal(an.done, an.total);
  assert.equal(an.inFrame, 0, 'positions were searched in the frame, not the worker');
  assert.ok(analysing.ticks >= 30 && idle.ticks >= 30, `too few ticks measured: ${analysing.ticks} analysing, ${idle.ticks} idle`);
  // Stepped in the frame the analysis cost 5.3 ms of script a frame
  // against 1 ms idle on a phone. Away, a tick only looks for an answer,
  // and the screen is drawn again when one comes. Measured here (load 24
  // on 2 cores): in the worker 2.17 ms of CPU a tick against 1.5 idle
  // (5.9 against 1.79 a frame); with the worker taken away, stepped in the
  // frame, 3.56 against 1.65 (8.33 against 1.9 a frame). At load 39: in
  // the worker 3.22 against 2.22 a tick (10.57 against 2.59 a frame). The bound is on the CPU
  // a tick (an Update: the game's own frame): on a loaded machine the
  // worker takes a core from the page, whose frames then come further
  // apart and each runs several ticks to catch up (measured: 3.4 ticks a
  // frame analysing against 1.1 idle at load 21 on 2 cores), so the CPU
  // a browser frame grows with the load, not with the analysis.
  const cpuAnalysing = analysing.mainThreadCpuMsPerTick, cpuIdle = idle.mainThreadCpuMsPerTick;
  assert.ok(cpuAnalysing <= cpuIdle + ANALYSIS_MS_PER_TICK,
    `the page's thread worked harder while the replay was analysed: ${cpuAnalysing} ms of CPU a tick against ${cpuIdle} ms idle`);
  await ctx.close();
});

test('a full track refuses; screenshots at 768×1024 and 1024×768 (DPR 2), a phone (DPR 3)', { timeout: 600_000 }, async () => {
  const ctx = await newContext(portrait, 2);
  await recordBuzzes(ctx);
  // Rank 4 is full; Orange (you) to move.
  const pos = '1o5/2g4/3o3/gogogog/2o4/1g5/7 express og o 16,16 0,0 0,0';
  const page = await open(ctx, '?seats=human,ai:3&position=' + encodeURIComponent(pos));
  await waitPhase(page, ['playing']);
  let st = await state(page);
  assert.equal(st.position, pos);
  const legal = await api(page, 'moves');
  assert.ok(!legal.includes('W4') && !legal.includes('E4'), `a full track is offered: ${legal}`);

  // Dragging a marble in at the full track changes nothing.
  await dragIn(page, 'W4');
  await waitTicks(page, 3);
  st = await state(page);
  assert.equal(st.position, pos, 'a move into the full track changed the position');
  assert.deepEqual(st.record, []);
  assert.equal(st.phase, 'playing');
  assert.deepEqual(await buzzes(page), [40], 'the refusal buzzed other than once, as a refusal');
  await page.screenshot({ path: join(artifacts, 'game-portrait-768x1024-dpr2.png') });

  const checkTargets = async (name, vp) => {
    // Entry points stay at least 44 CSS pixels apart and on screen.
    for (const [a, b] of [['W3', 'W4'], ['Nc', 'Nd']]) {
      const pa = await api(page, 'entryPoint', a), pb = await api(page, 'entryPoint', b);
      assert.ok(Math.hypot(pa.x - pb.x, pa.y - pb.y) >= MIN_TARGET, `${name}: ${a}–${b} closer than 44 CSS px`);
    }
    for (const e of ['Na', 'Sg', 'W1', 'E7']) {
      const p = await api(page, 'entryPoint', e);
      assert.ok(p.x > 0 && p.y > 0 && p.x < vp.width && p.y < vp.height, `${name}: ${e} off screen at ${p.x},${p.y}`);
    }
  };
  await checkTargets('portrait', portrait);
  const na = await api(page, 'entryPoint', 'Na');
  await page.setViewportSize(landscape);
  await page.waitForFunction((na) => {
    const p = shiftago.entryPoint('Na');
    return p && (p.x !== na.x || p.y !== na.y);
  }, na, { timeout: 60_000, polling: 100 });
  await waitTicks(page, 3);
  await checkTargets('landscape', landscape);
  await page.screenshot({ path: join(artifacts, 'game-landscape-1024x768-dpr2.png') });

  // A phone at device pixel ratio 3, for the record (its entry points are
  // closer than 44 CSS px; each is hit within 44 px of its centre).
  {
    const phone = await newContext({ width: 390, height: 844 }, 3);
    const pp = await open(phone, '?seats=human,ai:3&position=' + encodeURIComponent(pos));
    await waitPhase(pp, ['playing']);
    await waitTicks(pp, 3);
    await pp.screenshot({ path: join(artifacts, 'game-phone-390x844-dpr3.png') });
    await phone.close();
  }

  await ctx.close();

  // The setup in landscape (a new context: this one's storage holds a game
  // in progress, which would be resumed).
  const ctx2 = await newContext(landscape, 2);
  const setup = await open(ctx2);
  await waitPhase(setup, ['setup']);
  await waitTicks(setup, 3);
  for (const b of await api(setup, 'buttons')) {
    assert.ok(b.w >= MIN_TARGET && b.h >= MIN_TARGET, `landscape setup button ${b.label} is ${b.w}×${b.h} CSS px`);
  }
  await setup.screenshot({ path: join(artifacts, 'setup-landscape-1024x768-dpr2.png') });
  await ctx2.close();
});

// What the game itself still owes issue 14. These run and report, marked
// todo so that they do not fail the suite; drop the todo once the game
// does it.

test('the live region announces a move', {
  timeout: 120_000,
}, async () => {
  const ctx = await newContext(portrait, 1);
  const page = await open(ctx, '?seats=human,ai:3');
  keepPage('tablet-game', ctx, page); // the rotations' test goes on here (or after() closes it)
  await waitPhase(page, ['playing']);
  await playByTouch(page, 'W4');
  await page.waitForFunction(() => {
    const said = document.getElementById('shiftago-live').textContent;
    return /orange/i.test(said) && /W4|a4/.test(said);
  }, null, { timeout: 10_000, polling: 100 });
});

// A tablet turned sixteen times (issue 29). WebAssembly memory never
// shrinks: it keeps the heap's peak, so memory that grows with the turns
// is held for good. At device pixel ratio 1 the turns cost a quarter of
// ratio 2's paint (CI's time), and what leaked did so at either ratio:
// before the fix this grew 24% here (33 to 41 MiB; 45% at ratio 2).
// The longest task of each turn (the repaint) is noted, not asserted: a
// busy machine's times are no test.
test('WebAssembly memory after 16 rotations stays within 10% of after the first', {
  timeout: 600_000, takes: 'tablet-game',
}, async () => {
  // The live region's game, a move in, or a fresh one: the rotations
  // measure what a turn costs from the first turn on.
  const watchLongTasks = () => {
    window.__longTasks = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  };
  const left = await takePage('tablet-game', async (p) => (p.viewportSize().width === portrait.width && (await api(p, 'record')).length > 0));
  const ctx = left?.ctx ?? await newContext(portrait, 1);
  try {
    let game = left?.page;
    if (game) await game.evaluate(watchLongTasks);
    else {
      await ctx.addInitScript(watchLongTasks);
      game = await open(ctx, '?seats=human,ai:3');
    }
    await waitPhase(game, ['playing']);
    const rotate = async (i) => {
      const na = await api(game, 'entryPoint', 'Na');
      await game.evaluate(() => { window.__longTasks.length = 0; });
      await game.setViewportSize(i % 2 ? landscape : portrait);
      await game.waitForFunction((na) => {
        const p = shiftago.entryPoint('Na');
        return p && (p.x !== na.x || p.y !== na.y);
      }, na, { timeout: 60_000, polling: 100 });
      await waitTicks(game, 3);
      return game.evaluate(() => Math.round(Math.max(0, ...window.__longTasks)));
    };
    const memory = [await game.evaluate(() => shiftagoMemory())];
    const longest = [];
    for (let i = 1; i <= 16; i++) {
      longest.push(await rotate(i));
      memory.push(await game.evaluate(() => shiftagoMemory()));
    }
    const [after1, after16] = [memory[1], memory[16]];
    results.rotations = { memoryMB: memory.map((m) => +(m / 1048576).toFixed(1)), longestTaskMs: longest };
    console.log(`WebAssembly memory over 16 rotations: ${results.rotations.memoryMB.join(' ')} MiB; each rotation's longest task: ${longest.join(' ')} ms`);
    assert.ok(after16 <= 1.1 * after1, `memory grew from ${MB(after1)} after the first rotation to ${MB(after16)} after 16`);
  } finally {
    await ctx.close();
  }
});

// untilIdle waits until the game has drawn no frame for 15 ticks (a
// still table skips its frames), past the 30 ticks in which it reads the
// safe area again.
async function untilIdle(page) {
  await waitTicks(page, 35);
  const t0 = Date.now();
  for (;;) {
    const f = await api(page, 'frames');
    await waitTicks(page, 15);
    if (await api(page, 'frames') === f) return;
    assert.ok(Date.now() - t0 < 90_000, 'the table never stood still');
  }
}

// pixelsDiffer counts the pixels of two PNG screenshots (of one size)
// that differ by more than a rounding's worth in a channel: software GL
// may draw one pixel one step apart from one frame to the next. The page
// decodes them.
async function pixelsDiffer(page, a, b) {
  return page.evaluate(async ([a, b]) => {
    const px = async (b64) => {
      const bmp = await createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
      const cv = new OffscreenCanvas(bmp.width, bmp.height);
      const g = cv.getContext('2d');
      g.drawImage(bmp, 0, 0);
      return g.getImageData(0, 0, bmp.width, bmp.height);
    };
    const [p, q] = [await px(a), await px(b)];
    if (p.width !== q.width || p.height !== q.height) return p.width * p.height;
    let n = 0;
    for (let i = 0; i < p.data.length; i += 4) {
      for (let k = 0; k < 3; k++) {
        if (Math.abs(p.data[i + k] - q.data[i + k]) > 8) { n++; break; }
      }
    }
    return n;
  }, [a.toString('base64'), b.toString('base64')]);
}

// A notched phone (issue 26, defect 1): after turning it, the idle frame
// is the one a fresh redraw gives, on its side and upright again. The
// safe area changes after the size, as a browser reports them, so a
// change of the insets alone must ask for a frame.
test('after turning a notched phone the idle frame equals a fresh one', { timeout: 600_000 }, async () => {
  const upright = { width: 390, height: 844 }, side = { width: 844, height: 390 };
  const insets = { upright: { top: 59, bottom: 34, left: 0, right: 0 }, side: { top: 0, bottom: 21, left: 59, right: 59 } };
  const ctx = await newContext(upright, 2);
  try {
    const page = await open(ctx, '?seats=human,ai:3');
    await page.cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: insets.upright });
    await waitPhase(page, ['playing']);
    await untilIdle(page);
    for (const [name, vp] of [['side', side], ['upright', upright], ['side', side], ['upright', upright]]) {
      await page.setViewportSize(vp);
      await waitTicks(page, 2);
      await page.cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: insets[name] });
      await untilIdle(page);
      const idle = await page.screenshot();
      const f = await api(page, 'frames');
      await api(page, 'redraw');
      await page.waitForFunction((f) => shiftago.frames() > f, f, { timeout: 60_000, polling: 50 });
      await waitTicks(page, 2);
      const fresh = await page.screenshot();
      const differ = await pixelsDiffer(page, idle, fresh);
      if (differ) {
        writeFileSync(join(artifacts, `turned-${name}-idle.png`), idle);
        writeFileSync(join(artifacts, `turned-${name}-fresh.png`), fresh);
      }
      assert.equal(differ, 0, `${name}: the idle frame after turning differs from a fresh one in ${differ} pixels (artifacts turned-${name}-*.png)`);
    }
    await page.screenshot({ path: join(artifacts, 'turned-notched-phone-upright.png') });
  } finally {
    await ctx.close();
  }
});

// ---- hands: taps held as a finger holds them ----------------------------

// hold is a finger's tap on p: down, held over several ticks (80–200 ms
// of a real tap is 5 to 12 ticks), up.
async function hold(page, p, ticks = 6) {
  await touch(page, 'touchStart', [p]);
  await waitTicks(page, ticks);
  await touch(page, 'touchEnd', []);
  await waitTicks(page, 2);
}

const button = async (page, id) => (await api(page, 'buttons')).find((b) => b.id === id);

// A marble carried from the tray across the board touches nothing on the
// way (the edge it passes, the board); set down at the far edge and
// pushed in, it plays there.
test('a marble carried from the tray across the board plays only where it is pushed in', { timeout: 300_000 }, async () => {
  const ctx = await newContext(landscape, 1);
  await recordBuzzes(ctx);
  const page = await open(ctx, '?variant=express&players=2&seats=human,human');
  await waitPhase(page, ['playing']);
  const e5 = await api(page, 'entryPoint', 'E5');
  const w5 = await api(page, 'entryPoint', 'W5');
  const tray = { x: e5.x + 140, y: e5.y + 40 }; // on orange's card, right of the board
  await touch(page, 'touchStart', [tray]);
  await waitTicks(page, 2);
  // A hand's carry: out of the tray and over the board in one sweep (the
  // edge it passes is crossed between two ticks), then on across the board
  // to the far edge, a move every 10 ms, never at rest on the way (the
  // pacing is the hand's speed, not a wait for the game; the gesture
  // machine's own tests cover a slow crossing tick by tick).
  const e5cell = await api(page, 'cell', 'e5');
  await touch(page, 'touchMove', [e5cell]);
  const steps = 30;
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await touch(page, 'touchMove', [{ x: e5cell.x + (w5.x - e5cell.x) * t, y: e5cell.y + (w5.y - e5cell.y) * t }]);
    await page.waitForTimeout(10);
  }
  await waitTicks(page, 2);
  assert.equal((await api(page, 'record')).length, 0, 'carrying the marble across the board played a move');
  assert.deepEqual(await buzzes(page), [8], 'the carry across the board buzzed other than for the pick-up');
  await waitTicks(page, 10); // it rests at W5: set there
  const a5 = await api(page, 'cell', 'a5');
  for (let i = 1; i <= 4; i++) {
    await touch(page, 'touchMove', [{ x: w5.x + (a5.x - w5.x) * i / 4, y: w5.y }]);
    await waitTicks(page, 1);
  }
  await touch(page, 'touchEnd', []);
  await page.waitForFunction(() => shiftago.record().length === 1, null, { timeout: 30_000, polling: 100 });
  assert.equal((await api(page, 'record'))[0], 'W5');
  assert.deepEqual(await buzzes(page), [8, 18], 'a pick-up and a touch buzz once each');
  await ctx.close();
});

// A finished game's shared link opens it in the replay, over whatever the
// page would open (here the setup), and leaves the address, so a reload
// does not open it again.
test('a shared link opens the game in the replay', { timeout: 300_000 }, async () => {
  const ctx = await newContext(portrait, 1);
  const text = recordHead + '1. W4\n2. Nd\n3. W4\n';
  const page = await open(ctx, '?replay=' + Buffer.from(text).toString('base64url'));
  await waitPhase(page, ['replay']);
  const last = (await api(page, 'buttons')).find((b) => b.label === '>|');
  await hold(page, last, 6);
  await page.waitForFunction(() => /^3g3\/7\/7\/oo5\/7\/7\/7 /.test(shiftago.position() || ''), null, { timeout: 60_000, polling: 100 });
  assert.ok(!new URL(page.url()).searchParams.has('replay'), 'the address kept the replay link: ' + page.url());
  await ctx.close();
});

// Every control of the game screen works by a held tap on a phone: the ☰
// menu opens and stays open, buttons() lists its items while it is open,
// every item does what it says (a screen and back, Share hands on a
// link, Sound says whether there is a device, Undo and Redo, New game,
// Setup), a tap outside closes the menu, and the one-tap undo takes back
// a move.
test('every control of the game works by a held tap on a phone', { timeout: 600_000 }, async () => {
  const ctx = await newContext({ width: 390, height: 844 }, 1);
  const page = await open(ctx, '?variant=express&players=2&seats=human,ai:1&seed=3');
  await waitPhase(page, ['playing']);
  // The share sheet is the system's: note what the game hands it.
  await page.evaluate(() => {
    window.__shared = [];
    window.shiftagoShare = (url) => { window.__shared.push(url); return Promise.resolve('copied'); };
  });
  for (const b of await api(page, 'buttons')) {
    assert.ok(b.w >= MIN_TARGET && b.h >= MIN_TARGET, `game button ${b.id} is ${b.w}×${b.h} CSS px`);
  }
  const ids = async () => (await api(page, 'buttons')).map((b) => b.id);
  const openMenu = async () => {
    await hold(page, await button(page, 'menu'), 8);
    const items = await api(page, 'buttons');
    assert.ok(items.some((b) => b.id === 'newgame'), 'the menu closed again after a held tap: ' + items.map((b) => b.id).join(' '));
    return items;
  };
  // item opens the menu and finds its item id (the menu's Undo is listed
  // after the one-tap undo beside ☰, which has the same id).
  const item = async (id) => {
    const b = (await openMenu()).findLast((b) => b.id === id);
    assert.ok(b, `no ${id} in the open menu: ` + (await ids()).join(' '));
    return b;
  };
  // buttons() lists every item of the open menu (a page has no Quit).
  const listed = (await openMenu()).map((b) => b.id);
  for (const id of ['newgame', 'undo', 'redo', 'hint', 'moves', 'share', 'records', 'rules', 'settings', 'setup', 'sound']) {
    assert.ok(listed.includes(id), `the open menu does not list ${id}: ${listed.join(' ')}`);
  }
  assert.ok(!listed.includes('quit'), 'a page offers Quit');
  await hold(page, await button(page, 'menu'), 8);
  assert.ok(!(await ids()).includes('newgame'), 'a second tap on ☰ left the menu open');
  // Each item that opens a screen, and back.
  for (const [id, phase] of [['moves', 'moves'], ['rules', 'rules'], ['settings', 'settings'], ['records', 'records']]) {
    const items = await openMenu();
    for (const b of items) assert.ok(b.h >= MIN_TARGET, `menu item ${b.id} is ${b.h} CSS px high`);
    await hold(page, items.find((b) => b.id === id));
    await waitPhase(page, [phase]);
    const back = (await api(page, 'buttons')).find((b) => b.id === 'back');
    assert.ok(back, `no Back on ${phase}`);
    await hold(page, back, 5);
    await waitPhase(page, ['playing']);
  }
  // Share this position hands the page a link that starts from it.
  await hold(page, await item('share'));
  await page.waitForFunction(() => window.__shared.length === 1, null, { timeout: 30_000, polling: 100 });
  assert.match((await page.evaluate(() => window.__shared))[0], /\?position=/);
  assert.ok(!(await ids()).includes('newgame'), 'the menu stayed open after Share');
  // Sound: with no sound device the item says so and is off; with one,
  // a tap mutes and the item says so.
  const sound = await item('sound');
  await hold(page, sound);
  const sound2 = await item('sound');
  if (sound.enabled) assert.notEqual(sound2.label, sound.label, 'Sound did not change');
  else assert.doesNotMatch(sound.label, /: on$/i, `no sound device, yet the menu says "${sound.label}"`);
  await hold(page, await button(page, 'menu'), 8);
  // A tap outside the open menu closes it and plays nothing.
  await openMenu();
  await hold(page, await api(page, 'cell', 'a1'));
  assert.ok(!(await ids()).includes('newgame'), 'a tap outside left the menu open');
  assert.equal((await api(page, 'record')).length, 0, 'the tap that closed the menu played a move');
  // A move and the computer's answer; Undo and Redo from the menu.
  const answered = () => page.waitForFunction(() => shiftago.phase() === 'playing' && shiftago.record().length >= 2, null, { timeout: 120_000, polling: 100 });
  await playByTouch(page, 'W4');
  await answered();
  assert.ok(!(await item('redo')).enabled, 'Redo is on with nothing undone');
  await hold(page, await button(page, 'menu'), 8); // closed again
  const undoItem = await item('undo');
  assert.ok(undoItem.enabled, 'Undo is off in the menu after a move');
  await hold(page, undoItem);
  await page.waitForFunction(() => shiftago.phase() === 'playing' && shiftago.record().length === 0, null, { timeout: 60_000, polling: 100 })
    .catch(async (e) => { throw new Error(`after Undo from the menu: ${JSON.stringify(await state(page))}, buttons ${(await ids()).join(' ')}: ${e.message}`); });
  const redo = await item('redo');
  assert.ok(redo.enabled, 'Redo is off after an undo');
  await hold(page, redo);
  await answered();
  // The one-tap undo beside ☰.
  const undo = await button(page, 'undo');
  assert.ok(undo && undo.enabled, 'no undo button after a move');
  await hold(page, undo);
  await page.waitForFunction(() => shiftago.phase() === 'playing' && shiftago.record().length === 0, null, { timeout: 60_000, polling: 100 });
  await page.screenshot({ path: join(artifacts, 'phone-390x844-game.png') });
  // New game: a fresh board; Setup: the setup screen.
  await playByTouch(page, 'W4');
  await answered();
  await hold(page, await item('newgame'));
  await page.waitForFunction(() => shiftago.phase() === 'playing' && shiftago.record().length === 0, null, { timeout: 60_000, polling: 100 });
  await hold(page, await item('setup'));
  await waitPhase(page, ['setup']);
  keepPage('phone-setup', ctx, page); // the setup's test goes on here
});

// phoneSetup is the phone's page (390×844, DPR 1) at the setup that the
// test before left open, else a fresh one.
async function phoneSetup() {
  const left = await takePage('phone-setup', async (p) => await api(p, 'phase') === 'setup' && !(await api(p, 'notice')));
  if (left) return left;
  const ctx = await newContext({ width: 390, height: 844 }, 1);
  const page = await open(ctx);
  await waitPhase(page, ['setup']);
  return { ctx, page };
}

// Every chip of the setup answers a held tap on a phone (the page's
// buttons() says which are chosen), the form does not move under the
// finger when the number of players changes, and the settings' toggles
// answer too.
test('every setup and settings control answers a held tap on a phone', { timeout: 600_000, takes: 'phone-setup' }, async () => {
  const { ctx, page } = await phoneSetup();
  const on = async (id) => (await button(page, id))?.on;
  for (const id of ['variant 1', 'variant 2', 'variant 0', 'players 3', 'players 4', 'players 2', 'starter -1', 'starter 0', 'tournament-on', 'tournament-off']) {
    const before = await button(page, id);
    assert.ok(before, `no ${id} on the setup: ` + (await api(page, 'buttons')).map((b) => b.id).join(' '));
    await hold(page, before, 7);
    await page.waitForFunction((id) => shiftago.buttons().find((b) => b.id === id)?.on, id, { timeout: 30_000, polling: 100 });
    const after = await button(page, id);
    assert.ok(Math.abs(after.y - before.y) < 1, `${id} moved from y=${before.y} to ${after.y}`);
  }
  assert.ok(!(await on('players 3')), 'two player counts chosen at once');
  // Seat 2's level goes up and down; seat 1 (a human) has none.
  let lvUp = await button(page, 'level+ 1'), lvDown = await button(page, 'level- 1');
  assert.ok(lvUp && lvDown, 'the computer seat has no level controls');
  if (!lvDown.enabled) {
    // The lowest level (the page of the test before played the Club):
    // a held tap takes it one up.
    await hold(page, lvUp, 7);
    await page.waitForFunction(() => shiftago.buttons().find((b) => b.id === 'level- 1')?.enabled, null, { timeout: 30_000, polling: 100 });
    [lvUp, lvDown] = [await button(page, 'level+ 1'), await button(page, 'level- 1')];
  }
  assert.ok(lvUp.enabled && lvDown.enabled, 'the computer seat\'s level does not go both up and down');
  assert.ok(!(await button(page, 'level+ 0')) && !(await button(page, 'level- 0')), 'a human seat shows level controls');
  await hold(page, await button(page, 'settings'), 6);
  await waitPhase(page, ['settings']);
  for (const id of ['symbols 1', 'symbols 0', 'speed 2', 'speed 1', 'confirm 1', 'confirm 0', 'lang 1', 'lang 0']) {
    const b = await button(page, id);
    assert.ok(b, `no ${id} in the settings`);
    await hold(page, b, 6);
    await page.waitForFunction((id) => shiftago.buttons().find((b) => b.id === id)?.on, id, { timeout: 30_000, polling: 100 });
  }
  // Back is on screen without scrolling (it sat under the home bar).
  const back = await button(page, 'back');
  assert.ok(back.y - back.h / 2 >= 0 && back.y + back.h / 2 <= 844, `the settings' Back at y=${back.y} is off the 844 px page`);
  await hold(page, back, 6);
  await waitPhase(page, ['setup']);
  keepPage('phone-setup', ctx, page); // the puzzle's test goes on here
});

// The puzzles by touch on a phone: the title's Puzzles opens the puzzle
// of the day (one of the shipped ones); a wrong first move dragged in by a
// finger is answered on the board by the puzzle's refutation and "try
// again", and Try again puts the puzzle back at its start; the right
// first move is answered by the defender's move of the main line.
test('a puzzle is played by touch on a phone', { timeout: 600_000, takes: 'phone-setup' }, async () => {
  const shipped = gunzipSync(readFileSync(join(repo, 'logic/puzzle/puzzles.txt.gz'))).toString()
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(';'));
  const { ctx, page } = await phoneSetup();
  await hold(page, await button(page, 'puzzles'), 6);
  await waitPhase(page, ['puzzle']);
  const pos = await api(page, 'position');
  const pz = shipped.find((f) => f[0] === pos);
  assert.ok(pz, `the puzzle shown is no shipped one: ${pos}`);
  const line = pz[2].split(' ');
  // A wrong move that is a plain insertion (no scoring choice to make).
  const wrong = pz[3].split(' ').filter(Boolean).map((p) => p.split(':')).find(([m]) => !m.includes('x'));
  if (wrong) {
    await playByTouch(page, wrong[0]);
    await page.waitForFunction((r) => shiftago.record()[1] === r, wrong[1], { timeout: 120_000, polling: 100 });
    // The panel's words are announced (the page's live region).
    await page.waitForFunction(() => /try again/.test(document.querySelector('#shiftago-live').innerText), null, { timeout: 30_000, polling: 100 });
    await hold(page, await button(page, 'retry'), 6);
    await page.waitForFunction(() => shiftago.record().length === 0, null, { timeout: 30_000, polling: 100 });
  }
  if (!line[0].includes('x') && line.length > 1) {
    await playByTouch(page, line[0]);
    await page.waitForFunction((r) => shiftago.record()[1] === r, line[1], { timeout: 120_000, polling: 100 });
    await page.waitForFunction(() => /Right!/.test(document.querySelector('#shiftago-live').innerText), null, { timeout: 30_000, polling: 100 });
  }
  assert.ok(wrong || !line[0].includes('x'), 'the puzzle of the day had nothing to play by a plain drag');
  await hold(page, await button(page, 'back'), 6);
  await waitPhase(page, ['setup']);
  keepPage('phone-setup', ctx, page); // the other screens' test goes on here
});

// The controls of the other screens answer held taps too: the rules'
// tabs, First steps and its Skip, the records (a record file opened by
// the file chooser) and back, and the result's rematch, on a phone.
test('the rules, the lesson, the records and the result answer held taps on a phone', { timeout: 600_000, takes: 'phone-setup' }, async () => {
  const { ctx, page } = await phoneSetup();
  await hold(page, await button(page, 'rules'), 6);
  await waitPhase(page, ['rules']);
  for (const id of ['tab 1', 'tab 2', 'tab 0']) {
    await hold(page, await button(page, id), 6);
    await page.waitForFunction((id) => shiftago.buttons().find((b) => b.id === id)?.on, id, { timeout: 30_000, polling: 100 });
  }
  await hold(page, await button(page, 'tutorial'), 6);
  await waitPhase(page, ['tutorial']);
  await hold(page, await button(page, 'skip'), 6);
  await waitPhase(page, ['setup']);
  await hold(page, await button(page, 'records'), 6);
  await waitPhase(page, ['records']);
  // A phone has no window to drop a record file onto: a held tap opens
  // the system's file chooser, for one file. A bad record is refused with
  // its line, a good one opens in the replay.
  const pick = async (text, name) => {
    const path = join(tmpdir(), `shiftago-${name}-${process.pid}.txt`);
    writeFileSync(path, text);
    const chooser = page.waitForEvent('filechooser', { timeout: 30_000 });
    await hold(page, await button(page, 'pick'), 6);
    const fc = await chooser;
    assert.equal(fc.isMultiple(), false, 'the chooser takes more than one file');
    // Chromium reads the file when the page asks for its text, later.
    await fc.setFiles(path);
    return path;
  };
  const picked = [await pick(recordHead + '1. W4\n2. Q9\n', 'picked-bad')];
  await page.waitForFunction(() => /Q9/.test(shiftago.notice()), null, { timeout: 30_000, polling: 100 });
  assert.equal(await api(page, 'phase'), 'records', 'a bad record left the records screen');
  await page.screenshot({ path: join(artifacts, 'records-picked-bad-phone.png') });
  picked.push(await pick(recordHead + '1. W4\n2. Nd\n3. W3\n', 'picked-good'));
  await waitPhase(page, ['replay']);
  for (const path of picked) unlinkSync(path);
  assert.equal(await api(page, 'position'), '7/7/7/7/7/7/7 express og o 22,22 0,0 0,0', 'the picked record does not start at the start');
  await hold(page, await button(page, 'close'), 6);
  await waitPhase(page, ['records']);
  await hold(page, await button(page, 'back'), 6);
  await waitPhase(page, ['setup']);
  // A game one push from its end: the result, then a rematch, on a phone
  // of its own (the page above may come from the tests before, whose
  // games in progress a link would keep, with a notice the first tap
  // closes).
  await ctx.close();
  const ctx2 = await newContext({ width: 390, height: 844 }, 1);
  const win = await open(ctx2, '?position=' + encodeURIComponent('g6/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0') + '&seats=human,human');
  await waitPhase(win, ['playing']);
  await playByTouch(win, 'W4');
  await waitPhase(win, ['over']);
  const rematch = await win.waitForFunction(() => shiftago.buttons().find((b) => b.id === 'rematch'), null, { timeout: 60_000, polling: 100 });
  await hold(win, await rematch.jsonValue(), 6);
  await waitPhase(win, ['playing', 'thinking']);
  assert.equal((await api(win, 'record')).length, 0, 'the rematch did not start a new game');
  await ctx2.close();
});

// Two fingers zoom the board (the browser's own pinch-zoom of the page);
// one finger plays as before. A pinch plays nothing and picks nothing up,
// even when its first finger went down on an entry point; a drag that a
// second finger turns into a pinch is cancelled; at the zoomed view a
// drag and a tap-tap play where the finger is; zoomed back out, the page
// and the game are as they were. On the phone only (the smallest board):
// the pinch is the browser's own and the game reads it the same at any
// size, so the tablet's run repeated it for 25 s of CI. At DPR 2, where a
// CSS pixel is not a device pixel as on any phone, and a frame costs
// software WebGL 4/9 of one at DPR 3 (the look is the history test's).
for (const [name, vp, dpr] of [['phone', { width: 390, height: 844 }, 2]]) {
  test(`two fingers zoom the board, one finger plays there, zooming out restores it (${name} ${vp.width}×${vp.height}, DPR ${dpr})`, { timeout: 600_000 }, async () => {
    const ctx = await newContext(vp, dpr);
    await recordBuzzes(ctx);
    const page = await open(ctx, '?variant=express&players=2&seats=human,human');
    await waitPhase(page, ['playing']);
    await waitTicks(page, 3);
    const shot = (what) => page.screenshot({ path: join(artifacts, `pinch-${name}-${vp.width}x${vp.height}-dpr${dpr}-${what}.png`) });
    const canvasSize = () => page.evaluate(() => { const c = document.querySelector('canvas'); return [c.width, c.height, c.clientWidth, c.clientHeight]; });
    const size0 = await canvasSize();
    const w4at0 = await api(page, 'entryPoint', 'W4');
    assert.equal((await view(page)).scale, 1);
    await shot('1-before');

    // A pinch whose first finger went down (and was seen) on W4: the page
    // zooms in, nothing is picked up or played.
    await touch(page, 'touchStart', [w4at0]);
    await waitTicks(page, 2);
    let v = await pinch(page, w4at0, 100, 220, { held: w4at0 });
    assert.ok(v.scale > 1.4, `the pinch did not zoom the page: scale ${v.scale}`);
    assert.equal(await api(page, 'phase'), 'playing');
    assert.deepEqual(await api(page, 'record'), [], 'the pinch played a move');
    assert.deepEqual(await buzzes(page), [], 'the pinch picked a marble up');
    await shot('2-zoomed');
    console.log(`${name}: a pinch zoomed the page to ${v.scale.toFixed(2)}, corner at ${v.x.toFixed(0)},${v.y.toFixed(0)}`);

    // The legal entry points in view: the point, its first cell and a
    // point a third of a cell beyond it, away from the board.
    const inView = async () => {
      v = await view(page);
      const ok = (p) => p && p.x > v.x + 12 && p.x < v.x + v.w - 12 && p.y > v.y + 12 && p.y < v.y + v.h - 12;
      const out = [];
      for (const e of await api(page, 'moves')) {
        const p = await api(page, 'entryPoint', e), c = await api(page, 'cell', entryCells(e)[0]);
        const back = { x: p.x - (c.x - p.x) * 0.3, y: p.y - (c.y - p.y) * 0.3 };
        if (ok(p) && ok(c) && ok(back)) out.push({ e, p, c, back });
      }
      return out;
    };
    let seen = await inView();
    assert.ok(seen.length >= 2, `too few entry points in the zoomed view: ${seen.map((s) => s.e)}`);

    // A drag that becomes a pinch: the marble was picked up (one buzz; it
    // is pulled back from the board, so it cannot touch it), the second
    // finger cancels it; nothing is played, and it goes back.
    {
      const { e, p, back } = seen[0];
      const from = viewAt(v, p), to = viewAt(v, back);
      await touch(page, 'touchStart', [from]);
      await waitTicks(page);
      for (let i = 1; i <= 3; i++) await touch(page, 'touchMove', [{ x: from.x + (to.x - from.x) * i / 3, y: from.y + (to.y - from.y) * i / 3 }]);
      await waitTicks(page, 2);
      assert.deepEqual(await buzzes(page), [8], `the drag at ${e} did not pick its marble up`);
      const before = v.scale;
      v = await pinch(page, p, 240, 190, { held: to });
      assert.ok(v.scale > 1 && v.scale < before, `the second finger did not pinch: scale ${before} to ${v.scale}`);
      await waitTicks(page, 10);
      assert.deepEqual(await api(page, 'record'), [], `the drag at ${e} turned pinch played a move`);
      assert.deepEqual(await buzzes(page), [8], `the drag at ${e} turned pinch touched the board`);
      await shot('3-drag-became-pinch');
    }

    // At the zoomed view, a one-finger drag plays the entry point under
    // the finger, and so does a tap-tap.
    seen = await inView();
    assert.ok(seen.length >= 2, `too few entry points in the zoomed view: ${seen.map((s) => s.e)}`);
    {
      const { e, p, c } = seen[seen.length - 1];
      await drag(page, viewAt(v, p), viewAt(v, c));
      await page.waitForFunction(() => shiftago.record().length === 1, null, { timeout: 30_000, polling: 100 });
      assert.deepEqual(await api(page, 'record'), [e], `a drag at ${e} in the zoomed view played something else`);
      await waitPhase(page, ['playing']);
    }
    seen = await inView();
    assert.ok(seen.length >= 1, 'no entry point in the zoomed view');
    {
      const { e } = seen[0];
      const p = viewAt(v, await api(page, 'entryPoint', e));
      await hold(page, p, 3);
      await hold(page, p, 3);
      await page.waitForFunction(() => shiftago.record().length === 2, null, { timeout: 30_000, polling: 100 });
      assert.equal((await api(page, 'record'))[1], e, `a tap-tap at ${e} in the zoomed view played something else`);
      await waitPhase(page, ['playing']);
    }
    assert.equal((await view(page)).scale, v.scale, 'one finger changed the zoom');
    await shot('4-played-zoomed');

    // Pinched back out: zoom 1, nothing scrolled, the canvas and the board
    // where they were, and a drag plays as before.
    v = await zoomOut(page);
    assert.ok(Math.abs(v.scale - 1) < 1e-3 && Math.abs(v.x) < 0.5 && Math.abs(v.y) < 0.5, `not zoomed back out: ${JSON.stringify(v)}`);
    assert.deepEqual(await canvasSize(), size0, 'the canvas changed size');
    assert.deepEqual(await api(page, 'entryPoint', 'W4'), w4at0, 'the board moved');
    assert.equal((await api(page, 'record')).length, 2, 'zooming out played a move');
    const legal = await api(page, 'moves');
    await playByTouch(page, legal.includes('W4') ? 'W4' : legal[0]);
    await waitTicks(page, 5);
    await shot('5-zoomed-out');
    await ctx.close();
  });
}

// A game finished by touch on a phone and on a tablet is kept by itself:
// Review on the result card opens its replay with the analysis (the ?
// explains it); Records lists it in the history, newest first, and a tap
// opens it. Screenshots of the review, the legend and the history: the
// phone's at DPR 3 are the look's (issue 26); the tablet's run checks the
// same steps on a larger layout at DPR 1 (at DPR 2 its frames cost four
// times as much in software WebGL, 37 s of CI).
for (const [name, vp, dpr] of [['phone', { width: 390, height: 844 }, 3], ['tablet', { width: 820, height: 1180 }, 1]]) {
  test(`a finished game is in the history and opens in Review (${name} ${vp.width}×${vp.height}, DPR ${dpr})`, { timeout: 600_000 }, async () => {
    const ctx = await newContext(vp, dpr);
    const page = await open(ctx, '?position=' + encodeURIComponent('g6/7/7/1oooo2/7/7/7 express og o 18,21 0,0 0,0') + '&seats=human,ai:1');
    const shot = (what) => page.screenshot({ path: join(artifacts, `history-${name}-${vp.width}x${vp.height}-dpr${dpr}-${what}.png`) });
    await waitPhase(page, ['playing']);
    await playByTouch(page, 'W4');
    await waitPhase(page, ['over']);
    const review = await page.waitForFunction(() => shiftago.buttons().find((b) => b.id === 'review'), null, { timeout: 60_000, polling: 100 });
    await shot('1-result');
    await hold(page, await review.jsonValue(), 6);
    await waitPhase(page, ['replay']);
    // The analysis of a one-move game ends at once; the last move shown.
    await hold(page, await button(page, 'last'), 6);
    await waitStill(page); // the move rolls in
    await shot('2-review');
    await hold(page, await button(page, 'help'), 6);
    await page.waitForFunction(() => shiftago.buttons().find((b) => b.id === 'help')?.on, null, { timeout: 30_000, polling: 100 });
    await waitTicks(page, 3);
    await shot('3-legend');
    await hold(page, await button(page, 'first'), 6); // a tap anywhere puts the legend away
    await page.waitForFunction(() => !shiftago.buttons().find((b) => b.id === 'help')?.on, null, { timeout: 30_000, polling: 100 });
    await hold(page, await button(page, 'close'), 6);
    await waitPhase(page, ['over']);
    await hold(page, await button(page, 'setup'), 6);
    await waitPhase(page, ['setup']);
    await hold(page, await button(page, 'records'), 6);
    await waitPhase(page, ['records']);
    const row = await page.waitForFunction(() => shiftago.buttons().find((b) => /^game( 0)?$/.test(b.id)), null, { timeout: 60_000, polling: 100 });
    await waitTicks(page, 3);
    await shot('4-history');
    await hold(page, await row.jsonValue(), 6);
    await waitPhase(page, ['replay']);
    await hold(page, await button(page, 'last'), 6);
    await page.waitForFunction(() => /\/ooooo2\//.test(shiftago.position()), null, { timeout: 30_000, polling: 100 }); // the kept game's end
    await waitStill(page);
    await shot('5-opened');
    await ctx.close();
  });
}

// Last, so that it reads the console of every page the tests before it
// opened (in every part of E2E_PART).
nodeTest('the console shows no Go panic', () => {
  const bad = consoleLines.filter((l) => /panic:|fatal error:|runtime error|pageerror:|wasm exited/i.test(l));
  assert.deepEqual(bad, [], 'the console shows:\n' + bad.join('\n'));
});
