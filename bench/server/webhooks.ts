import { randomBytes } from 'node:crypto';
import { startWebhookReceiver } from '@latchkey/test/server';
import { type BenchApp, benchOrigin } from './bench-app.ts';
import type { HttpClient } from './http-client.ts';

export interface WebhookBenchResult {
  /** Deliveries the receiver acknowledged (each signature checked with `standardwebhooks`). */
  deliveries: number;
  /** From the first login until the last delivery arrived. */
  seconds: number;
  /** How long producing the events took (guest logins; two events each). */
  produceSeconds: number;
  /** Deliveries per second over the whole run. */
  perSecond: number;
  errors: number;
}

/**
 * Webhook deliveries per second to a local receiver: an app with one endpoint (every event type),
 * `logins` guest logins as fast as `connections` loops go (each writes user.created and
 * user.authenticated to the outbox), then the time until the receiver has acknowledged all of them.
 * The server process must allow loopback webhooks (server-process.ts does).
 */
export async function webhookDelivery(
  http: HttpClient,
  adminKey: string,
  options: { logins: number; connections: number },
): Promise<WebhookBenchResult> {
  const receiver = await startWebhookReceiver();
  try {
    const admin = { authorization: `Bearer ${adminKey}` };
    const created = await http.request<{ id: string }>('POST', '/admin/v1/apps', {
      headers: admin,
      body: {
        name: 'Webhook bench',
        allowed_domains: [benchOrigin],
        environment: 'production',
        guest_auth: true,
      },
    });
    if (created.status !== 200) throw new Error(`creating the app failed: ${created.status}`);
    const app: Pick<BenchApp, 'id' | 'clientHeaders'> = {
      id: created.body.id,
      clientHeaders: { 'privy-app-id': created.body.id, origin: benchOrigin },
    };
    const endpoint = await http.request<{ secret: string }>('POST', `/admin/v1/apps/${app.id}/webhooks`, {
      headers: admin,
      body: { url: `${receiver.url}/hook` },
    });
    if (endpoint.status !== 200) throw new Error(`creating the endpoint failed: ${endpoint.status}`);
    receiver.secret = endpoint.body.secret;

    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (next < options.logins) {
          next++;
          const res = await http.request('POST', '/api/v1/guest/authenticate', {
            headers: app.clientHeaders,
            body: { guest_credential: randomBytes(32).toString('base64url') },
          });
          if (res.status !== 200) errors++;
        }
      }),
    );
    const produceSeconds = (performance.now() - started) / 1000;
    const expected = (options.logins - errors) * 2;
    await receiver.waitFor((got) => got.length >= expected, 300_000);
    const seconds = (performance.now() - started) / 1000;
    return {
      deliveries: receiver.received.length,
      seconds,
      produceSeconds,
      perSecond: receiver.received.length / seconds,
      errors: errors + receiver.requests - receiver.all.length,
    };
  } finally {
    await receiver.close();
  }
}
