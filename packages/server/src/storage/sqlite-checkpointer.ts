import { Worker } from 'node:worker_threads';

/** How often the background thread copies the WAL's new pages into the database file. */
export const checkpointIntervalMs = 1000;

// The thread's whole program: its own connection to the file, a PASSIVE checkpoint per tick (it
// never waits for or blocks the server's reads and writes), and a clean close when told to stop.
const checkpointerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked: the next tick tries again; the server's own autocheckpoint is the backstop.
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread. A checkpoint copies the pages the WAL
 * gathered into the database file and syncs both; run by SQLite's autocheckpoint, it happens inside
 * the commit that crossed the threshold, on the server's one JavaScript thread, and every request
 * waits for the copy and the fsyncs (bench/server: logins/s fell by a third once the WAL grew).
 * Here they happen beside the server. The server's autocheckpoint stays on as a backstop, and then
 * finds little left to copy.
 */
export function startCheckpointer(path: string, intervalMs = checkpointIntervalMs): Checkpointer {
  const worker = new Worker(checkpointerSource, { eval: true, workerData: { path, intervalMs } });
  // Never what keeps the process alive, nor what brings it down.
  worker.unref();
  worker.on('error', () => {});
  return {
    async stop() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Waited for now: unreferenced, the thread would let a closing process exit mid-await.
      worker.ref();
      worker.postMessage('stop');
      await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 1000).unref())]);
      await worker.terminate();
    },
  };
}
