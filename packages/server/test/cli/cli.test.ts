import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cleanEnv,
  postgresSchema,
  runCli,
  type ServerProcess,
  startServerProcess,
} from '@latchkey/test/server/processes';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// Each test spawns CLI processes (Node start, migrations): on two cores shared with other test
// workers that takes longer than the default 30 s. No figure is asserted.
vi.setConfig({ testTimeout: 180_000 });

const targets = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(targets)('latchkey CLI (%s)', (target) => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let dropSchema: (() => Promise<void>) | null = null;
  const servers: ServerProcess[] = [];
  // Flag checks, messages and settings the CLI writes through the storage layer run on SQLite only; the
  // PostgreSQL run keeps the cases whose point is the database: creating and listing apps, serving
  // from it, `dev` on it, and refusing another master key or key store on it. (Each case spawns CLI
  // processes.)
  const cliOnly = it.runIf(target === 'sqlite');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-cli-'));
    // `serve --port 0` cannot know its public URL in advance: development mode takes the listening address.
    env = { ...cleanEnv(), LATCHKEY_DEVELOPMENT: 'true' };
    if (target === 'postgres') {
      const schema = await postgresSchema();
      env.DATABASE_URL = schema.url;
      dropSchema = schema.drop;
    }
  });

  afterEach(() => {
    // A failed test must not leave a server running.
    for (const server of servers.splice(0)) void server.stop('SIGKILL');
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    // The development key store's file, beside the data dir.
    await rm(`${dataDir}.keys`, { recursive: true, force: true });
    await dropSchema?.();
  });

  const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
    runCli([...args, '--data-dir', dataDir], { env: { ...env, ...extraEnv } });

  /** Starts `serve --port 0` (or `dev`); stopped after the test if it is still running. */
  const serve = async (command: 'serve' | 'dev' = 'serve', extra: string[] = []) => {
    const server = await startServerProcess([command, '--port', '0', '--data-dir', dataDir, ...extra], {
      env,
      timeoutMs: 20_000,
    });
    servers.push(server);
    return server;
  };

  let app: { id: string; secret: string };

  it('apps create --json prints the id and secret', async () => {
    const res = await run([
      'apps',
      'create',
      '--name',
      'Demo',
      '--allowed-domain',
      'http://localhost:5173',
      '--json',
    ]);
    expect(res.code, res.stderr).toBe(0);
    const body = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: expect.stringMatching(/^[a-z0-9]{25}$/),
      secret: expect.any(String),
      name: 'Demo',
      allowed_domains: ['http://localhost:5173'],
    });
    expect((body.secret as string).length).toBeGreaterThanOrEqual(32);
    app = { id: body.id as string, secret: body.secret as string };
  });

  it('apps update --set applies the fields', async () => {
    const res = await run([
      'apps',
      'update',
      app.id,
      '--set',
      'sms_auth=true',
      '--set',
      'allowlist_enabled=true',
      '--set',
      'allowlist_config.error_title=Hi',
      '--set',
      'allowlist_config.cta_text=Join us',
      '--json',
    ]);
    expect(res.code, res.stderr).toBe(0);
    const body = JSON.parse(res.stdout) as { id: string; config: Record<string, unknown> };
    expect(body.id).toBe(app.id);
    expect(body.config).toMatchObject({
      sms_auth: true,
      allowlist_enabled: true,
      email_auth: true,
      allowlist_config: { error_title: 'Hi', cta_text: 'Join us', error_detail: null, cta_link: null },
    });
  });

  it('turns Farcaster login on as docs/farcaster.md writes it: apps update <id> --set farcaster_auth=true', async () => {
    const res = await run(['apps', 'update', app.id, '--set', 'farcaster_auth=true', '--json']);
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as { config: Record<string, unknown> }).config).toMatchObject({
      farcaster_auth: true,
    });
  });

  cliOnly('apps update --set sets OAuth credentials, the secret sealed and shown only as set', async () => {
    const res = await run([
      'apps',
      'update',
      app.id,
      '--set',
      'google_oauth=true',
      '--set',
      'oauth_credentials.google.client_id=123-abc.apps.googleusercontent.com',
      '--set',
      'oauth_credentials.google.client_secret=cli-google-secret',
      '--set',
      'return_oauth_tokens=true',
      '--json',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).not.toContain('cli-google-secret');
    const body = JSON.parse(res.stdout) as {
      config: Record<string, unknown>;
      settings: Record<string, unknown>;
    };
    expect(body.config.google_oauth).toBe(true);
    expect(body.settings).toMatchObject({
      return_oauth_tokens: true,
      oauth_credentials: {
        google: { client_id: '123-abc.apps.googleusercontent.com', client_secret: 'set' },
      },
    });
    const typo = await run(['apps', 'update', app.id, '--set', 'oauth_credentials.gogle.client_id=x']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('Invalid oauth_credentials.gogle: unknown OAuth provider');
  });

  cliOnly('apps oauth sets a provider from secret files and turns it on', async () => {
    const secretFile = join(dataDir, '..', `github-secret-${randomBytes(4).toString('hex')}`);
    await writeFile(secretFile, 'cli-github-secret\n');
    const keyFile = join(dataDir, '..', `apple-${randomBytes(4).toString('hex')}.p8`);
    await writeFile(
      keyFile,
      '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----\n',
    );
    try {
      const github = await run([
        'apps',
        'oauth',
        app.id,
        'github',
        '--client-id',
        '81234567',
        '--client-secret-file',
        secretFile,
        '--json',
      ]);
      expect(github.code, github.stderr).toBe(0);
      expect(github.stdout).not.toContain('cli-github-secret');
      expect(JSON.parse(github.stdout).settings.oauth_credentials.github).toEqual({
        client_id: '81234567',
        client_secret: 'set',
      });
      const apple = await run([
        'apps',
        'oauth',
        app.id,
        'apple',
        '--client-id',
        'com.example.web',
        '--team-id',
        'ABCDE12345',
        '--key-id',
        'KEY1234567',
        '--private-key-file',
        keyFile,
        '--json',
      ]);
      expect(apple.code, apple.stderr).toBe(0);
      expect(apple.stdout).not.toContain('MIGTAgEAMBMG');
      expect(JSON.parse(apple.stdout).settings.oauth_credentials.apple).toMatchObject({ private_key: 'set' });
      const custom = await run([
        'apps',
        'oauth',
        app.id,
        'custom:acme',
        '--client-id',
        'acme',
        '--client-secret-file',
        secretFile,
        '--issuer',
        'https://login.acme.example',
        '--display-name',
        'Acme',
        '--json',
      ]);
      expect(custom.code, custom.stderr).toBe(0);
      const listed = await run(['apps', 'update', app.id, '--set', 'github_oauth=true', '--json']);
      const config = JSON.parse(listed.stdout).config;
      expect(config.github_oauth).toBe(true);
      expect(config.apple_oauth).toBe(true);
      expect(config.custom_oauth_providers).toEqual([
        { provider: 'custom:acme', provider_display_name: 'Acme', provider_icon_url: null, enabled: true },
      ]);
      const unknown = await run(['apps', 'oauth', app.id, 'myspace', '--client-id', 'x']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Unknown provider "myspace"');
    } finally {
      await rm(secretFile, { force: true });
      await rm(keyFile, { force: true });
    }
  });

  cliOnly('apps update --set turns cookie sessions on and off (a server setting)', async () => {
    for (const on of [true, false]) {
      const res = await run(['apps', 'update', app.id, '--set', `cookie_sessions=${on}`, '--json']);
      expect(res.code, res.stderr).toBe(0);
      const body = JSON.parse(res.stdout) as { settings: Record<string, unknown> };
      expect(body.settings).toMatchObject({ cookie_sessions: on, cookie_domain: null });
    }
  });

  cliOnly('an invalid --set exits non-zero with a message', async () => {
    const cases: [string[], RegExp][] = [
      [['--set', 'sms_auth=maybe'], /sms_auth/],
      [['--set', 'no_such_field=1'], /no_such_field/],
      [['--set', 'sms_auth'], /field=value/],
      [['--set', 'mfa_methods=["email"]'], /mfa_methods: email is not an MFA method/],
      // Atomic: the valid half (email_auth=false) must not be applied; the serve test checks it.
      [
        ['--set', 'email_auth=false', '--set', `allowlist_config.error_title=${'x'.repeat(201)}`],
        /allowlist_config\.error_title/,
      ],
      // A parent domain is checked against the public URL, which this environment does not set.
      [['--set', 'cookie_domain=example.com'], /cookie_domain.*LATCHKEY_PUBLIC_URL/],
    ];
    for (const [args, message] of cases) {
      const res = await run(['apps', 'update', app.id, ...args, '--json']);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stderr, args.join(' ')).toMatch(message);
      expect(res.stdout).toBe('');
    }
  });

  it('apps list --json lists the app', async () => {
    const res = await run(['apps', 'list', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const list = JSON.parse(res.stdout) as Record<string, unknown>[];
    expect(list).toEqual([
      expect.objectContaining({ id: app.id, name: 'Demo', allowed_domains: ['http://localhost:5173'] }),
    ]);
    expect(res.stdout).not.toContain(app.secret);
  });

  it('serve prints its URL and the admin key once, answers with the app, and stops on SIGTERM', async () => {
    const first = await serve();
    expect(first.output()).toMatch(/Admin key \(shown once/);
    const adminKey = first.output().match(/Admin key \(shown once[^:]*: (\S+)/)?.[1];
    expect(adminKey).toBeDefined();

    const res = await fetch(`${first.url}/api/v1/apps/${app.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: app.id,
      name: 'Demo',
      allowed_domains: ['http://localhost:5173'],
      sms_auth: true,
      email_auth: true,
      allowlist_enabled: true,
      allowlist_config: { error_title: 'Hi', cta_text: 'Join us' },
      custom_api_url: null,
    });
    // The printed admin key works on the admin API.
    const admin = await fetch(`${first.url}/admin/v1/apps`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toEqual([app.id]);
    // The secret works as Basic auth.
    const basic = await fetch(`${first.url}/api/v1/apps/${app.id}/test_credentials`, {
      headers: {
        'privy-app-id': app.id,
        authorization: `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(200);
    expect(await first.stop()).toBe(0);
    await expect(fetch(`${first.url}/health`)).rejects.toThrow();

    expect(first.output()).toContain(`Dashboard:   ${first.url}/dashboard\n`);

    // A later start shows no key, but says how to get a new one; the command it prints works, on the
    // running server at once.
    const second = await serve();
    expect(second.output()).not.toMatch(/Admin key \(shown once/);
    const again = await fetch(`${second.url}/admin/v1/apps`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(again.status).toBe(200);
    const hint = second
      .output()
      .match(/Admin key: +shown on the first start only; lost it\? `latchkey ([^`]+)`/);
    expect(hint?.[1]).toBe(`admin-key --rotate --data-dir ${dataDir}`);
    const rotated = await runCli(hint![1]!.split(' '), { env });
    expect(rotated.code, rotated.stderr).toBe(0);
    const newKey = rotated.stdout.match(/Admin key \(shown once, keep it safe\): (\S+)/)?.[1];
    const withKey = (key: string) =>
      fetch(`${second.url}/admin/v1/apps`, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey(adminKey!)).status).toBe(401);
    expect((await withKey(newKey!)).status).toBe(200);
    // Without --rotate nothing changes; with LATCHKEY_ADMIN_KEY set, it is changed there.
    const bare = await run(['admin-key']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/cannot be shown again; `latchkey admin-key --rotate` makes a new one/);
    const fromEnv = await run(['admin-key', '--rotate'], { LATCHKEY_ADMIN_KEY: 'k'.repeat(40) });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toMatch(/LATCHKEY_ADMIN_KEY on this server: change it there/);
    expect((await withKey(newKey!)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });

  cliOnly('a bad port, a short admin key or an unknown app id exits non-zero with a message', async () => {
    const badPort = await run(['serve', '--port', 'eighty']);
    expect(badPort.code).not.toBe(0);
    expect(badPort.stderr).toMatch(/--port/);
    const noPublicUrl = await run(['serve', '--port', '0'], { LATCHKEY_DEVELOPMENT: '' });
    expect(noPublicUrl.code).toBe(1);
    expect(noPublicUrl.stderr).toMatch(/LATCHKEY_PUBLIC_URL must be set/);
    const shortKey = await run(['serve', '--port', '0'], { LATCHKEY_ADMIN_KEY: 'short-admin-key' });
    expect(shortKey.code).toBe(1);
    expect(shortKey.stderr).toMatch(
      /^latchkey: The admin key \(LATCHKEY_ADMIN_KEY\) has 15 characters; it must have at least 32/,
    );
    expect(shortKey.stdout).not.toMatch(/listening/);
    const unknown = await run(['apps', 'update', 'z'.repeat(25), '--set', 'sms_auth=true']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/no app z{25}/);
  });

  it('another master key or key store on the same database refuses to start, naming which', async () => {
    // The database has its keys' check values from its first start.
    expect((await run(['apps', 'list'])).code).toBe(0);
    const database = target === 'sqlite' ? /SQLite \S+latchkey\.sqlite/ : /PostgreSQL \(DATABASE_URL\)/;
    const otherMasterKey = await run(['serve', '--port', '0'], {
      LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    });
    expect(otherMasterKey.code).toBe(1);
    expect(otherMasterKey.stderr).toMatch(
      /^latchkey: The master key does not match this database \(master key from LATCHKEY_MASTER_KEY; database /,
    );
    expect(otherMasterKey.stderr).toMatch(database);
    expect(otherMasterKey.stdout).not.toMatch(/listening/);

    const keyDir = await mkdtemp(join(tmpdir(), 'latchkey-cli-other-key-'));
    try {
      // A key file that does not exist is not created for a database that already has a key store.
      const missing = join(keyDir, 'missing.key');
      const noKey = await run(['apps', 'list'], { LATCHKEY_KEY_STORE: `file:${missing}` });
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toMatch(
        /The key store does not match this database \(key store file \S+missing\.key; database .*the key file \S+ does not exist/,
      );
      expect(existsSync(missing)).toBe(false);
      // Another key.
      const other = join(keyDir, 'other.key');
      await writeFile(other, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
      const otherKey = await run(['apps', 'list'], { LATCHKEY_KEY_STORE: `file:${other}` });
      expect(otherKey.code).toBe(1);
      expect(otherKey.stderr).toMatch(
        /The key store does not match this database \(key store file \S+other\.key; .*its check value was sealed by a file key store with another key/,
      );
    } finally {
      await rm(keyDir, { recursive: true, force: true });
    }
    // The database's own keys still work.
    const own = await run(['apps', 'list', '--json']);
    expect(own.code, own.stderr).toBe(0);
  });

  it('dev creates the development app once, with the demo origins and every method the demo shows', async () => {
    const readDevApp = async () =>
      JSON.parse(await readFile(join(dataDir, 'dev-app.json'), 'utf8')) as { id: string; secret: string };
    const first = await serve('dev');
    await expect.poll(() => first.output()).toMatch(/Development app id: ([a-z0-9]{25})/);
    const dev = await readDevApp();
    // The dashboard line is a one-time login link: it opens one dashboard session.
    const link = first.output().match(/Dashboard: +(\S+)/)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${first.url}/dashboard/#login=[A-Za-z0-9_-]{43}$`));
    const redeem = () =>
      fetch(`${first.url}/admin/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.url },
        body: JSON.stringify({ login_link: link.split('#login=')[1] }),
      });
    expect((await redeem()).status).toBe(200);
    expect((await redeem()).status).toBe(401);
    const config = (await (await fetch(`${first.url}/api/v1/apps/${dev.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      allowed_domains: expect.arrayContaining(['http://localhost:5173', 'http://127.0.0.1:5173']),
      email_auth: true,
      sms_auth: true,
      guest_auth: true,
      wallet_auth: true,
      solana_wallet_auth: true,
      passkey_auth: true,
      passkeys_for_signup_enabled: true,
      mfa_methods: ['sms', 'totp', 'passkey'],
    });
    expect(await first.stop()).toBe(0);
    // The next start keeps the same app; --origin (npm start's demo on another port) joins its origins.
    const second = await serve('dev', ['--origin', 'http://127.0.0.1:15173/']);
    await expect.poll(() => second.output()).toMatch(new RegExp(`Development app id: ${dev.id}`));
    expect(second.output()).not.toMatch(/Created the development app/);
    const again = (await (await fetch(`${second.url}/api/v1/apps/${dev.id}`)).json()) as {
      allowed_domains: string[];
    };
    expect(again.allowed_domains).toEqual(
      expect.arrayContaining(['http://127.0.0.1:5173', 'http://127.0.0.1:15173']),
    );
    expect(await second.stop()).toBe(0);
  });

  it('a data dir dev made opens without LATCHKEY_DEVELOPMENT; without dev-app.json a key store is required', async () => {
    const noFlag = { LATCHKEY_DEVELOPMENT: '' };
    const list = await run(['apps', 'list', '--json'], noFlag);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Latchkey development app');
    // A production data dir (serve made it, so no dev-app.json) keeps needing LATCHKEY_KEY_STORE.
    const devApp = join(dataDir, 'dev-app.json');
    await rename(devApp, `${devApp}.aside`);
    try {
      const strict = await run(['apps', 'list', '--json'], noFlag);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toMatch(/LATCHKEY_KEY_STORE must be set outside development/);
    } finally {
      await rename(`${devApp}.aside`, devApp);
    }
  });
});
