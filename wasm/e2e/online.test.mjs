// Online play in a real browser, the in-game controls: a real
// shiftago-server (serving the built web app with --web and the game
// service on the same origin), a phone (390×844) and a tablet (820×1180) at DPR 1
// in Debian's Chromium, played by touch through CDP with human timing
// (a held finger, a wandering drag). The phone's player types her name
// and creates the game from the title, the tablet opens the invite link
// and takes the seat; then a takeback offered and accepted, a
// resignation, and in a 3-player game a player who resigns and the
// computer that takes the seat. The whole game with faults is
// online-faults.test.mjs.
//
// Measured: the time from a move's release on one device to the first
// frame of its animation on the other (the page API's online().shownAt),
// p50 and p95, into artifacts/online-results.json.
//
//   BROTLI_QUALITY=1 bash wasm/build.sh /tmp/online-web
//   (cd wasm/e2e && BUNDLE=/tmp/online-web node --test online.test.mjs)
//
// Environment: BUNDLE (default dist/web), CHROMIUM (default
// /usr/bin/chromium), SHIFTAGO (a built shiftago-server binary; default: built
// here with go build), SERVE_LOG=1 (the server logs every request to
// stderr, not only warnings).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as kit from './online-kit.mjs';

const { api, online, waitFor, waitTicks, touch, tapButton, artifacts } = kit;
// The phone's and the tablet's screens at DPR 1: these tests check what
// the controls do, not how they look, and a frame in software WebGL costs
// by its pixels (one at DPR 3 draws nine times DPR 1's); the whole game at
// the devices' own DPR is online-faults.test.mjs's.
const PHONE = { ...kit.PHONE, deviceScaleFactor: 1 };
const TABLET = { ...kit.TABLET, deviceScaleFactor: 1 };

const results = { latencyMs: [] };
// The latency figures, written whatever the tests' outcome.
after(() => {
  const l = results.latencyMs.slice().sort((a, b) => a - b);
  const q = (p) => l.length ? l[Math.min(l.length - 1, Math.ceil(p * l.length) - 1)] : null;
  results.latency = { n: l.length, p50: q(0.5), p95: q(0.95), max: l[l.length - 1] ?? null };
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, 'online-results.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('online results:', JSON.stringify({ ...results, latencyMs: undefined }, null, 2));
});
const s = kit.suite('online');

// ---- pages -----------------------------------------------------------

const open = (ctx, q = '') => s.open(ctx, q);

// Deterministic choices.
const rand = kit.rng(2525);
const wanderDrag = (page, e, afterPress = null) => kit.wanderDrag(page, e, rand, afterPress);

// pick chooses the move: each device keeps pushing into its own row
// (the phone W1, the tablet W7) while it can; else a random legal move.
const pick = (moves, pref) => kit.pick(moves, pref, rand);

// playOne plays a random legal move on page by touch and measures its
// way to other; it resolves once both tables have it.
// The measure is from the move's commit on the mover's page (the release,
// or the marble touching the board where the touch decides) to the first
// frame of its animation on the other's: both are the pages' own clocks
// (Date.now, one machine).
async function playOne(page, other, pref) {
  const st = await online(page);
  const e = pick(await api(page, 'moves'), pref);
  await wanderDrag(page, e.slice(0, 2));
  const ply = st.ply + 1;
  await waitFor(other, (ply) => { const o = shiftago.online(); return o && o.shownPly >= ply; }, ply, 60_000);
  const [made, seen] = [await online(page), await online(other)];
  if (seen.shownPly === ply && made.madePly === ply) results.latencyMs.push(seen.shownAt - made.madeAt);
  await waitFor(page, (ply) => shiftago.online().ply >= ply, ply, 60_000);
}

// ---- the tests -----------------------------------------------------------

// ---- the in-game controls (issue 25) ------------------------------------

// Screenshots of the in-game controls go to SHOTS (default artifacts).
const shots = process.env.SHOTS || artifacts;

