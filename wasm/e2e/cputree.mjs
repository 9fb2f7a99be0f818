// cpuTree: the CPU seconds this node process and everything it started
// (Chromium's browser, GPU and renderer processes, the servers) have used,
// read from /proc. CI's machine is busy throughout a run, so a test's wall
// time says more of its neighbours than of the test; its CPU seconds say
// what it costs, and what merging or trimming it would save. A process
// that has ended counts once its parent has waited for it (its parent's
// cutime), as Chromium's zygote does for its renderers; the figure is 0
// where /proc is missing (not Linux).
import { readdirSync, readFileSync } from 'node:fs';

const hz = 100; // USER_HZ: 100 on every Linux of ours (getconf CLK_TCK)

// stat reads a process's parent and its CPU ticks (its own, user and
// system, and its waited-for children's), or null if it has gone.
function stat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields count
    // from the last ')'.
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: +f[1], ticks: +f[11] + +f[12] + +f[13] + +f[14] };
  } catch {
    return null;
  }
}

// cpuSeconds is the CPU time of root (default: this process) and all its
// living descendants, their ended children included.
export function cpuSeconds(root = process.pid) {
  let all;
  try {
    all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  const procs = new Map();
  for (const d of all) {
    const s = stat(d);
    if (s) procs.set(+d, s);
  }
  const kids = new Map();
  for (const [pid, s] of procs) {
    if (!kids.has(s.ppid)) kids.set(s.ppid, []);
    kids.get(s.ppid).push(pid);
  }
  let ticks = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop();
    const s = procs.get(pid);
    if (!s) continue;
    ticks += s.ticks;
    todo.push(...(kids.get(pid) || []));
  }
  return ticks / hz;
}

// perTestCPU, called at a test file's top level with node:test's
// beforeEach and afterEach, prints each test's CPU seconds (this process's
// tree) after it ends, and the file's sum at the end, so CI's log says
// where the browser tests' CPU goes.
export function perTestCPU({ beforeEach, afterEach, after }) {
  const start = cpuSeconds();
  let t0 = start;
  beforeEach(() => { t0 = cpuSeconds(); });
  afterEach((t) => {
    console.log(`cpu: ${(cpuSeconds() - t0).toFixed(1)} s: ${t.name}`);
  });
  after(() => {
    console.log(`cpu: ${(cpuSeconds() - start).toFixed(1)} s in all (node, Chromium and the servers it started)`);
  });
}
