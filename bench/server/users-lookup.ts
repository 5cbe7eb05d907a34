import { randomBytes } from 'node:crypto';
import { type BenchApp, describeFailure } from './bench-app.ts';
import type { HttpClient } from './http-client.ts';
import { Recorder, runFor } from './stats.ts';

export interface UsersLookupResult {
  seconds: number;
  /** Lookups answered with the right user (each one request). */
  lookups: number;
  latency: Recorder;
  byId: Recorder;
  byEmail: Recorder;
}

/** A seeded user: the id the server gave and the email it was imported with. */
interface Seeded {
  id: string;
  email: string;
}

/**
 * Seeds `count` users through the users API's batch import (20 per call, spec document 2 §9),
 * untimed: the app's backend importing its existing users.
 */
export async function seedUsers(http: HttpClient, app: BenchApp, count: number): Promise<Seeded[]> {
  const run = randomBytes(4).toString('hex');
  const seeded: Seeded[] = [];
  for (let start = 0; start < count; start += 20) {
    const emails = Array.from(
      { length: Math.min(20, count - start) },
      (_, i) => `lookup-${run}-${start + i}@example.com`,
    );
    const res = await http.request<{ results?: { success: boolean; id?: string; error?: string }[] }>(
      'POST',
      '/api/v1/users/import',
      {
        headers: app.serverHeaders,
        body: { users: emails.map((address) => ({ linked_accounts: [{ type: 'email', address }] })) },
      },
    );
    const results = res.body.results ?? [];
    if (res.status !== 200 || results.some((r) => !r.success))
      throw new Error(`seeding users failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    results.forEach((r, i) => {
      seeded.push({ id: r.id!, email: emails[i]! });
    });
  }
  return seeded;
}

/**
 * Scenario (c): `connections` loops look seeded users up for `seconds`, alternating
 * `GET /v1/users/:id` (`@privy-io/node`'s spelling) and `POST /api/v1/users/email/address`
 * (server-auth's `getUserByEmail`), each with Basic auth as an app's backend sends it.
 */
export async function usersLookup(
  http: HttpClient,
  app: BenchApp,
  users: Seeded[],
  options: { seconds: number; connections: number },
): Promise<UsersLookupResult> {
  const latency = new Recorder();
  const byId = new Recorder();
  const byEmail = new Recorder();
  let lookups = 0;
  let n = 0;
  const seconds = await runFor(options.seconds, options.connections, async () => {
    const turn = n++;
    const user = users[Math.floor(Math.random() * users.length)]!;
    const viaId = turn % 2 === 0;
    try {
      const t0 = performance.now();
      const res = viaId
        ? await http.request<{ id?: string }>('GET', `/v1/users/${user.id}`, { headers: app.serverHeaders })
        : await http.request<{ id?: string }>('POST', '/api/v1/users/email/address', {
            headers: app.serverHeaders,
            body: { address: user.email },
          });
      const elapsed = performance.now() - t0;
      if (res.status !== 200 || res.body.id !== user.id)
        return latency.fail(describeFailure(viaId ? 'GET /v1/users/:id' : 'POST /users/email/address', res));
      latency.record(elapsed);
      (viaId ? byId : byEmail).record(elapsed);
      lookups += 1;
    } catch (error) {
      latency.fail(`network: ${(error as Error).message}`);
    }
  });
  return { seconds, lookups, latency, byId, byEmail };
}