// startPair has the phone create a game from the title (of players; a
// friend at every other seat) and the tablet take its seat through the
// invite link; with more seats, seat (the invite) fills the others
// before the tables are awaited.
async function startPair(players = 2, seat = async () => {}) {
  const phoneCtx = await s.context(PHONE);
  const tabletCtx = await s.context(TABLET);
  const phone = await open(phoneCtx);
  await waitFor(phone, () => shiftago.phase() === 'setup');
  await tapButton(phone, 'online');
  await waitFor(phone, () => shiftago.phase() === 'online');
  // The player's name, typed on the phone's keyboard: a tap on the box
  // gives the focus to the game's text field, a tap elsewhere ends it.
  await tapButton(phone, 'name');
  await waitFor(phone, () => shiftago.online().editing && document.activeElement && document.activeElement.tagName === 'TEXTAREA');
  await waitTicks(phone, 2); // the field's session starts on the frame after the focus
  await phone.keyboard.type('Ann', { delay: 150 });
  await waitFor(phone, () => shiftago.online().name === 'Ann', null, 30_000);
  await waitTicks(phone, 2);
  await phone.screenshot({ path: join(shots, 'name-phone.png'), timeout: 180_000 });
  await touch(phone, 'touchStart', [{ x: 20, y: 20 }]);
  await waitTicks(phone);
  await touch(phone, 'touchEnd', []);
  await waitFor(phone, () => !shiftago.online().editing && shiftago.online().name === 'Ann');
  if (players !== 2) await tapButton(phone, `players ${players}`);
  await tapButton(phone, 'create');
  await waitFor(phone, () => shiftago.online().stage === 'invite', null, 60_000);
  const inv = await online(phone);
  const tablet = await open(tabletCtx, new URL(inv.link).search);
  await waitFor(tablet, () => shiftago.phase() === 'online' && shiftago.online().stage === 'join');
  await tapButton(tablet, 'join');
  await seat(inv.code, tabletCtx);
  for (const p of [phone, tablet]) {
    try {
      await waitFor(p, () => { const o = shiftago.online(); return o && o.stage === 'table' && o.playing; }, null, 60_000);
    } catch (e) {
      // Say where each device stood, so a failure here can be read.
      for (const [name, q] of [['phone', phone], ['tablet', tablet]]) console.log(name, JSON.stringify(await online(q).catch((x) => String(x))));
      throw e;
    }
  }
  // The tablet's table names the phone's player, connected.
  await waitFor(tablet, () => shiftago.online().table.startsWith('human:Ann:connected'), null, 30_000);
  return { phone, tablet, close: async () => { await phoneCtx.close(); await tabletCtx.close(); } };
}

test('in the game: a takeback offered on the phone and accepted on the tablet; a resignation', { timeout: 900_000 }, async () => {
  mkdirSync(shots, { recursive: true });
  const { phone, tablet, close } = await startPair();
  // The phone (seat 0) moves first, by touch; the tablet shows it.
  await waitFor(phone, () => shiftago.online().myTurn && shiftago.phase() === 'playing');
  await playOne(phone, tablet, 'W1');
  await waitFor(tablet, () => shiftago.online().myTurn && shiftago.phase() === 'playing');

  // The phone's menu: no undo online; resign, takeback, rematch (off
  // until the end), leave.
  await tapButton(phone, 'menu');
  await waitFor(phone, () => shiftago.online().menu);
  const items = await api(phone, 'buttons');
  const ids = items.map((b) => b.id);
  for (const id of ['resign', 'takeback', 'rematch', 'leave']) assert.ok(ids.includes(id), `no ${id} in ${ids}`);
  assert.ok(!ids.includes('undo'), 'an undo in an online game');
  assert.equal(items.find((b) => b.id === 'rematch').enabled, false, 'a rematch offered while playing');
  await phone.screenshot({ path: join(shots, 'menu-phone.png'), timeout: 180_000 });

  // The takeback: asked on the tablet by name, accepted; both tables go
  // back to the start.
  await tapButton(phone, 'takeback');
  await waitFor(phone, () => shiftago.online().offers === 'takeback' && !shiftago.online().menu);
  await waitFor(tablet, () => shiftago.online().asked === 'takeback');
  const asked = await api(tablet, 'buttons');
  assert.ok(asked.some((b) => b.id === 'accept') && asked.some((b) => b.id === 'refuse'), JSON.stringify(asked.map((b) => b.id)));
  await tablet.screenshot({ path: join(shots, 'offer-tablet.png'), timeout: 180_000 });
  await phone.screenshot({ path: join(shots, 'offered-phone.png'), timeout: 180_000 });
  await tapButton(tablet, 'accept');
  // The phone's table is back where its player is to move (the move
  // shown going back first), the tablet's waits for her.
  await waitFor(phone, () => { const o = shiftago.online(); return o.ply === 0 && o.offers === '' && o.myTurn && shiftago.phase() === 'playing'; }, null, 60_000);
  await waitFor(tablet, () => { const o = shiftago.online(); return o.ply === 0 && o.offers === '' && !o.myTurn && shiftago.phase() === 'thinking'; }, null, 60_000);
  results.takeback = { phone: (await online(phone)).told, tablet: (await online(tablet)).told };
  assert.ok(results.takeback.tablet.length > 0, 'the takeback not told on the tablet');

  // The game goes on: the phone moves again, then resigns (confirmed).
  await playOne(phone, tablet, 'W1');
  await tapButton(phone, 'menu');
  await tapButton(phone, 'resign');
  await waitFor(phone, () => shiftago.online().sure);
  await phone.screenshot({ path: join(shots, 'resign-confirm-phone.png'), timeout: 180_000 });
  await tapButton(phone, 'sure');
  for (const p of [phone, tablet]) {
    // Said on the status line (the next frame after the state).
    await waitFor(p, () => { const o = shiftago.online(); return o.status === 'finished' && /resigned/.test(o.mark); }, null, 60_000);
    // Nobody is to move any more: no entry rings, no pulsing card.
    await waitFor(p, () => shiftago.phase() === 'over', null, 60_000);
  }
  const [po, to] = [await online(phone), await online(tablet)];
  assert.equal(po.result, 'win g');
  assert.match(po.why, /resigned/);
  results.resign = { phone: po.mark, tablet: to.mark };
  assert.match(to.mark, /^Ann resigned/, 'the resignation said on the tablet by name');
  await tablet.screenshot({ path: join(shots, 'resigned-tablet.png'), timeout: 180_000 });
  // After the end the menu offers a rematch.
  await tapButton(tablet, 'menu');
  assert.equal((await api(tablet, 'buttons')).find((b) => b.id === 'rematch').enabled, true);
  await tablet.screenshot({ path: join(shots, 'menu-over-tablet.png'), timeout: 180_000 });
  // The rematch: offered on the tablet, accepted on the phone; both
  // tables open the new game at its start, playing, its seats taken.
  const old = to.game;
  await tapButton(tablet, 'rematch');
  await waitFor(phone, () => shiftago.online().asked === 'rematch', null, 60_000);
  await tapButton(phone, 'accept');
  for (const p of [phone, tablet]) {
    await waitFor(p, (old) => { const o = shiftago.online(); return o.stage === 'table' && o.game !== old && o.status === 'playing' && o.ply === 0 && o.offers === ''; }, old, 60_000);
  }
  const [pn, tn] = [await online(phone), await online(tablet)];
  assert.equal(pn.game, tn.game, 'the phone and the tablet opened different rematches');
  assert.notEqual(await api(phone, 'phase'), 'over');
  results.rematch = { game: pn.game, phone: pn.mine, tablet: tn.mine };
  await tablet.screenshot({ path: join(shots, 'rematch-tablet.png'), timeout: 180_000 });
  await close();
});

