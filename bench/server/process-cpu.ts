/**
 * CPU time of processes read from Linux's `/proc/<pid>/stat`, for "server CPU per operation": a
 * snapshot before a measured run and one after, and the difference. CPU time is the steadiest figure
 * on a shared machine: other load slows a server's wall clock, much less the CPU each request costs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of `/proc/<pid>/stat` the bench uses; times in clock ticks (`getconf CLK_TCK`). */
export interface ProcStat {
  pid: number;
  /** The executable's name, as the kernel reports it (may hold spaces and parentheses). */
  comm: string;
  ppid: number;
  /** User and system time of the process itself. */
  utime: number;
  stime: number;
  /** User and system time of its children that it has waited for (exited and reaped). */
  cutime: number;
  cstime: number;
}

/**
 * Parses one `/proc/<pid>/stat` line (proc(5)). The name is in parentheses and may itself hold
 * spaces or `)`, so the fields are counted from the last `)`.
 */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  // After the name: field 3 (state) onwards, so field n is rest[n - 3].
  const rest = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isInteger(value)) throw new Error(`/proc/<pid>/stat field ${n} is not a number`);
    return value;
  };
  return {
    pid: Number(line.slice(0, open).trim()),
    comm: line.slice(open + 1, close),
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

/** The process's stat, or null when it has exited (or this is not Linux). */
export function readProcStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** Clock ticks per second of the `/proc` times (100 on nearly every Linux). */
export function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    if (Number.isInteger(ticks) && ticks > 0) return ticks;
  } catch {}
  return 100;
}

/** CPU ticks by process id at one moment. */
export type CpuSnapshot = Map<number, number>;

/**
 * The CPU ticks of `rootPid` and every live descendant (a `--workers N` server's workers), the root
 * counting its reaped children too (a worker that died and was replaced). Empty when it has exited.
 */
export function snapshotProcessTree(rootPid: number): CpuSnapshot {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(Number(entry));
    if (stat) stats.push(stat);
  }
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const snapshot: CpuSnapshot = new Map();
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return snapshot;
  snapshot.set(root.pid, root.utime + root.stime + root.cutime + root.cstime);
  const queue = [...(children.get(root.pid) ?? [])];
  for (let stat = queue.shift(); stat; stat = queue.shift()) {
    snapshot.set(stat.pid, stat.utime + stat.stime);
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return snapshot;
}

/** The CPU ticks of each of `pids` that is still running (PostgreSQL backends, say). */
export function snapshotProcesses(pids: Iterable<number>): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const pid of pids) {
    const stat = readProcStat(pid);
    if (stat) snapshot.set(pid, stat.utime + stat.stime);
  }
  return snapshot;
}

/**
 * Milliseconds of CPU spent between two snapshots: for each process in `after`, its ticks less
 * those it had in `before` (all of them when it started in between). A process that exited in
 * between is not in `after`, so its share of the window is missed (the bench's servers and
 * database connections live through each run).
 */
export function cpuMillisBetween(before: CpuSnapshot, after: CpuSnapshot, ticksPerSecond: number): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += Math.max(0, now - (before.get(pid) ?? 0));
  return (ticks * 1000) / ticksPerSecond;
}
