import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { DevOutbox } from '../delivery/dev-outbox.ts';
import type { Logger } from '../logger.ts';
import { shutdownGraceMs } from '../server.ts';
import {
  type AnswerBody,
  channel,
  isForget,
  isOurs,
  type ShutdownMessage,
  type WorkerRequest,
} from './messages.ts';

export interface PrimaryOptions {
  workers: number;
  log: Logger;
  /** The dev outbox the workers share (development mode without SMTP / Twilio), else null. */
  devOutbox: DevOutbox | null;
  /** Keep the rate limit counters for the workers (rate limits on, no Redis to share them in). */
  countRateLimits: boolean;
  /** Called once, when every worker listens, with the address they share. */
  onListening(address: { address: string | null; port: number }): void;
}

/** A worker that lived this long before dying was healthy: its death does not grow the back-off. */
const healthyMs = 10_000;
const firstRestartMs = 100;
const maxRestartMs = 30_000;

/**
 * Restart delay after `quickDeaths` workers in a row died within `healthyMs` of starting: 100 ms,
 * doubling up to 30 s, so a worker that crashes at once (database down, bad deploy) does not spin
 * the CPU while one that died after hours of service is back at once.
 */
export function restartDelayMs(quickDeaths: number): number {
  return Math.min(maxRestartMs, firstRestartMs * 2 ** quickDeaths);
}

/**
 * The primary process of `latchkey serve --workers N`: forks the workers (the same command line,
 * run by `cluster.fork`), which share one listening port (Node's cluster hands connections to them
 * in turn). It serves no HTTP itself. It keeps what must be one per machine: the rate limit counters
 * when there is no Redis, and the dev outbox; it passes cache invalidations between the workers and
 * sums their metrics for a scrape. A worker that dies is restarted with back-off; SIGTERM
 * or SIGINT asks every worker to finish its requests and exit, and resolves with 0 once all exited
 * cleanly. Rejects when a worker dies before every worker has listened once (a start-up failure:
 * restarting would fail the same way).
 */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const { log } = options;
  if (options.countRateLimits) new RateLimiterClusterMaster();
  // Sums the workers' metrics for a scrape (cluster/worker-metrics.ts).
  const aggregator = new AggregatorRegistry();
  const startedAt = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  const listened = new Set<number>();
  let ready = false;
  let stopping = false;
  let clean = true;
  let failure: Error | null = null;
  let quickDeaths = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  return new Promise<number>((resolve, reject) => {
    const finish = (result: () => void) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      cluster.removeAllListeners('message');
      cluster.removeAllListeners('listening');
      cluster.removeAllListeners('exit');
      result();
    };
    // A worker that exited may stay listed until its IPC channel closes.
    const alive = () =>
      Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());

    function stop() {
      if (stopping) return;
      stopping = true;
      for (const timer of restarts) clearTimeout(timer);
      restarts.clear();
      if (!failure) log.info('stopping workers', { workers: alive().length });
      for (const worker of alive()) {
        if (worker.isConnected()) worker.send({ channel, type: 'shutdown' } satisfies ShutdownMessage);
        else worker.process.kill('SIGTERM');
      }
      // A worker's own grace period cuts slow requests; this is for a worker that hangs anyway.
      setTimeout(() => {
        for (const worker of alive()) {
          clean = false;
          log.error('worker did not stop in time; killing it', { worker: worker.process.pid });
          worker.process.kill('SIGKILL');
        }
      }, shutdownGraceMs + 5_000).unref();
      if (alive().length === 0) finish(() => (failure ? reject(failure) : resolve(clean ? 0 : 1)));
    }
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    cluster.on('message', (worker, message: unknown) => {
      if (isForget(message)) {
        for (const other of alive()) if (other !== worker && other.isConnected()) other.send(message);
        return;
      }
      if (!isOurs(message) || !('id' in message)) return;
      const request = message as WorkerRequest;
      const answer = (body: AnswerBody) => {
        if (worker.isConnected()) worker.send({ channel, id: request.id, ...body });
      };
      if (request.type === 'metrics')
        return void aggregator.clusterMetrics().then(
          (body) => answer({ ok: true, metrics: { body, contentType: aggregator.contentType } }),
          (error: Error) => answer({ ok: false, error: `metrics: ${error.message}` }),
        );
      const outbox = options.devOutbox;
      if (!outbox) return answer({ ok: false, error: 'the development outbox is off' });
      if (request.type === 'outbox.send') void outbox.send(request.message).then(() => answer({ ok: true }));
      else if (request.type === 'outbox.read')
        answer({ ok: true, messages: outbox.list(request.appId, request.to) });
    });

    cluster.on('listening', (worker, address) => {
      log.info('worker listening', { worker: worker.process.pid, port: address.port });
      if (ready) return;
      listened.add(worker.id);
      if (listened.size < options.workers) return;
      ready = true;
      options.onListening({ address: address.address, port: address.port });
    });

    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
      startedAt.delete(worker);
      if (stopping) {
        if (code !== 0 || signal) clean = false;
        if (alive().length === 0) finish(() => (failure ? reject(failure) : resolve(clean ? 0 : 1)));
        return;
      }
      if (!ready) {
        // Its own error is on stderr above; the others would fail the same way, so all stop.
        failure = new Error(
          `a worker exited (${signal ?? `code ${code}`}) before listening; its error is above`,
        );
        stop();
        return;
      }
      quickDeaths = lived < healthyMs ? quickDeaths + 1 : 0;
      const delay = restartDelayMs(quickDeaths);
      log.error('worker exited; restarting it', {
        worker: worker.process.pid,
        ...(signal ? { signal } : { code }),
        lived_ms: lived,
        restart_in_ms: delay,
      });
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) fork();
      }, delay);
      restarts.add(timer);
    });

    for (let i = 0; i < options.workers; i++) fork();
  });
}
