// The lobby in a real browser (issue 47): a phone (390×844) and a tablet
// (820×1180) that are not friends, each a guest of its own, find each
// other through quick pairing (a rated game, a day per move), while a
// third context watches that game from the lobby's list; they play it
// by touch and the phone resigns: both are rated. Then they meet again
// through "Play now": the phone makes a public game, the tablet joins it
// from the list in one tap. A real shiftago-server serves the built web
// app (BUNDLE, default dist/web) and the game service on one origin.
//
//   bash wasm/build.sh && (cd wasm/e2e && npm ci && node --test lobby.test.mjs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as kit from './online-kit.mjs';

const { api, online, waitFor, tapButton, tapFirst } = kit;
// DPR 1: the controls are what is checked here; a frame in software
// WebGL costs by its pixels.
const PHONE = { ...kit.PHONE, deviceScaleFactor: 1 };
const TABLET = { ...kit.TABLET, deviceScaleFactor: 1 };
// A failure says where each page stood.
const s = kit.suite('lobby');

// toLobby opens the web app in a new context as the device size and
// goes to the lobby from the title, through the online page.
async function toLobby(name, size) {
  const ctx = await s.context(size);
  const page = await s.open(ctx);
  s.pages[name] = page;
  await waitFor(page, () => shiftago.phase() === 'setup');
  await tapButton(page, 'online');
  await waitFor(page, () => shiftago.phase() === 'online');
  await tapButton(page, 'lobby');
  await waitFor(page, () => shiftago.phase() === 'lobby' && shiftago.online().open !== undefined);
  return { ctx, page };
}

// Two minutes: at load 82 a tablet paired was not at its table within one.
const atTable = (page) => waitFor(page, () => { const o = shiftago.online(); return o && o.stage === 'table' && o.playing; }, null, 120_000);

// Half an hour in all: every wait has its own limit, and at load 80 on
// two cores a run was still going, no wait failed, at 900 s.
test('a phone and a tablet meet by quick pairing and in Play now; a third context watches', { timeout: 1_800_000 }, async () => {
  // The watcher's page loads first, while no other page runs: loaded
  // third, beside two tables, its navigation passed 180 s at load 80.
  // Until the game is under way it waits in the lobby, drawing nothing.
  const watcher = await toLobby('watcher', TABLET);
  const phone = await toLobby('phone', PHONE);
  const tablet = await toLobby('tablet', TABLET);

  // Quick pairing: a rated game, a day per move (the page's choice as
  // it opens; 'permove 3' in the create page's list, after Live, 5+3
  // and 10+5). Not a clock: a first move is then due a minute after the
  // pairing (as it was with a minute per move), and on a loaded machine the third context's page took longer than that
  // to load, so the phone lost on time before its first move and the
  // game had left the lobby's live list before the watcher looked. The
  // phone waits alone (the page says so), then the tablet asks the same.
  for (const d of [phone, tablet]) {
    await tapButton(d.page, 'permove 3');
    await tapButton(d.page, 'rated');
  }
  await tapButton(phone.page, 'find');
  await waitFor(phone.page, () => shiftago.online().waiting && shiftago.online().queue === 1, null, 60_000);
  await tapButton(tablet.page, 'find');
  await atTable(tablet.page);
  await atTable(phone.page);
  const game = (await online(phone.page)).game;
  assert.equal((await online(tablet.page)).game, game, 'paired into two games');

  // A third context watches it from the lobby's list.
  await waitFor(watcher.page, () => shiftago.online().live >= 1, null, 60_000);
  await tapFirst(watcher.page, 'watch');
  await waitFor(watcher.page, (g) => { const o = shiftago.online(); return o && o.stage === 'table' && o.game === g && o.watching; }, game, 60_000);

  // Two moves by touch, each on the mover's device; then the phone's
  // player resigns: the rated game is over, seen by all three.
  const rand = kit.rng(47);
  for (let i = 0; i < 2; i++) {
    const mover = (await online(phone.page)).myTurn ? phone.page : tablet.page;
    await waitFor(mover, () => shiftago.phase() === 'playing', null, 60_000);
    const ply = (await online(mover)).ply;
    const e = kit.pick(await api(mover, 'moves'), '', rand);
    await kit.wanderDrag(mover, e.slice(0, 2), rand);
    for (const p of [phone.page, tablet.page, watcher.page]) await waitFor(p, (n) => shiftago.online().ply > n, ply, 60_000);
  }
  await tapButton(phone.page, 'menu');
  await tapButton(phone.page, 'resign');
  await waitFor(phone.page, () => shiftago.online().sure);
  await tapButton(phone.page, 'sure');
  for (const p of [phone.page, tablet.page, watcher.page]) await waitFor(p, () => shiftago.online().status === 'finished', null, 60_000);
  // Both rated: the leaderboard lists two players, one game each.
  let board = [];
  for (let t = 0; t < 100 && board.length < 2; t++) {
    board = await (await fetch(`${s.base}/api/leaderboard?variant=express&players=2`)).json();
    if (board.length < 2) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(board.length, 2, JSON.stringify(board));
  assert.ok(board.every((r) => r.games === 1 && r.provisional), JSON.stringify(board));

  // Play now: the phone makes a public game (the online page's choice)
  // and the tablet joins it from the lobby in one tap.
  // Leave the finished table: back in the lobby, and the phone back on
  // the online page.
  for (const p of [phone.page, tablet.page]) {
    await tapButton(p, 'menu');
    await tapButton(p, 'leave');
    await waitFor(p, () => shiftago.phase() === 'lobby', null, 60_000);
  }
  await tapButton(phone.page, 'back');
  await waitFor(phone.page, () => shiftago.phase() === 'online');
  await tapButton(phone.page, 'public 1');
  await tapButton(phone.page, 'create');
  await waitFor(phone.page, () => shiftago.online().stage === 'invite', null, 60_000);
  await waitFor(tablet.page, () => shiftago.online().open >= 1, null, 60_000);
  await tapFirst(tablet.page, 'join');
  await atTable(tablet.page);
  await atTable(phone.page);
  assert.equal((await online(tablet.page)).game, (await online(phone.page)).game);
  for (const d of [phone, tablet, watcher]) await d.ctx.close();
});
