// One player on many devices in a real browser (issue 47): Ann on a phone
// (390×844, by touch) makes a game against the computer, then "Link
// another device" (Ratings → Devices) shows a one-time code; a desktop
// (1280×800, by mouse) types it on its keyboard in its own Devices page
// and becomes Ann: the same name, the same game in My games, where it
// plays a move. Both lists show both devices. The phone revokes the
// desktop: the desktop's WebSocket closes with 4403 and its table says
// it is signed out. A recovery code made on the phone brings a fresh
// context (a tablet, by touch) back as Ann. Each device has its own user
// agent (an iPhone's Safari, Firefox on Windows, Chrome on an iPad), and
// the lists name it by it. A real shiftago-server
// serves the built web app (BUNDLE, default dist/web) and the game
// service on one origin.
//
//   bash wasm/build.sh && (cd wasm/e2e && npm ci && node --test devices.test.mjs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as kit from './online-kit.mjs';

const { api, online, waitFor, waitTicks, touch, tapButton, tapFirst } = kit;
// DPR 1: what the pages do is checked here; a frame in software WebGL
// costs by its pixels.
const PHONE = { ...kit.PHONE, deviceScaleFactor: 1 };
const TABLET = { ...kit.TABLET, deviceScaleFactor: 1 };
const DESKTOP = { ...kit.DESKTOP, deviceScaleFactor: 1 };
const shots = process.env.SHOTS || kit.artifacts;
// A failure says where each device stood, with a screenshot of each.
const s = kit.suite('devices', { shots });

// device opens the web app in a new context as the device size (its
// screen, touch or mouse, user agent). Every WebSocket's close code is
// noted in window.wsCloses, and the most refused auths one socket was
// told in window.wsToldAuth.
async function device(name, size) {
  const ctx = await s.context(size);
  await ctx.addInitScript(() => {
    const WS = window.WebSocket;
    window.wsCloses = [];
    window.wsOpened = 0;
    window.wsToldAuth = 0;
    window.WebSocket = class extends WS {
      constructor(...args) {
        super(...args);
        window.wsOpened++;
        let told = 0;
        this.addEventListener('message', (e) => {
          if (typeof e.data === 'string' && /"t":"refused"/.test(e.data) && /"code":"auth"/.test(e.data)) window.wsToldAuth = Math.max(window.wsToldAuth, ++told);
        });
        this.addEventListener('close', (e) => window.wsCloses.push(e.code));
      }
    };
  });
  const page = await s.open(ctx);
  s.pages[name] = page;
  await waitFor(page, () => shiftago.phase() === 'setup');
  await tapButton(page, 'online');
  await waitFor(page, () => shiftago.phase() === 'online');
  return { ctx, page };
}

// toDevices goes from the online page to Ratings, then Devices, and
// waits for the list (or the word that this device has no player).
async function toDevices(page) {
  await tapButton(page, 'ratings');
  await waitFor(page, () => shiftago.phase() === 'profile', null, 60_000);
  await tapButton(page, 'devices');
  await waitFor(page, () => { const o = shiftago.online(); return shiftago.phase() === 'devices' && !o.busy; }, null, 60_000);
}

// assertNames checks that the Devices page lists the devices made as
// sizes (the phone, the desktop…) by the names their user agents give.
async function assertNames(page, sizes) {
  const want = sizes.map(kit.nameOf).sort();
  assert.ok(want.every(Boolean), 'a device without a known user agent');
  assert.deepEqual((await online(page)).devices.split(',').sort(), want);
}

// backToOnline leaves Devices and Ratings for the online page.
async function backToOnline(page) {
  await tapButton(page, 'back');
  await waitFor(page, () => shiftago.phase() === 'profile', null, 60_000);
  await tapButton(page, 'back');
  await waitFor(page, () => shiftago.phase() === 'online', null, 60_000);
}

// typeCode types a code into the Devices page's box on the keyboard, as
// a person does, and sends it with Enter held across a tick.
async function typeCode(page, code) {
  await tapButton(page, 'code');
  await waitFor(page, () => document.activeElement && document.activeElement.tagName === 'TEXTAREA');
  await waitTicks(page, 2); // the field's session starts on the frame after the focus
  await page.keyboard.type(code, { delay: 150 });
  await waitFor(page, (code) => shiftago.online().typed.replace(/\s/g, '') === code, code, 30_000);
  await page.keyboard.down('Enter');
  await waitTicks(page);
  await page.keyboard.up('Enter');
}

