// Experiment (not committed): latency from release to first animation frame
// on the other device, phone DPR3 + tablet DPR2, 2-player online game.
import { chromium } from 'playwright-core';
import * as kit from './online-kit.mjs';
const { api, online, waitFor, tapButton } = kit;
const rand = kit.rng(7);
const bin = process.env.SHIFTAGO;
const data = kit.tempData('lat');
const { proc, url: base } = await kit.serve(bin, data);
const browser = await chromium.launch({ executablePath: kit.executablePath, args: kit.launchArgs, headless: true });
const lines = [];
const browser2 = process.env.SEP ? await chromium.launch({ executablePath: kit.executablePath, args: kit.launchArgs, headless: true }) : browser;
const phoneCtx = await browser.newContext(kit.PHONE), tabletCtx = await browser2.newContext(kit.TABLET);
const phone = await kit.open(phoneCtx, base, '', lines);
await waitFor(phone, () => shiftago.phase() === 'setup');
await tapButton(phone, 'online');
await waitFor(phone, () => shiftago.phase() === 'online');
await tapButton(phone, 'create');
await waitFor(phone, () => shiftago.online().stage === 'invite', null, 60_000);
const inv = await online(phone);
const tablet = await kit.open(tabletCtx, base, new URL(inv.link).search, lines);
await waitFor(tablet, () => shiftago.phase() === 'online' && shiftago.online().stage === 'join');
await tapButton(tablet, 'join');
for (const p of [phone, tablet]) await waitFor(p, () => { const o = shiftago.online(); return o && o.stage === 'table' && o.playing; }, null, 120_000);
const lat = [], arr = [], idle = [];
const pages = [phone, tablet];
const N = +(process.env.N || 8);
for (let i = 0; i < N; i++) {
  const me = pages[i % 2], other = pages[1 - i % 2];
  await waitFor(me, () => shiftago.online().myTurn && shiftago.phase() === 'playing', null, 120_000);
  // idle frame rate of the waiting device over 2 s
  const f0 = await api(other, 'frames'), t0 = Date.now();
  await new Promise((r) => setTimeout(r, 2000));
  const f1 = await api(other, 'frames');
  idle.push(+((f1 - f0) / ((Date.now() - t0) / 1000)).toFixed(1));
  await other.evaluate(() => { window.__log = []; const f = () => { const o = shiftago.online(); window.__log.push([Date.now(), shiftago.ticks(), shiftago.frames(), o.arrivedPly, o.shownPly]); if (window.__log.length < 400) requestAnimationFrame(f); }; requestAnimationFrame(f); });
  const ply = (await online(me)).ply + 1;
  const e = kit.pick(await api(me, 'moves'), i % 2 ? 'E' : 'W', rand);
  await kit.wanderDrag(me, e.slice(0, 2), rand);
  for (const p of pages) await waitFor(p, (ply) => shiftago.online().ply >= ply, ply, 120_000);
  const made = await online(me), o = await online(other);
  if (o.shownPly === ply && made.madePly === ply) lat.push(o.shownAt - made.madeAt);
  if (o.arrivedPly === ply && made.madePly === ply) arr.push(o.arrivedAt - made.madeAt);
  await waitFor(other, () => shiftago.phase() !== 'animating', null, 120_000);
  if (process.env.LOG && i >= 2 && i < 4) { const lg = await other.evaluate(() => window.__log); const t0 = made.madeAt; console.log('move', i, 'madeAt', t0, lg.filter((r) => r[0] > t0 - 1500 && r[0] < t0 + 2000).map((r) => [r[0] - t0, ...r.slice(1)]).map((r) => r.join(',')).join(' | ')); }
}
const q = (xs, p) => { const l = xs.slice().sort((a, b) => a - b); return l[Math.min(l.length - 1, Math.ceil(p * l.length) - 1)]; };
console.log(JSON.stringify({ lat, arr, idleFps: idle, p50: q(lat, 0.5), p95: q(lat, 0.95) }));
await browser.close(); if (browser2 !== browser) await browser2.close();
await kit.kill(proc);
