import { randomBytes } from 'node:crypto';
import { type BenchApp, describeFailure, enterEmailCode, readEmailCode, sendEmailCode } from './bench-app.ts';
import type { HttpClient } from './http-client.ts';
import { Recorder, runFor } from './stats.ts';

export interface EmailLoginResult {
  seconds: number;
  logins: number;
  /** init + authenticate calls that were timed (the outbox reads are not counted). */
  requests: number;
  /** Latency of the init + authenticate pair, outbox read excluded. */
  pair: Recorder;
  init: Recorder;
  authenticate: Recorder;
}

/**
 * Scenario (a): `connections` loops each log a fresh email in (init, read the code from the dev
 * outbox, authenticate) for `seconds`. Only the init and authenticate calls are timed.
 */
export async function emailLogin(
  http: HttpClient,
  app: BenchApp,
  options: { seconds: number; connections: number },
): Promise<EmailLoginResult> {
  const run = randomBytes(4).toString('hex');
  const pair = new Recorder();
  const init = new Recorder();
  const authenticate = new Recorder();
  let logins = 0;
  let requests = 0;
  let next = 0;
  const seconds = await runFor(options.seconds, options.connections, async () => {
    const email = `bench-${run}-${next++}@example.com`;
    try {
      const t0 = performance.now();
      const sent = await sendEmailCode(http, app, email);
      const t1 = performance.now();
      requests += 1;
      if (sent.status !== 200) return pair.fail(describeFailure('init', sent));
      const code = await readEmailCode(http, app, email);
      if (!code) return pair.fail('dev outbox: no code');
      const t2 = performance.now();
      const auth = await enterEmailCode(http, app, email, code);
      const t3 = performance.now();
      requests += 1;
      if (auth.status !== 200 || auth.body.session_update_action !== 'set' || !auth.body.token)
        return pair.fail(describeFailure('authenticate', auth));
      init.record(t1 - t0);
      authenticate.record(t3 - t2);
      pair.record(t1 - t0 + (t3 - t2));
      logins += 1;
    } catch (error) {
      pair.fail(`network: ${(error as Error).message}`);
    }
  });
  return { seconds, logins, requests, pair, init, authenticate };
}
