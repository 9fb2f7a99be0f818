// A lost WebGL context, in Debian's Chromium: the resting marbles are
// drawn again afterwards as before. The resting marbles are copied from a
// bake texture of their own that Ebitengine keeps off its shared atlas
// (an unmanaged image, issue 50); Ebitengine v2.10 restores no image after
// a lost context, managed or not, but reloads the page, and the page
// resumes the game from its save. Were the texture left empty or
// garbled with its map still saying "baked", the marbles would show so.
// Not part of npm test (a page load or two of software WebGL):
//
//   bash wasm/build.sh && cd wasm/e2e && npm ci && npm run -s contextlost
//
// Environment: BUNDLE (default dist/web), CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { executablePath, launchArgs, NAV_TIMEOUT, serve as serveWith, stop } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const bundle = resolve(repo, process.env.BUNDLE || 'dist/web');
const artifacts = join(here, 'artifacts');

// crowded: a crowded Expert board of three seats (scenes/game's
// partial_test.go), 18 marbles lying still with humans to move.
const crowded = 'o2b3/1g1o1g1/2b1o2/g1obgb1/2o1g2/1b1o1b1/3g3 expert ogb o 16,16,16 2,0,0 0,0,0';

let work, game, browser;

before(async () => {
  assert.ok(existsSync(join(bundle, 'index.html')), `no bundle in ${bundle}: build it first with bash wasm/build.sh`);
  mkdirSync(artifacts, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'shiftago-ctx-'));
  const bin = join(work, 'serve');
  execFileSync('go', ['build', '-o', bin, './wasm/serve'], { cwd: repo, stdio: 'inherit' });
  game = await serveWith(bin, bundle);
  browser = await chromium.launch({ executablePath, args: launchArgs, headless: true });
});

after(async () => {
  await browser?.close();
  await stop(game?.proc);
  if (work) rmSync(work, { recursive: true, force: true });
});

// still waits until the game is playing and has drawn nothing new for 10
// ticks in a row (idle frames are not drawn).
async function still(page) {
  await page.waitForFunction(() => window.shiftago && shiftago.phase() === 'playing', null, { timeout: NAV_TIMEOUT, polling: 200 });
  await page.waitForFunction(() => {
    const s = (window.__still ??= { f: -1, t: 0 });
    const f = shiftago.frames(), t = shiftago.ticks();
    if (f !== s.f) { s.f = f; s.t = t; return false; }
    return t - s.t >= 10;
  }, null, { timeout: NAV_TIMEOUT, polling: 100 });
  await page.evaluate(() => { delete window.__still; });
}

// differ counts the pixels of two PNG screenshots that differ by more
// than tol in a channel, decoded by the page's own 2D canvas.
const differ = (page, a, b, tol) => page.evaluate(async ([a, b, tol]) => {
  const px = async (png) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + png;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, c.width, c.height).data;
  };
  const [p, q] = [await px(a), await px(b)];
  let n = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (Math.abs(p[i] - q[i]) > tol || Math.abs(p[i + 1] - q[i + 1]) > tol || Math.abs(p[i + 2] - q[i + 2]) > tol) n++;
  }
  return { n, of: p.length / 4 };
}, [a.toString('base64'), b.toString('base64'), tol]);

test('after a lost WebGL context the page comes back with the resting marbles drawn as before', { timeout: 1_200_000 }, async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(game.base + '?players=3&seats=human,human,human&lang=en&position=' + encodeURIComponent(crowded), { timeout: NAV_TIMEOUT, waitUntil: 'commit' });
    await still(page);
    const position = await page.evaluate(() => shiftago.position());
    // A little while at rest, so that every resting marble is drawn from
    // the bake texture (baked the second time it is drawn).
    await page.waitForTimeout(2000);
    await still(page);
    const before = await page.screenshot();
    writeFileSync(join(artifacts, 'contextlost-before.png'), before);

    const lost = await page.evaluate(() => {
      const canvas = document.querySelector('canvas');
      const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
      const ext = gl && gl.getExtension('WEBGL_lose_context');
      if (!ext) return false;
      window.__beforeLoss = true; // gone once the page has reloaded
      ext.loseContext();
      return true;
    });
    assert.ok(lost, 'WEBGL_lose_context is not offered');
    await page.waitForFunction(() => !window.__beforeLoss && window.shiftago, null, { timeout: NAV_TIMEOUT, polling: 200 });
    await still(page);
    await page.waitForTimeout(2000);
    await still(page);
    assert.equal(await page.evaluate(() => shiftago.position()), position, 'the page came back with another position');
    const after = await page.screenshot();
    writeFileSync(join(artifacts, 'contextlost-after.png'), after);
    const d = await differ(page, before, after, 8);
    console.log(`after the lost context: ${d.n} of ${d.of} pixels differ by more than 8/255`);
    assert.ok(d.n <= d.of / 1000, `${d.n} of ${d.of} pixels differ from before the lost context (artifacts/contextlost-*.png)`);
    assert.deepEqual(errors, [], 'errors on the page');
  } finally {
    await ctx.close();
  }
});
