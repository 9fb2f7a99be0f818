// What the online browser tests share (online.test.mjs,
// online-faults.test.mjs): a real shiftago-server serving the built web
// app, the devices, the page API, and human timing: a finger held for a
// tick before it lifts, a drag that wanders on its way, and the same by
// mouse.
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '../..');
export const bundle = resolve(repo, process.env.BUNDLE || 'dist/web');
export const artifacts = join(here, 'artifacts');
export { executablePath, launchArgs, NAV_TIMEOUT } from './browser.mjs';
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
export const TABLET = { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

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
