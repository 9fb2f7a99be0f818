// What the online browser tests share (online.test.mjs,
// online-faults.test.mjs, lobby.test.mjs, devices.test.mjs): a real
// shiftago-server serving the built web app and a Chromium for each file
// (suite), the devices, the page API, and human timing: a finger held
// for a tick before it lifts, a drag that wanders on its way, and the
// same by mouse.
import { after, afterEach, before, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { executablePath, launchArgs } from './browser.mjs';
import { perTestCPU } from './cputree.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '../..');
export const bundle = resolve(repo, process.env.BUNDLE || 'dist/web');
export const artifacts = join(here, 'artifacts');
export { executablePath, launchArgs, NAV_TIMEOUT } from './browser.mjs';

// The devices' User-Agent strings, as their browsers send them, and the
// name the server gives each in its player's list of devices
// (accounts.deviceName, TestDeviceName): without one of its own every
// context said it was Chrome on Linux (headless Chromium's).
const agents = {
  iPhone: ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'],
  iPad: ['Chrome on iPad', 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'],
  windows: ['Firefox on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'],
};
const names = new Map(Object.values(agents).map(([name, ua]) => [ua, name]));
// nameOf is the name the devices list gives a context made with opts.
export const nameOf = (opts) => names.get(opts.userAgent);

// An iPhone 14 in Safari, an iPad Air in Chrome, a laptop in Firefox on
// Windows: screen, pixel ratio, touch and user agent.
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true, userAgent: agents.iPhone[1] };
export const TABLET = { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, userAgent: agents.iPad[1] };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, userAgent: agents.windows[1] };

// suite, called at an online test file's top level, gives the file a
// shiftago-server of its own (its data in a fresh folder; args: more
// flags) serving the bundle and a Chromium, both started before its
// tests and closed after them, when the file fails if the game panicked
// in any page. It prints each test's CPU seconds (cputree.mjs) and, for
// a failed test, where each page in s.pages stood (with a screenshot of
// each into shots, if given). Its fields fill in as it starts: base
// (the server's URL), browser, lines (every page's console).
export function suite(tag, { args = [], shots = '' } = {}) {
  const s = { base: '', browser: null, lines: [], pages: {} };
  let bin, dataDir, server;
  perTestCPU({ beforeEach, afterEach, after });
  afterEach(async (t) => {
    if (!t.error && t.passed !== false) return;
    for (const [name, page] of Object.entries(s.pages)) {
      if (page.isClosed()) continue;
      const at = await page.evaluate(() => [shiftago.phase(), JSON.stringify(shiftago.online()),
        window.wsCloses ? `sockets ${window.wsOpened}, closed ${window.wsCloses}` : '']).catch((e) => String(e));
      console.log(`${name}: ${at}`);
      if (shots) await page.screenshot({ path: join(shots, `${tag}-failed-${name}.png`), timeout: 60_000 }).catch(() => {});
    }
  });
  before(async () => {
    bin = binary(tag);
    dataDir = tempData(tag);
    ({ proc: server, url: s.base } = await serve(bin.bin, dataDir, undefined, args));
    s.browser = await chromium.launch({ executablePath, args: launchArgs, headless: true });
  });
  after(async () => {
    await s.browser?.close();
    await kill(server);
    bin?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    const panics = s.lines.filter((l) => /panic|fatal error/i.test(l));
    assert.deepEqual(panics, [], 'the game panicked');
  });
  // context is a new context of the browser as the device opts: one
  // without touch is a desktop, whose taps and drags (below) go by mouse.
  s.context = async (opts) => {
    const ctx = await s.browser.newContext(opts);
    ctx.mouse = !opts.hasTouch;
    ctx.setDefaultNavigationTimeout(180_000); // a loaded machine
    return ctx;
  };
  // open loads the web app with query q in a new page of ctx.
  s.open = (ctx, q = '') => open(ctx, s.base, q, s.lines);
  return s;
}

// binary is the server program (logic/online/cmd/shiftago-server) to
// serve with: SHIFTAGO, or one built here (removed by its cleanup).
export function binary(tag) {
  assert.ok(existsSync(join(bundle, 'index.html')), `no bundle in ${bundle}: build it with wasm/build.sh`);
  mkdirSync(artifacts, { recursive: true });
  if (process.env.SHIFTAGO) return { bin: process.env.SHIFTAGO, cleanup() {} };
  const bin = join(tmpdir(), `shiftago-server-${tag}-${process.pid}`);
  execFileSync('go', ['build', '-o', bin, './logic/online/cmd/shiftago-server'], { cwd: repo, stdio: 'inherit' });
  return { bin, cleanup() { rmSync(bin, { force: true }); } };
}

export const tempData = (tag) => mkdtempSync(join(tmpdir(), `shiftago-${tag}-data-`));

// serve starts shiftago-server with its data in dataDir (and more flags,
// args) and resolves to {proc, url}.
export async function serve(bin, dataDir, addr = '127.0.0.1:0', args = []) {
  const proc = spawn(bin, ['--addr', addr, '--data', dataDir, '--web', bundle, '--workers', '1', ...(process.env.SERVE_LOG ? [] : ['--quiet']), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok, fail) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+?)\/?(\s|$)/);
      if (m) ok(m[1]);
    });
    proc.on('exit', (code) => fail(new Error(`shiftago-server exited (${code})`)));
  });
  proc.stdout.resume();
  return { proc, url };
}

