// What the browser tests share (e2e.test.mjs, perf.test.mjs,
// firstvisit.test.mjs, and through online-kit.mjs the online ones):
// Chromium's path and switches, the bundle's server, the first-frame
// watches, the slow link, the yardstick page.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Debian's Chromium, headless, with software WebGL and nothing of its own
// on the network. WebGL runs on Mesa's llvmpipe through ANGLE's EGL back
// end where Mesa's EGL is installed (.ci/run installs it), else on
// Chromium's own SwiftShader: the two draw the same frames (28 pixels of a
// DPR-3 phone's 2.96 million differed by more than 2 levels of 255, at
// most by 11), but llvmpipe draws them faster, and a browser test is
// mostly software WebGL's frames: the play half took 746 CPU-s against
// 971, the online half 377 against 463, on 2 idle cores. Chromium
// blocklists llvmpipe as software, hence --ignore-gpu-blocklist; without
// Mesa's EGL it falls back to SwiftShader, which needs
// --enable-unsafe-swiftshader. glRenderer says which one a run got.
// The Chromium to run: CHROMIUM, else Debian's.
export const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

export const launchArgs = [
  '--headless', '--no-sandbox',
  '--use-gl=angle', '--use-angle=gl-egl', '--ignore-gpu-blocklist', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic',
];

// glRenderer is the WebGL renderer a page of browser gets, as WebGL names
// it ("ANGLE (Mesa/X.org, llvmpipe …)" or "ANGLE (Google, Vulkan 1.3.0
// (SwiftShader Device …))"), for the log: the figures a run prints depend
// on it.
export async function glRenderer(browser) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      if (!gl) return 'no WebGL 2';
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    });
  } finally {
    await page.close();
  }
}

// NAV_TIMEOUT bounds a page load. Playwright's default of 30 s is too short
// on a CI machine running the online tests beside these: a page whose
// load event waits behind a throttled .wasm transfer timed out there at
// 31 s (run of stop 51) although the game then ran. Nothing measures
// speed by this limit; the figures are taken from the page's own clock.
export const NAV_TIMEOUT = 180_000;

// A link for the start-up figures, as a good tablet on Wi-Fi or 4G has:
// 20 Mbit/s down, 40 ms round trip (Chromium's own throttling).
export const LINK = { offline: false, latency: 40, downloadThroughput: 20e6 / 8, uploadThroughput: 5e6 / 8 };

// serve starts the wasm/serve binary bin on dir at addr and resolves to
// {proc, base}.
export async function serve(bin, dir, addr = '127.0.0.1:0') {
  const proc = spawn(bin, ['-dir', dir, '-addr', addr, '-quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok, fail) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/at (http:\/\/\S+\/)/);
      if (m) ok(m[1]);
    });
    proc.on('exit', (code) => fail(new Error(`the server exited (${code})`)));
  });
  return { proc, base: url };
}

// stop ends a server started by serve and waits until it has gone.
export async function stop(proc) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((ok) => proc.once('exit', ok));
  proc.kill();
  await gone;
}

// watchFirstPlayable, an init script, has the page note when the game's
// first frame came (window.__firstPlayable, in ms from the navigation's
// start): the first animation frame in which phase() is no longer
// "loading".
export function watchFirstPlayable() {
  const f = () => {
    const p = window.shiftago && window.shiftago.phase && window.shiftago.phase();
    if (p && p !== 'loading' && p !== 'error') window.__firstPlayable = performance.now();
    else requestAnimationFrame(f);
  };
  requestAnimationFrame(f);
}

// watchFirstScreenDraw, an init script for the yardstick page (it has no
// phase()), notes as window.__firstPlayable the animation frame after the
// page's first WebGL draw to the screen (no framebuffer bound): the frame
// that shows it, as the game's watch notes the frame after its first tick.
export function watchFirstScreenDraw() {
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, attrs) {
    const gl = getContext.call(this, type, attrs);
    if (!gl || !/webgl/.test(type) || gl.__watched) return gl;
    gl.__watched = true;
    let bound = null, seen = false;
    const bindFramebuffer = gl.bindFramebuffer, drawElements = gl.drawElements;
    gl.bindFramebuffer = function (target, fb) { bound = fb; return bindFramebuffer.call(this, target, fb); };
    gl.drawElements = function (...args) {
      if (!bound && !seen) {
        seen = true;
        requestAnimationFrame(() => { window.__firstPlayable = performance.now(); });
      }
      return drawElements.apply(this, args);
    };
    return gl;
  };
}

// yardstickPage builds wasm/yardstick (from the repository at repo) into
// dir with a page that runs it: outside the bundle, so it never ships.
export function yardstickPage(repo, dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync('go', ['build', '-trimpath', '-ldflags', '-s -w', '-o', join(dir, 'yardstick.wasm'), './wasm/yardstick'],
    { cwd: repo, stdio: 'inherit', env: { ...process.env, GOOS: 'js', GOARCH: 'wasm', CGO_ENABLED: '0' } });
  const goroot = execFileSync('go', ['env', 'GOROOT'], { cwd: repo }).toString().trim();
  copyFileSync(join(goroot, 'lib/wasm/wasm_exec.js'), join(dir, 'wasm_exec.js'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; overflow: hidden; background: #000; }</style></head>
<body><script src="wasm_exec.js"></script><script>
const go = new Go();
WebAssembly.instantiateStreaming(fetch("yardstick.wasm"), go.importObject).then((r) => go.run(r.instance));
</script></body></html>
`);
}
