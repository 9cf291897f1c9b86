// CPU time of other processes on Linux, from /proc/<pid>/stat (user + system), for the benches'
// per-request budget: each server instance, and the PostgreSQL cluster (its postmaster and
// every process it started), beside the load generator's own process.cpuUsage().
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond;
const clockTicks = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** A process's parent pid and CPU time so far in µs; undefined once it is gone. */
function stat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: the fields after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), cpuUs: ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicks() };
}

/** CPU time so far (µs) of `pid` alone. */
export function processCpuUs(pid) {
  return stat(pid)?.cpuUs ?? 0;
}

/** CPU time so far (µs) of `pid` and its children (PostgreSQL's postmaster and its backends). */
export function processTreeCpuUs(pid) {
  let total = processCpuUs(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(entry);
    if (child?.ppid === pid) total += child.cpuUs;
  }
  return total;
}

/** The parent pid of `pid` (a backend's is the postmaster). */
export function parentPid(pid) {
  return stat(pid)?.ppid;
}
