// shots.mjs: screenshots of the screens around the table in Chromium, to
// hold one build against another (issue 50's before and after). Not a
// test and not run by CI: a maintainer's tool.
//
//   node shots.mjs BUNDLE OUTDIR     (npm run shots -- BUNDLE OUTDIR)
//
// BUNDLE is a folder wasm/build.sh made (any commit's); OUTDIR gets
// SCREEN-SIZE[-LANG].png for the title (setup), settings, rules, records,
// puzzles, online page and a game in progress, at a notched phone (390x844
// at DPR 3, safe-area insets 59/34 as the e2e tests emulate), a tablet
// (820x1180 at DPR 2), both by touch, and a laptop (1280x800, by mouse),
// in English, and on the phone in German too (the browser's locale: a
// fresh profile has no language chosen in the game). SHOTS_SIZES and
// SHOTS_SCREENS narrow them (comma-separated names). A shot already in
// OUTDIR is kept, not taken again: a run stopped half-way goes on.
// wasm/shots.sh builds two commits' bundles and makes contact sheets.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { executablePath, launchArgs, NAV_TIMEOUT, serve, stop } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const [bundleArg, outArg] = process.argv.slice(2);
if (!bundleArg || !outArg) {
  console.error('usage: node shots.mjs BUNDLE OUTDIR');
  process.exit(2);
}
const bundle = resolve(bundleArg), out = resolve(outArg);
mkdirSync(out, { recursive: true });

// A mid-game position of three players (the one TestArtShots draws).
const MID = 'o2b3/1g1o1g1/2b1o2/g1obgb1/2o1g2/1b1o1b1/3g3 expert ogb o 16,16,16 2,0,0 0,0,0';
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true, insets: { top: 59, bottom: 34, left: 0, right: 0 } },
  tablet: { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true },
  laptop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, hasTouch: false, isMobile: false },
};
// Each screen: the title's button that opens it and the phase it shows.
const SCREENS = [
  ['title', null, 'setup'], ['settings', 'settings', 'settings'], ['rules', 'rules', 'rules'],
  ['records', 'records', 'records'], ['puzzles', 'puzzles', 'puzzle'], ['online', 'online', 'online'],
];
const pick = (env, all) => (process.env[env] ? process.env[env].split(',') : all);
const sizes = pick('SHOTS_SIZES', Object.keys(SIZES));
const screens = pick('SHOTS_SCREENS', [...SCREENS.map((s) => s[0]), 'game']);
const runs = sizes.flatMap((s) => (s === 'phone' ? [[s, 'en'], [s, 'de']] : [[s, 'en']]));

const api = (page, fn, ...args) => page.evaluate(([fn, args]) => window.shiftago[fn](...args), [fn, args]);
const waitPhase = (page, phases, timeout = 300_000) => page.waitForFunction((ps) => ps.includes(shiftago.phase()), phases, { timeout, polling: 100 });
async function waitTicks(page, n) {
  const t = await api(page, 'ticks');
  await page.waitForFunction((t) => shiftago.ticks() >= t, t + n, { timeout: 60_000, polling: 50 });
}
// still: nothing new drawn for 15 ticks (what moves has come to rest),
// or, on a screen that keeps moving (the rules' demonstration), after a
// few tries: the shot is then of a moment of it.
async function still(page) {
  await waitTicks(page, 10);
  for (let i = 0; i < 4; i++) {
    const f = await api(page, 'frames');
    await waitTicks(page, 15);
    if (await api(page, 'frames') === f) return;
  }
}
// press holds a finger (or the mouse) on the button id for a few ticks,
// as a hand does: a tap that starts and ends between two ticks is missed.
async function press(page, id, touch) {
  const b = (await api(page, 'buttons')).find((b) => b.id === id);
  if (!b) throw new Error(`no button ${id}: ${(await api(page, 'buttons')).map((b) => b.id).join(' ')}`);
  if (touch) {
    const pt = (type, pts) => page.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((p) => ({ ...p, radiusX: 4, radiusY: 4, force: 1 })) });
    await pt('touchStart', [{ x: b.x, y: b.y }]);
    await waitTicks(page, 6);
    await pt('touchEnd', []);
  } else {
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    await waitTicks(page, 4);
    await page.mouse.up();
  }
  await waitTicks(page, 2);
}

async function openPage(ctx, size, q) {
  const page = await ctx.newPage();
  page.on('console', (m) => /panic/.test(m.text()) && console.error(m.text()));
  await page.goto(base + q, { timeout: NAV_TIMEOUT });
  await page.waitForFunction(() => window.shiftago && shiftago.phase() !== 'loading', null, { timeout: 180_000, polling: 100 });
  page.cdp = await ctx.newCDPSession(page);
  if (size.insets) await page.cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: size.insets });
  return page;
}

const serveBin = join(tmpdir(), `shiftago-shots-serve-${process.pid}`);
execFileSync('go', ['build', '-o', serveBin, './wasm/serve'], { cwd: repo, stdio: 'inherit' });
const { proc, base } = await serve(serveBin, bundle);
const browser = await chromium.launch({ executablePath, args: launchArgs, headless: true });
// Stopped by a signal: the server and the browser go with the script.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, async () => {
    await browser.close().catch(() => {});
    await stop(proc);
    rmSync(serveBin, { force: true });
    process.exit(1);
  });
}
try {
  for (const [sizeName, lang] of runs) {
    const size = SIZES[sizeName];
    const { insets, ...opts } = size;
    const suffix = `${sizeName}${lang === 'en' ? '' : '-' + lang}`;
    const ctx = await browser.newContext({ ...opts, locale: lang === 'de' ? 'de-DE' : 'en-US' });
    try {
      let page = await openPage(ctx, size, '');
      await waitPhase(page, ['setup']);
      for (const [name, id, phase] of SCREENS) {
        if (!screens.includes(name) || existsSync(join(out, `${name}-${suffix}.png`))) continue;
        if (id) {
          // A press the game missed (a loaded machine's slow ticks) is
          // pressed again.
          for (let i = 0; ; i++) {
            await press(page, id, opts.hasTouch);
            try {
              await waitPhase(page, [phase], 90_000);
              break;
            } catch (e) {
              if (i === 2) throw e;
            }
          }
        }
        await still(page);
        await page.screenshot({ path: join(out, `${name}-${suffix}.png`), timeout: 180_000 });
        console.log(`${name}-${suffix}.png`);
        if (id) {
          await press(page, 'back', opts.hasTouch);
          await waitPhase(page, ['setup']);
        }
      }
      if (screens.includes('game') && !existsSync(join(out, `game-${suffix}.png`))) {
        await page.close();
        page = await openPage(ctx, size, '?seats=human,human,human&position=' + encodeURIComponent(MID));
        await waitPhase(page, ['playing']);
        await still(page);
        await page.screenshot({ path: join(out, `game-${suffix}.png`), timeout: 180_000 });
        console.log(`game-${suffix}.png`);
      }
    } finally {
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await stop(proc);
  rmSync(serveBin, { force: true });
}
