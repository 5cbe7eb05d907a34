import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, runCli } from '@latchkey/test/server/processes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Each test spawns CLI processes (Node start, migrations): on two cores shared with other test
// workers that takes longer than the default 30 s. No figure is asserted.
vi.setConfig({ testTimeout: 180_000 });

/** `latchkey webhooks …` on an SQLite data dir, as an operator runs it. */
describe('latchkey webhooks CLI', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-wh-cli-'));
    env = { ...cleanEnv(), LATCHKEY_DEVELOPMENT: 'true' };
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.keys`, { recursive: true, force: true });
  });

  const run = (args: string[]) => runCli([...args, '--data-dir', dataDir], { env });

  it('creates (secret shown once), lists, shows deliveries, resends and deletes endpoints', async () => {
    const app = await run(['apps', 'create', '--name', 'Hooks', '--json']);
    expect(app.code, app.stderr).toBe(0);
    const appId = (JSON.parse(app.stdout) as { id: string }).id;

    const created = await run([
      'webhooks',
      'create',
      appId,
      '--url',
      'https://hooks.example.com/latchkey',
      '--event',
      'user.created',
      '--event',
      'mfa.enabled',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const endpoint = JSON.parse(created.stdout) as { id: string; secret: string; event_types: string[] };
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.event_types).toEqual(['user.created', 'mfa.enabled']);

    const list = await run(['webhooks', 'list', appId, '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject([
      { id: endpoint.id, url: 'https://hooks.example.com/latchkey' },
    ]);
    expect(list.stdout).not.toContain(endpoint.secret.slice(6));

    const deliveries = await run(['webhooks', 'deliveries', appId, endpoint.id, '--json']);
    expect(deliveries.code, deliveries.stderr).toBe(0);
    expect(JSON.parse(deliveries.stdout)).toEqual([]);

    const resend = await run(['webhooks', 'resend', appId, endpoint.id, 'nosuchdelivery']);
    expect(resend.code).toBe(1);
    expect(resend.stderr).toContain(`no delivery nosuchdelivery for webhook endpoint ${endpoint.id}`);

    const deleted = await run(['webhooks', 'delete', appId, endpoint.id, '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse((await run(['webhooks', 'list', appId, '--json'])).stdout)).toEqual([]);
  });

  it('refuses an unknown event type, a bad URL and a missing app with a message', async () => {
    const unknown = await run([
      'webhooks',
      'create',
      'x'.repeat(25),
      '--url',
      'https://a.example',
      '--event',
      'nope',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown event type "nope"');
    const noApp = await run(['webhooks', 'list', 'x'.repeat(25)]);
    expect(noApp.code).toBe(1);
    expect(noApp.stderr).toContain('no app');
    const app = JSON.parse((await run(['apps', 'create', '--name', 'Bad URL', '--json'])).stdout) as {
      id: string;
    };
    const badUrl = await run(['webhooks', 'create', app.id, '--url', 'ftp://example.com/']);
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain('Invalid webhook URL');
  });
});
