import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, postgresSchema, runCli } from '@latchkey/test/server/processes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Each case spawns the CLI (a Node process loading the server's sources).
vi.setConfig({ testTimeout: 180_000 });

const targets = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** `latchkey apps telegram`: the feature's own subcommand of `latchkey apps` (Feature.appCommands). */
describe.each(targets)('latchkey apps telegram (%s)', (target) => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let dropSchema: (() => Promise<void>) | null = null;
  let appId: string;
  const secret = randomBytes(26).toString('base64url');
  const token = `7123456789:${secret}`;

  const run = (args: string[]) => runCli([...args, '--data-dir', dataDir], { env });
  const tokenFile = async (text: string) => {
    const path = join(dataDir, '..', `bot-token-${randomBytes(4).toString('hex')}`);
    await writeFile(path, text);
    return path;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-telegram-cli-'));
    env = { ...cleanEnv(), LATCHKEY_DEVELOPMENT: 'true' };
    if (target === 'postgres') {
      const schema = await postgresSchema();
      env.DATABASE_URL = schema.url;
      dropSchema = schema.drop;
    }
    const created = await run(['apps', 'create', '--name', 'Telegram CLI', '--json']);
    expect(created.code, created.stderr).toBe(0);
    appId = (JSON.parse(created.stdout) as { id: string }).id;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.keys`, { recursive: true, force: true });
    await dropSchema?.();
  });

  it('sets the bot from a token file, turns Telegram on, and shows the token only as set', async () => {
    const file = await tokenFile(`${token}\n`);
    const res = await run([
      'apps',
      'telegram',
      appId,
      '--bot-token-file',
      file,
      '--bot-name',
      'latchkey_cli_bot',
      '--seamless',
      '--json',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout + res.stderr).not.toContain(secret);
    expect(JSON.parse(res.stdout).settings.telegram_bot_token).toBe('set');

    const shown = await run(['apps', 'show', appId, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).not.toContain(secret);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      config: {
        telegram_auth: true,
        telegram_auth_config: {
          bot_id: '7123456789',
          bot_name: 'latchkey_cli_bot',
          link_enabled: true,
          seamless_auth_enabled: true,
        },
        telegram_seamless_auth_enabled: true,
      },
      settings: { telegram_bot_token: 'set' },
    });
    // The human output lists what changed, the token as set.
    const again = await run(['apps', 'telegram', appId, '--bot-token-file', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/telegram_bot_token\s*:?\s*set/);
    expect(again.stdout).not.toContain(secret);

    if (target === 'sqlite') {
      // Sealed at rest: no file of the data dir holds the token.
      for (const name of await readdir(dataDir)) {
        const bytes = await readFile(join(dataDir, name)).catch(() => null);
        if (bytes) expect(bytes.includes(secret), name).toBe(false);
      }
    }
  });

  it('refuses a file without a token (exit 1, the file named and its text never shown) and a missing flag', async () => {
    const text = 'just-some-private-notes';
    const bad = await run(['apps', 'telegram', appId, '--bot-token-file', await tokenFile(text)]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/does not hold a bot token/);
    expect(bad.stderr).not.toContain(text);
    const missing = await run(['apps', 'telegram', appId]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/needs --bot-token-file/);
    const unreadable = await run(['apps', 'telegram', appId, '--bot-token-file', join(dataDir, 'absent')]);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toMatch(/--bot-token-file .*absent: cannot read it/);
  });
});