// kill ends a server as a crash would (SIGKILL) and waits until it has gone.
export async function kill(proc) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((ok) => proc.once('exit', ok));
  proc.kill('SIGKILL');
  await gone;
}

// open loads the web app at base with query q in a new page of ctx and
// waits for its first tick; console lines go to lines.
export async function open(ctx, base, q, lines) {
  const page = await ctx.newPage();
  page.on('console', (m) => lines.push(m.text()));
  page.on('pageerror', (e) => lines.push('pageerror: ' + e.message));
  await page.goto(base + '/' + q, { timeout: 180_000 });
  await page.waitForFunction(() => window.shiftago && window.shiftago.phase() !== 'loading', null, { timeout: 180_000, polling: 100 });
  page.cdp = await ctx.newCDPSession(page);
  return page;
}

export const api = (page, fn, ...args) => page.evaluate(([fn, args]) => window.shiftago[fn](...args), [fn, args]);
export const online = (page) => page.evaluate(() => window.shiftago.online());

export async function waitFor(page, fn, arg, timeout = 120_000) {
  await page.waitForFunction(fn, arg, { timeout, polling: 100 });
}

export async function waitTicks(page, n = 1) {
  const t = await api(page, 'ticks');
  await page.waitForFunction((t) => shiftago.ticks() >= t, t + n, { timeout: 60_000, polling: 30 });
}

// touch sends one touch event through CDP (a page made with hasTouch).
export async function touch(page, type, points) {
  await page.cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: 0, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

// press, move and lift a finger, or the mouse on a page whose context
// is marked ctx.mouse = true (a desktop).
async function down(page, p) {
  if (!page.context().mouse) return touch(page, 'touchStart', [p]);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
}
async function moveTo(page, p) {
  if (!page.context().mouse) return touch(page, 'touchMove', [p]);
  await page.mouse.move(p.x, p.y);
}
async function up(page) {
  if (!page.context().mouse) return touch(page, 'touchEnd', []);
  await page.mouse.up();
}

// tapButton taps the button with id as a finger (or a hand on the
// mouse) does: down, held for a tick, up.
export async function tapButton(page, id) {
  const bs = await api(page, 'buttons');
  const b = bs.find((b) => b.id === id);
  assert.ok(b, `no button ${id} among ${JSON.stringify(bs.map((b) => b.id))}`);
  await down(page, b); // the page API gives its middle, in CSS pixels
  await waitTicks(page);
  await up(page);
  await waitTicks(page);
}

export function entryCell(e) {
  const side = e[0], k = e.slice(1);
  switch (side) {
    case 'W': return 'a' + k;
    case 'E': return 'g' + k;
    case 'N': return k + '7';
    case 'S': return k + '1';
  }
  throw new Error('bad entry ' + e);
}

// tapFirst taps the first enabled button whose id is id or starts with
// id and a space (a row of a list: "join 3", "revoke 1").
export async function tapFirst(page, id) {
  const b = (await api(page, 'buttons')).find((b) => b.enabled && (b.id === id || b.id.startsWith(id + ' ')));
  assert.ok(b, `no button ${id}`);
  await tapButton(page, b.id);
}

// rng makes deterministic choices from seed.
export function rng(seed) {
  return (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
}

// wanderDrag takes a marble at the entry point, holds it a moment, wanders
// on the way (a hand is never straight) and lets go on the entry cell.
// afterPress runs once the finger is down and held. Each move of the
// finger takes a frame of its own (Chromium hands a touch move to the
// page with the next frame), and a frame at DPR 3 in software takes a
// good part of a second: four steps wander as six did (which also waited
// a tick every second step) in 16 frames rather than 24.
export async function wanderDrag(page, e, rand, afterPress = null) {
  const from = await api(page, 'entryPoint', e);
  const to = await api(page, 'cell', entryCell(e));
  assert.ok(from && to, `no geometry for ${e}`);
  await down(page, from);
  await waitTicks(page, 2); // held
  if (afterPress) await afterPress();
  const steps = 4;
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const wob = Math.sin(t * Math.PI) * 6 * (rand(2) ? 1 : -1);
    await moveTo(page, { x: from.x + (to.x - from.x) * t + wob, y: from.y + (to.y - from.y) * t - wob });
  }
  await moveTo(page, to);
  await waitTicks(page);
  await up(page);
}

// pick chooses the move: each device keeps pushing into its own row
// while it can, so that a game ends in a few minutes of software
// rendering; else a random legal move.
export function pick(moves, pref, rand) {
  const own = moves.find((m) => m.startsWith(pref));
  return own || moves[rand(moves.length)];
}

// stopwatch times a test's phases: lap(name) notes the seconds since the
// last lap under name (summed when a name comes again) and, with
// E2E_TRACE set, prints it, so a slow run says where its time went.
export function stopwatch(into) {
  let t = Date.now();
  return (name) => {
    const now = Date.now(), s = (now - t) / 1000;
    t = now;
    into[name] = Math.round(((into[name] || 0) + s) * 10) / 10;
    if (process.env.E2E_TRACE) console.log(`  [${new Date(now).toISOString().slice(11, 19)}] ${name}: ${s.toFixed(1)} s`);
  };
}