// cid is a third player with no screen: a page of the server's origin
// (no game loaded) that speaks the protocol with fetch and a WebSocket.
async function cidJoins(ctx, code) {
  const page = await ctx.newPage();
  await page.goto(s.base + '/api/games', { timeout: kit.NAV_TIMEOUT }); // any page of the origin: a 401, no game
  return page.evaluate(async (code) => {
    const post = async (path, body, token) => {
      const r = await fetch(path, { method: 'POST', headers: token ? { Authorization: 'Bearer ' + token } : {}, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(path + ': ' + r.status + ' ' + await r.text());
      return r.json();
    };
    const g = await post('/api/guests', { name: 'Cid' });
    const j = await post('/api/join', { code }, g.token);
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/api/ws');
    await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
    const cid = { ws, game: j.game, seat: j.seats[0], ply: 0, status: '' };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.t === 'state') { cid.ply = m.ply; cid.status = m.status; }
      if (m.t === 'moved') cid.ply = Math.max(cid.ply, m.ply);
    };
    ws.send(JSON.stringify({ t: 'hello', v: 1, token: g.token, game: j.game, ply: 0 }));
    window.cid = cid;
    return { game: j.game, seat: cid.seat };
  }, code).then((info) => ({ page, ...info }));
}

test('in the game: a player of three resigns, and the computer takes the seat for everyone to see', { timeout: 900_000 }, async () => {
  mkdirSync(shots, { recursive: true });
  let cid;
  const { phone, tablet, close } = await startPair(3, async (code, ctx) => { cid = await cidJoins(ctx, code); });
  assert.equal(cid.seat, 2);
  await waitFor(tablet, () => shiftago.online().table.split('|')[2] === 'human:Cid:connected', null, 30_000);
  await cid.page.waitForFunction(() => window.cid.status === 'playing', null, { timeout: 30_000, polling: 100 });
  await cid.page.evaluate(() => window.cid.ws.send(JSON.stringify({ t: 'resign', ply: window.cid.ply, seat: window.cid.seat })));
  for (const p of [phone, tablet]) {
    await waitFor(p, () => { const o = shiftago.online(); return /^Cid resigned: the computer \((Beginner|Casual|Club|Master|Grandmaster)\) plays Blue now/.test(o.notice) && o.table.split('|')[2].startsWith('computer:'); }, null, 60_000);
  }
  await phone.screenshot({ path: join(shots, 'computer-phone.png'), timeout: 180_000 });
  await tablet.screenshot({ path: join(shots, 'computer-tablet.png'), timeout: 180_000 });
  results.computerSeat = (await online(tablet)).notice;
  await cid.page.close();
  await close();
});
