// CPU time (user + system, ms) of processes, read from /proc (Linux): what the benchmark reports per
// part (api processes, PostgreSQL, the load generator), so that a run on a shared machine can be read.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid: number): { ppid: number; self: number; children: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) in parentheses.
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), self: (Number(f[11]) + Number(f[12])) * TICK_MS, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null; // the process ended
  }
}

/** CPU ms used by `pid` itself. */
export function processCpuMs(pid: number): number {
  return stat(pid)?.self ?? 0;
}

/** CPU ms used by `pid`, its live children and the children it has reaped (PostgreSQL's postmaster and backends). */
export function treeCpuMs(pid: number): number {
  const root = stat(pid);
  if (!root) return 0;
  let total = root.self + root.children;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.ppid === pid) total += s.self;
  }
  return total;
}

/** The postmaster of the throwaway cluster (PG_DATA_DIR, exported by scripts/lib-pg-cluster.sh), if any. */
export function postmasterPid(): number | null {
  const dir = process.env.PG_DATA_DIR;
  if (!dir) return null;
  try {
    return Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}
