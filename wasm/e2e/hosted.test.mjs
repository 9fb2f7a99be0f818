// The released server binary, hosted as a stranger would host it (issue
// 46, "Done when"): the binary that `bash wasm/release.sh VERSION server`
// builds, the web app built into it, started with no flag but a free
// loopback port (--addr 127.0.0.1:0: the default, 127.0.0.1:8080, is a
// fixed port that a test must not take) in an empty folder with an empty
// home and no SHIFTAGO_* or XDG_* variable. Its first line must name the
// address and the built-in web app; a phone (390×844, touch) opens that
// address, creates an online game and plays it by touch to its end
// against a second player on another device, so that every move goes
// through the server. The second player is a page of the server's origin
// without the game (a fetch and a WebSocket speaking PROTOCOL.md): no
// second WebGL canvas to draw, the lean half of the pair.
//
//   TARGETS=linux/amd64 BROTLI_QUALITY=1 bash wasm/release.sh dev server
//   (cd wasm/e2e && node --test hosted.test.mjs)
//
// Environment: SHIFTAGO_HOSTED (the release binary; default the newest
// dist/shiftago-server-*-OS-ARCH of this machine), CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import * as kit from './online-kit.mjs';

const { api, online, waitFor } = kit;

// The phone at DPR 1: this test checks that the hosted server carries a
// game, not how the board looks (e2e.test.mjs draws it at DPR 3), and a
// frame of software WebGL costs by its pixels.
const PHONE = { ...kit.PHONE, deviceScaleFactor: 1 };

// hostedBinary is the release's server for this machine.
function hostedBinary() {
  if (process.env.SHIFTAGO_HOSTED) return resolve(kit.repo, process.env.SHIFTAGO_HOSTED);
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform];
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch];
  const dist = join(kit.repo, 'dist');
  const bins = (existsSync(dist) ? readdirSync(dist) : [])
    .filter((f) => f.startsWith('shiftago-server-') && f.endsWith(`-${os}-${arch}`))
    .map((f) => join(dist, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  assert.ok(bins.length > 0, `no dist/shiftago-server-VERSION-${os}-${arch}: build it with bash wasm/release.sh VERSION server`);
  return bins[0];
}

let server, home, folder, browser;
let stderr = '';
const lines = [];

after(async () => {
  await browser?.close();
  await kit.kill(server);
  for (const d of [home, folder]) if (d) rmSync(d, { recursive: true, force: true });
  const panics = lines.filter((s) => /panic|fatal error/i.test(s));
  assert.deepEqual(panics, [], 'the game panicked');
});

// start runs bin in an empty folder with an empty home and resolves to
// its first line of output.
function start(bin) {
  home = mkdtempSync(join(tmpdir(), 'shiftago-hosted-home-'));
  folder = mkdtempSync(join(tmpdir(), 'shiftago-hosted-cwd-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SHIFTAGO_|XDG_)/.test(k)));
  env.HOME = home;
  server = spawn(bin, ['--addr', '127.0.0.1:0'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr.on('data', (d) => { stderr += d; });
  return new Promise((ok, fail) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) ok(out.slice(0, nl));
    });
    server.on('exit', (code) => fail(new Error(`the server exited (${code}): ${stderr}`)));
  });
}

// opponent is the second player: a page of the origin (no game loaded)
// that takes the free seat by the invite code and plays over its own
// WebSocket. window.bob keeps what the server told it.
async function opponent(ctx, base, code) {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => lines.push('pageerror: ' + e.message));
  await page.goto(base + '/api/games', { timeout: kit.NAV_TIMEOUT }); // any page of the origin: a 401, no game
  await page.evaluate(async (code) => {
    const post = async (path, body, token) => {
      const r = await fetch(path, { method: 'POST', headers: token ? { Authorization: 'Bearer ' + token } : {}, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(path + ': ' + r.status + ' ' + await r.text());
      return r.json();
    };
    const g = await post('/api/guests', { name: 'Bob' });
    const j = await post('/api/join', { code }, g.token);
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/api/ws?game=' + encodeURIComponent(j.game));
    await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
    const bob = { ws, game: j.game, seat: j.seats[0], ply: 0, acked: 0, over: null, refused: [] };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.t === 'state') bob.ply = m.ply;
      if (m.t === 'moved') bob.ply = Math.max(bob.ply, m.ply);
      if (m.t === 'ack') bob.acked = m.ply;
      if (m.t === 'over') bob.over = m;
      if (m.t === 'refused') bob.refused.push(m);
    };
    ws.send(JSON.stringify({ t: 'hello', v: 1, token: g.token, game: j.game, ply: 0 }));
    setInterval(() => ws.send(JSON.stringify({ t: 'ping' })), 15_000); // PROTOCOL.md: silence closes at 60 s
    window.bob = bob;
  }, code);
  return page;
}

