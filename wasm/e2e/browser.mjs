// What the browser tests share (e2e.test.mjs, perf.test.mjs): Chromium's
// switches, the bundle's server, the first-frame watch, the slow link.
import { spawn } from 'node:child_process';

// Debian's Chromium, headless, with software WebGL (SwiftShader) and
// nothing of its own on the network.
export const launchArgs = [
  '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic',
];

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
