import { availableParallelism } from 'node:os';

/** The most workers `--workers` takes: far above any core count this runs on, below a typo's. */
export const maxWorkers = 256;

/**
 * The number of server processes `--workers` (or `LATCHKEY_WORKERS`) asks for: a count, or `auto`
 * for one per core the process may use (`os.availableParallelism()`). Unset is 1: one process, no
 * cluster. Returns null for anything else, which the CLI reports as a usage error.
 */
export function workerCount(text: string | undefined): number | null {
  if (text === undefined || text === '') return 1;
  if (text === 'auto') return availableParallelism();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= maxWorkers ? n : null;
}