test('the release binary, run with no flags in an empty folder and home, serves the game a phone plays through it', { timeout: 900_000 }, async () => {
  const bin = hostedBinary();
  const first = await start(bin);
  // shiftago-server: open http://127.0.0.1:PORT/ (web app: built in, VERSION; database: sqlite, HOME/…/shiftago.db)
  const m = first.match(/^shiftago-server: open (http:\/\/127\.0\.0\.1:\d+)\/ \(web app: built in, [^;]+; database: sqlite, (\S+)\)$/);
  assert.ok(m, `the first line names no address with the built-in web app: ${JSON.stringify(first)}`);
  const base = m[1];
  assert.ok(m[2].startsWith(home + '/'), `the database ${m[2]} is not in the fresh home ${home}`);
  const index = await fetch(base + '/');
  assert.equal(index.status, 200, 'GET / of the printed address');
  assert.match(await index.text(), /<canvas|wasm/i, 'GET / is not the web app');

  browser = await chromium.launch({ executablePath: kit.executablePath, args: kit.launchArgs, headless: true });
  const phoneCtx = await browser.newContext(PHONE);
  phoneCtx.setDefaultNavigationTimeout(kit.NAV_TIMEOUT);
  const phone = await kit.open(phoneCtx, base, '', lines);
  await waitFor(phone, () => shiftago.phase() === 'setup');
  await kit.tapButton(phone, 'online');
  await waitFor(phone, () => shiftago.phase() === 'online');
  await kit.tapButton(phone, 'create');
  await waitFor(phone, () => shiftago.online().stage === 'invite', null, 60_000);
  const inv = await online(phone);

  const bobCtx = await browser.newContext();
  const bob = await opponent(bobCtx, base, inv.code);
  await waitFor(phone, () => { const o = shiftago.online(); return o && o.stage === 'table' && o.playing; }, null, 120_000);

  // Ann (the phone, seat 0) pushes into her own row, Bob into his, so
  // that the game ends by the rules in a few moves; Bob's moves are
  // legal moves of the position the phone shows.
  const rand = kit.rng(4646);
  for (let turn = 0; turn < 80; turn++) {
    const o = await online(phone);
    if (o.status === 'finished') break;
    const ply = o.ply + 1;
    // Ann (seat 0) makes the odd plies. Not the phone's myTurn: it is
    // false for a moment while the table starts, which is not Bob's turn.
    if (ply % 2 === 1) {
      await waitFor(phone, () => shiftago.online().myTurn && shiftago.phase() === 'playing');
      await kit.wanderDrag(phone, kit.pick(await api(phone, 'moves'), 'W1', rand).slice(0, 2), rand);
      await waitFor(bob, (ply) => window.bob.ply >= ply, ply, 120_000);
    } else {
      await waitFor(bob, (ply) => window.bob.ply === ply - 1, ply, 120_000);
      const mv = kit.pick(await api(phone, 'moves'), 'E7', rand);
      await bob.evaluate(([ply, mv]) => window.bob.ws.send(JSON.stringify({ t: 'move', ply, id: 'b' + ply, move: mv })), [ply, mv]);
      await waitFor(bob, (ply) => window.bob.acked >= ply || window.bob.refused.length > 0, ply, 120_000);
      assert.deepEqual(await bob.evaluate(() => window.bob.refused), [], 'the server refused the second player\'s move');
    }
    await waitFor(phone, (ply) => shiftago.online().ply >= ply, ply, 120_000);
  }
  await waitFor(phone, () => { const o = shiftago.online(); return o.status === 'finished' && shiftago.phase() === 'over'; }, null, 120_000);
  const end = await online(phone);
  const told = await bob.evaluate(() => window.bob.over);
  assert.ok(told, 'the second player was not told the game is over');
  assert.equal(end.result, told.result, 'the phone and the second player saw different ends');
  assert.equal(told.why, 'rules', 'the game did not end by the rules');
  console.log('hosted:', JSON.stringify({ first, plies: end.ply, result: end.result }));
  // Nothing was written into the folder the server was started in.
  assert.deepEqual(readdirSync(folder), [], 'the server wrote into its working folder');
});
