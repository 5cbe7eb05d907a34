import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Secp256k1Sign } from '@latchkey/keys';

/*
 * secp256k1 signatures on a thread of their own. A server-wallet signature request spends its CPU on
 * HTTP, the database, the P-256 checks of its authorization (already on libuv's pool) and the
 * signature itself; the server's one JavaScript thread is what limits how many it answers, so the
 * signature (libsecp256k1 in WebAssembly, about 0.1 ms) runs here, beside it (bench/server: SQLite
 * signs/s rose from about 1,300 to 1,500 on the 2-vCPU machine).
 *
 * Custody (docs/security.md §10): the key goes to the thread in a buffer of its own that is moved
 * there (transferred, not copied: no stray copy is left behind on this side); the thread zeroes it
 * and the library's own copy after the one signature. The thread holds no key between requests and
 * reads nothing else: it gets a digest and a key and answers a signature.
 */

// The thread's whole program (CommonJS, so it runs as is from source and from dist).
const threadSource = `
const { parentPort, workerData } = require('node:worker_threads');
const secp256k1 = require(workerData.library);
parentPort.on('message', ({ id, digest, key }) => {
  try {
    const { signature, recoveryId } = secp256k1.signRecoverable(digest, key);
    parentPort.postMessage({ id, signature, recovery: recoveryId });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    key.fill(0);
  }
});
`;

interface Pending {
  resolve: (value: { signature: Uint8Array; recovery: number }) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; signature: Uint8Array; recovery: number } | { id: number; error: string };

/** The CommonJS build of tiny-secp256k1, found from this package (the server may run from any cwd). */
const library = createRequire(import.meta.url).resolve('tiny-secp256k1');

let thread: Worker | null = null;
const pending = new Map<number, Pending>();
let lastId = 0;

/** A thread that ended takes its unanswered requests with it (they fail); the next request starts another. */
function failAll(error: Error): void {
  thread = null;
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function started(): Worker {
  if (thread) return thread;
  const worker = new Worker(threadSource, { eval: true, workerData: { library } });
  // Never what keeps a process alive: a server's sockets do that, and a test's process may end.
  worker.unref();
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ('error' in answer) waiting.reject(new Error(`secp256k1 signature refused: ${answer.error}`));
    else waiting.resolve({ signature: answer.signature, recovery: answer.recovery });
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', () => {
    if (thread === worker) failAll(new Error('the signing thread stopped'));
  });
  thread = worker;
  return worker;
}

/** `@latchkey/keys`' signer hook, answered by the signing thread. */
export const signOnThread: Secp256k1Sign = (digest, privateKey) => {
  const worker = started();
  const id = ++lastId;
  // A buffer of its own, moved to the thread: the caller zeroes `privateKey`, the thread this copy.
  const moved = privateKey.slice();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, digest, key: moved }, [moved.buffer]);
  });
};

/** Starts the thread ahead of the first signature (its library compiles in about 20 ms). */
export function warmSigningThread(): void {
  started();
}

/** Ends the thread (tests; a server that closes need not: the thread never holds the process open). */
export async function stopSigningThread(): Promise<void> {
  const worker = thread;
  failAll(new Error('the signing thread was stopped'));
  if (worker) await worker.terminate();
}