test('one player on a phone and a desktop: link, same games, revoke, recovery', { timeout: 900_000 }, async () => {
  mkdirSync(shots, { recursive: true });
  const phone = await device('phone', PHONE);

  // Ann names herself on the phone's keyboard and makes a game against
  // the computer: it starts at once, hers to move.
  await tapButton(phone.page, 'name');
  await waitFor(phone.page, () => shiftago.online().editing && document.activeElement && document.activeElement.tagName === 'TEXTAREA');
  await waitTicks(phone.page, 2);
  await phone.page.keyboard.type('Ann', { delay: 150 });
  await waitFor(phone.page, () => shiftago.online().name === 'Ann', null, 30_000);
  await touch(phone.page, 'touchStart', [{ x: 20, y: 20 }]); // a tap elsewhere ends the typing
  await waitTicks(phone.page);
  await touch(phone.page, 'touchEnd', []);
  await waitFor(phone.page, () => !shiftago.online().editing);
  await tapButton(phone.page, 'seat 1'); // a friend → the computer
  await tapButton(phone.page, 'create');
  await waitFor(phone.page, () => { const o = shiftago.online(); return o.stage === 'table' && o.playing; }, null, 60_000);
  const game = (await online(phone.page)).game;
  // Leaving the table (it took the online page's place) goes to the
  // title; the game goes on on the server.
  await tapButton(phone.page, 'menu');
  await tapButton(phone.page, 'leave');
  await waitFor(phone.page, () => shiftago.phase() === 'setup', null, 60_000);
  await tapButton(phone.page, 'online');
  await waitFor(phone.page, () => shiftago.phase() === 'online' && shiftago.online().name === 'Ann', null, 60_000);

  // "Link another device": a code, its link and its QR code.
  await toDevices(phone.page);
  await waitFor(phone.page, () => shiftago.online().count === 1, null, 60_000);
  await tapButton(phone.page, 'link');
  await waitFor(phone.page, () => shiftago.online().stage === 'link' && shiftago.online().code, null, 60_000);
  const { code, link } = await online(phone.page);
  assert.ok(link.includes('?link=' + code), link);
  await phone.page.screenshot({ path: join(shots, 'devices-link-phone.png'), timeout: 180_000 });

  // The desktop types it in its own Devices page (it had no player).
  const desk = await device('desktop', DESKTOP);
  await toDevices(desk.page);
  await typeCode(desk.page, code);
  await waitFor(desk.page, () => { const o = shiftago.online(); return o.count === 2 && o.typed === '' && !o.busy; }, null, 60_000);
  // Each device named as its user agent says: an iPhone's Safari, a
  // desktop's Firefox on Windows.
  await assertNames(desk.page, [PHONE, DESKTOP]);
  await desk.page.screenshot({ path: join(shots, 'devices-list-desktop.png'), timeout: 180_000 });
  // The phone, still showing the code, sees the desktop come: its list
  // shows again with both.
  await waitFor(phone.page, () => { const o = shiftago.online(); return o.stage === 'devices' && o.count === 2; }, null, 60_000);
  await assertNames(phone.page, [PHONE, DESKTOP]);
  await phone.page.screenshot({ path: join(shots, 'devices-list-phone.png'), timeout: 180_000 });

  // The same player: her name on the online page, her game in My games,
  // where the desktop opens it and plays a move by mouse.
  await backToOnline(desk.page);
  await waitFor(desk.page, () => shiftago.online().name === 'Ann', null, 30_000);
  await tapButton(desk.page, 'mygames');
  await waitFor(desk.page, (g) => { const o = shiftago.online(); return o.stage === 'mygames' && o.fetched && o.games.includes(g); }, game, 60_000);
  await tapFirst(desk.page, 'game');
  await waitFor(desk.page, (g) => { const o = shiftago.online(); return o.stage === 'table' && o.game === g && o.myTurn && o.state === 'connected'; }, game, 60_000);
  await waitFor(desk.page, () => shiftago.phase() === 'playing', null, 60_000);
  const rand = kit.rng(47);
  const ply = (await online(desk.page)).ply;
  await kit.wanderDrag(desk.page, kit.pick(await api(desk.page, 'moves'), '', rand).slice(0, 2), rand);
  await waitFor(desk.page, (n) => shiftago.online().ply > n && shiftago.online().pending === 0, ply, 60_000);

  // Revoked on the phone (a second tap confirms): the desktop's socket
  // closes with 4403, and its table says it is signed out.
  await tapFirst(phone.page, 'revoke');
  await tapFirst(phone.page, 'revoke');
  await waitFor(phone.page, () => { const o = shiftago.online(); return o.count === 1 && !o.busy; }, null, 60_000);
  await waitFor(desk.page, () => window.wsCloses.includes(4403), null, 60_000);
  await waitFor(desk.page, () => { const o = shiftago.online(); return o.state === 'signedout' && /^Signed out/.test(o.mark) && !o.playing; }, null, 60_000);
  await waitTicks(desk.page, 2);
  // Told once on its socket (the server said it twice: TestServeRevokedToldOnce).
  assert.equal(await desk.page.evaluate(() => window.wsToldAuth), 1, 'the revoked desktop told other than once on a socket');
  await desk.page.screenshot({ path: join(shots, 'devices-signedout-desktop.png'), timeout: 180_000 });
  await desk.ctx.close();

  // A recovery code, made on the phone and shown once, brings a fresh
  // context back as Ann: both devices listed, her name on the online page.
  await tapButton(phone.page, 'recovery');
  await waitFor(phone.page, () => shiftago.online().recovery !== '' && !shiftago.online().busy, null, 60_000);
  const recovery = (await online(phone.page)).recovery;
  await phone.page.screenshot({ path: join(shots, 'devices-recovery-phone.png'), timeout: 180_000 });
  const tablet = await device('tablet', TABLET);
  await toDevices(tablet.page);
  await typeCode(tablet.page, recovery);
  await waitFor(tablet.page, () => { const o = shiftago.online(); return o.count === 2 && o.typed === '' && !o.busy; }, null, 60_000);
  await assertNames(tablet.page, [PHONE, TABLET]);
  await backToOnline(tablet.page);
  await waitFor(tablet.page, () => shiftago.online().name === 'Ann', null, 30_000);
  for (const d of [phone, tablet]) await d.ctx.close();
});
