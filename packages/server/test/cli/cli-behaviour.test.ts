import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  type CliResult,
  cleanEnv,
  postgresSchema,
  repoRoot,
  runCli,
  runProcess,
  startServerProcess,
} from '@latchkey/test/server/processes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Each case spawns the CLI (a Node process loading the server's sources): dozens per test.
vi.setConfig({ testTimeout: 240_000 });

const version = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/server/package.json'), 'utf8')) as { version: string }
).version;

/** Every command and subcommand, as typed after `latchkey`. */
const commands = [
  ['serve'],
  ['dev'],
  ['apps'],
  ...['create', 'update', 'show', 'list', 'oauth', 'telegram', 'fields'].map((c) => ['apps', c]),
  ['allowlist'],
  ...['list', 'add', 'remove'].map((c) => ['allowlist', c]),
  ['users'],
  ...['find', 'delete'].map((c) => ['users', c]),
  ['test-credentials'],
  ['webhooks'],
  ...['create', 'list', 'update', 'delete', 'rotate-secret', 'deliveries', 'resend'].map((c) => [
    'webhooks',
    c,
  ]),
  ['admin-key'],
];

const appId = 'a'.repeat(25);

describe('latchkey CLI: help, version, usage errors, busy port, missing data dir', () => {
  let cwd: string;
  const env = cleanEnv();
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    runCli(args, { cwd, env: { ...env, ...extra } });

  beforeAll(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'latchkey-cli-help-'));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it('--help and -h on every command and subcommand print its usage, exit 0, and do nothing else', async () => {
    const cases: [string[], string][] = [
      [[], 'latchkey — self-hostable'],
      [['--help'], 'latchkey — self-hostable'],
      [['-h'], 'latchkey — self-hostable'],
      [['help'], 'latchkey — self-hostable'],
      ...commands.flatMap((c): [string[], string][] => [
        [[...c, '--help'], `Usage: latchkey ${c.join(' ')}`],
        [[...c, '-h'], `Usage: latchkey ${c.join(' ')}`],
      ]),
      [['help', 'apps', 'create'], 'Usage: latchkey apps create'],
      [['help', 'serve'], 'Usage: latchkey serve'],
      // Help wins over the rest of the line: nothing is validated, opened or changed.
      [['apps', 'update', appId, '--set', 'sms_auth=true', '--help'], 'Usage: latchkey apps update'],
      [['serve', '--port', '1', '--help'], 'Usage: latchkey serve'],
      [['users', 'delete', appId, 'x', '--help'], 'Usage: latchkey users delete'],
    ];
    // Development mode would let `dev`/`serve` start right away: the test proves --help stops them.
    const results: [string[], string, CliResult][] = [];
    for (let i = 0; i < cases.length; i += 6)
      results.push(
        ...(await Promise.all(
          cases
            .slice(i, i + 6)
            .map(
              async ([args, expected]) =>
                [args, expected, await run(args, { LATCHKEY_DEVELOPMENT: 'true' })] as [
                  string[],
                  string,
                  CliResult,
                ],
            ),
        )),
      );
    for (const [args, expected, res] of results) {
      const label = `latchkey ${args.join(' ')}`;
      expect(res.code, `${label}\n${res.stderr}`).toBe(0);
      expect(res.stdout.startsWith(expected), `${label}\n${res.stdout}`).toBe(true);
      expect(res.stderr, label).toBe('');
      expect(res.stdout, label).not.toMatch(/Admin key|Latchkey listening on/);
    }
    expect(results.length).toBeGreaterThan(50);
    // No data dir, no key file, no database: the temp cwd is as empty as it was.
    expect(await readdir(cwd)).toEqual([]);
  });

  it('--version and -v print the package version', async () => {
    for (const flag of ['--version', '-v']) {
      const res = await run([flag]);
      expect(res).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  it('runs in this clone as the README writes it: npx latchkey … and npm run latchkey -- …', async () => {
    // As a shell runs them, in the repo (npm's environment of this test process left out).
    const shellEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    for (const command of ['npx latchkey --version', 'npm run --silent latchkey -- --version']) {
      const res = await runProcess('sh', ['-c', command], { cwd: repoRoot, env: shellEnv });
      expect(res, command).toMatchObject({ code: 0, stdout: `${version}\n` });
    }
  });

  it('--help, --version and an unknown command load no command module and none of the server', async () => {
    // A load hook names every file the process loads, on stderr.
    const hook = `import { registerHooks } from 'node:module';
      registerHooks({ load(url, context, next) {
        if (url.startsWith('file:')) process._rawDebug('loaded ' + url);
        return next(url, context);
      } });`;
    for (const args of [['--help'], ['--version'], ['frobnicate']]) {
      const res = await runCli(args, {
        cwd,
        env,
        nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(hook)}`],
      });
      const loaded = [...res.stderr.matchAll(/^loaded file:\/\/(.*)$/gm)].map(([, path]) =>
        relative(repoRoot, path!),
      );
      expect(loaded.sort(), args.join(' ')).toEqual([
        'packages/server/bin/latchkey.ts',
        'packages/server/src/cli/command.ts',
        'packages/server/src/cli/main.ts',
        'packages/server/src/cli/version.ts',
      ]);
    }
  });

  it("loads the feature list only for a feature's apps command or the full apps help", async () => {
    const hook = `import { registerHooks } from 'node:module';
      registerHooks({ load(url, context, next) {
        if (url.startsWith('file:')) process._rawDebug('loaded ' + url);
        return next(url, context);
      } });`;
    const loads = async (args: string[]) => {
      const res = await runCli(args, {
        cwd,
        env,
        nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(hook)}`],
      });
      expect(res.code, `${args.join(' ')}\n${res.stderr}`).toBe(0);
      return { stdout: res.stdout, features: /^loaded file:.*\/src\/features\.ts$/m.test(res.stderr) };
    };
    expect((await loads(['apps', 'create', '--help'])).features).toBe(false);
    const oauth = await loads(['apps', 'oauth', '--help']);
    expect(oauth.features).toBe(true);
    expect(oauth.stdout).toMatch(/^Usage: latchkey apps oauth APP_ID PROVIDER --client-id ID/);
    // The group's help lists its own commands and those the features add (oauth/app-command.ts).
    const help = await loads(['apps', '--help']);
    expect(help.stdout).toMatch(/latchkey apps create\s/);
    expect(help.stdout).toMatch(/latchkey apps oauth\s+Sets a provider's OAuth client/);
  });

  it('an unknown flag, a missing argument or an unknown command is a usage error (exit 2) naming it', async () => {
    const cases: [string[], RegExp][] = [
      [['serve', '--prot', '80'], /^latchkey: serve: unknown option --prot \(latchkey serve --help/],
      [['dev', '--verbose'], /unknown option --verbose/],
      [['apps', 'list', '--name', 'x'], /apps list: unknown option --name/],
      [['apps', 'create', '--allowed-domains', 'https://a.example'], /unknown option --allowed-domains/],
      [['users', 'find', appId, '--username', 'x'], /users find: unknown option --username/],
      [['webhooks', 'list', appId, '-x'], /unknown option -x/],
      [['apps', 'create', '--name'], /apps create: Option '--name <value>' argument missing/],
      [['apps', 'update'], /^latchkey: apps update needs APP_ID/],
      [['apps', 'create'], /apps create needs --name NAME/],
      [['users', 'delete', appId], /users delete needs USER_ID/],
      [['users', 'find', appId], /users find needs exactly one of --email, --phone, --wallet, --id/],
      [['apps', 'list', 'extra'], /apps list: unexpected argument "extra"/],
      [['apps'], /apps needs a command/],
      [['apps', 'remove'], /unknown command "latchkey apps remove"/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['test-credentials', appId, '--enable', '--disable'], /--enable and --disable exclude each other/],
    ];
    for (const [args, message] of cases) {
      const res = await run(args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr, args.join(' ')).toMatch(message);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(res.stdout).toBe('');
    }
    expect(await readdir(cwd)).toEqual([]);
  });

  it('a busy port is one line and exit 1, before any data dir or admin key exists', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      for (const command of ['serve', 'dev']) {
        const dataDir = join(cwd, `busy-${command}`);
        const res = await run([command, '--port', String(port), '--data-dir', dataDir], {
          LATCHKEY_DEVELOPMENT: 'true',
        });
        expect(res.code, res.stderr).toBe(1);
        expect(res.stderr).toBe(`latchkey: port ${port} is in use; stop the other process or pass --port\n`);
        expect(res.stdout).toBe('');
        expect(existsSync(dataDir)).toBe(false);
      }
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const badPort = await run(['serve', '--port', 'eighty']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toMatch(/Invalid --port "eighty"/);
  });

  it('a missing data dir is an error naming the path for every command but serve and dev, and is not created', async () => {
    const missing = join(cwd, 'no-such-dir');
    const cases = [
      ['apps', 'list'],
      ['apps', 'create', '--name', 'Typo'],
      ['apps', 'update', appId, '--set', 'sms_auth=true'],
      ['apps', 'show', appId],
      ['allowlist', 'list', appId],
      ['allowlist', 'add', appId, '--email', 'a@example.com'],
      ['users', 'find', appId, '--email', 'a@example.com'],
      ['users', 'delete', appId, 'b'.repeat(25)],
      ['test-credentials', appId],
      ['webhooks', 'list', appId],
      ['webhooks', 'deliveries', appId, 'x'],
      ['admin-key', '--rotate'],
    ];
    for (const args of cases) {
      const res = await run([...args, '--data-dir', missing], { LATCHKEY_DEVELOPMENT: 'true' });
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr, args.join(' ')).toBe(
        `latchkey: no data dir at ${missing}: pass --data-dir with the directory \`latchkey serve\` uses (only serve and dev create one), or set DATABASE_URL\n`,
      );
      expect(existsSync(missing)).toBe(false);
      expect(existsSync(`${missing}.keys`)).toBe(false);
    }
  });
});

const targets = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(targets)('latchkey CLI commands (%s)', (target) => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let dropSchema: (() => Promise<void>) | null = null;
  const run = (args: string[]) => runCli([...args, '--data-dir', dataDir], { env });
  let app: { id: string; secret: string };
  // Flag checks, messages and output are the CLI's own, the same whatever the database: they run on
  // SQLite only, and the PostgreSQL run keeps the cases whose point is what the database then holds.
  // (Each case spawns dozens of CLI processes; running them twice cost about 45 s of the unit run.)
  const cliOnly = it.runIf(target === 'sqlite');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-cli-cmd-'));
    env = { ...cleanEnv(), LATCHKEY_DEVELOPMENT: 'true' };
    if (target === 'postgres') {
      const schema = await postgresSchema();
      env.DATABASE_URL = schema.url;
      dropSchema = schema.drop;
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.keys`, { recursive: true, force: true });
    await dropSchema?.();
  });

  it('apps create prints key: value lines and the secret set apart as shown once; --json one object', async () => {
    const human = await run([
      'apps',
      'create',
      '--name',
      'Shop',
      '--allowed-domain',
      'http://localhost:5173',
    ]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^Created app Shop\nid: +[a-z0-9]{25}\nname: +Shop\n/);
    expect(human.stdout).toMatch(/allowed_domains: +http:\/\/localhost:5173\n/);
    const secret = human.stdout.match(
      /App secret \(shown once, store it now; only its hash is kept\):\n {2}(\S+)\n$/,
    );
    expect(secret?.[1]?.length).toBeGreaterThanOrEqual(32);
    expect(() => JSON.parse(human.stdout)).toThrow();

    const json = await run(['apps', 'create', '--name', 'Shop 2', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { id: string; secret: string };
    expect(body).toMatchObject({ name: 'Shop 2', allowed_domains: [], environment: 'development' });
    app = { id: body.id, secret: body.secret };
  });

  cliOnly(
    'create and update refuse the same invalid flags with the same message, and change nothing',
    async () => {
      const before = (await run(['apps', 'list', '--json'])).stdout;
      const cases: [string[], RegExp][] = [
        [
          ['--allowed-domain', 'notaurl'],
          /^latchkey: Invalid allowed_domains\.0 \("notaurl"\): must be an origin like https:\/\/example\.com\n$/,
        ],
        [
          ['--allowed-domain', 'https://ok.example', '--allowed-domain', 'https://app.example.com/path'],
          /Invalid allowed_domains\.1 \("https:\/\/app\.example\.com\/path"\)/,
        ],
        [['--name', ''], /Invalid name/],
        [
          ['--set', 'no_such_field=1'],
          /unknown field "no_such_field" in --set no_such_field=1; latchkey apps fields lists them/,
        ],
        [['--set', 'sms_auht=true'], /unknown field "sms_auht" .*\(did you mean sms_auth\?\)/],
        [['--set', 'sms_auth=maybe'], /Invalid sms_auth \("maybe"\): .*boolean/],
        [['--set', 'accent_color=red'], /Invalid accent_color \("red"\): must be a hex colour/],
        [
          ['--set', 'embedded_wallet_config.create_on_login=sometimes'],
          /Invalid embedded_wallet_config\.create_on_login/,
        ],
        [['--set', 'allowlist_config.color=red'], /Invalid allowlist_config: Unrecognized key/],
        [['--set', 'mfa_methods=["email"]'], /mfa_methods: email is not an MFA method/],
        // 12 reads as a number; the field wants text, so the text is checked.
        [['--set', 'test_otp_code=12'], /Invalid test_otp_code \("12"\): must be six digits/],
        // A secret's value is never repeated back.
        [['--set', 'captcha_secret_key='], /Invalid captcha_secret_key: /],
      ];
      for (const [flags, message] of cases) {
        const create = await run([
          'apps',
          'create',
          ...(flags[0] === '--name' ? [] : ['--name', 'V']),
          ...flags,
        ]);
        const update = await run(['apps', 'update', app.id, ...flags]);
        for (const res of [create, update]) {
          expect(res.code, flags.join(' ')).toBe(1);
          expect(res.stderr, flags.join(' ')).toMatch(message);
          expect(res.stdout).toBe('');
        }
        expect(update.stderr, flags.join(' ')).toBe(create.stderr);
      }
      expect((await run(['apps', 'list', '--json'])).stdout).toBe(before);
    },
  );

  cliOnly('a wrong app id is "no app <id>" with exit 1 on every command that takes one', async () => {
    const wrong = 'z'.repeat(25);
    const cases = [
      ['apps', 'update', wrong, '--set', 'sms_auth=true'],
      ['apps', 'show', wrong],
      ['apps', 'oauth', wrong, 'github', '--client-id', 'x'],
      ['allowlist', 'list', wrong],
      ['allowlist', 'add', wrong, '--email', 'a@example.com'],
      ['users', 'find', wrong, '--email', 'a@example.com'],
      ['users', 'delete', wrong, 'b'.repeat(25)],
      ['test-credentials', wrong],
      ['webhooks', 'list', wrong],
      ['webhooks', 'create', wrong, '--url', 'https://hooks.example.com/'],
    ];
    for (const args of cases) {
      const res = await run(args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr, args.join(' ')).toBe(
        `latchkey: no app ${wrong} (latchkey apps list shows the apps)\n`,
      );
    }
    const malformed = await run(['apps', 'show', 'not-an-id']);
    expect(malformed.stderr).toMatch(/^latchkey: no app not-an-id /);
  });

  cliOnly(
    'apps update prints only what changed; --json prints the whole app; show and list are short',
    async () => {
      const human = await run([
        'apps',
        'update',
        app.id,
        '--set',
        'sms_auth=true',
        '--allowed-domain',
        'https://shop.example',
      ]);
      expect(human.code, human.stderr).toBe(0);
      expect(human.stdout).toBe(
        `Updated app ${app.id}\nsms_auth:        yes\nallowed_domains: https://shop.example\n`,
      );
      const json = await run(['apps', 'update', app.id, '--set', 'email_auth=true', '--json']);
      const body = JSON.parse(json.stdout) as {
        config: Record<string, unknown>;
        settings: Record<string, unknown>;
      };
      expect(body.config).toMatchObject({
        sms_auth: true,
        email_auth: true,
        allowed_domains: ['https://shop.example'],
      });
      expect(body.settings).toMatchObject({ environment: 'development' });

      const list = await run(['apps', 'list']);
      expect(list.stdout.split('\n')[0]).toMatch(/^ID +NAME +ENVIRONMENT +ALLOWED_DOMAINS$/);
      expect(list.stdout).toContain(app.id);
      expect(list.stdout).not.toContain(app.secret);
      const show = await run(['apps', 'show', app.id]);
      expect(show.stdout).toMatch(new RegExp(`^id: +${app.id}\n`));
      expect(show.stdout).toMatch(/\nsms_auth: +yes\n/);
      const fields = await run(['apps', 'fields', '--json']);
      expect(JSON.parse(fields.stdout)).toEqual(
        expect.arrayContaining([
          { field: 'sms_auth', type: 'boolean', scope: 'config' },
          { field: 'test_credentials_enabled', type: 'boolean', scope: 'setting' },
        ]),
      );
    },
  );

  it('allowlist add, list and remove, normalised as the server API stores entries', async () => {
    const add = await run([
      'allowlist',
      'add',
      app.id,
      '--email',
      'Ada@Example.com',
      '--email',
      '@corp.example',
      '--phone',
      '+1 415 555 0100',
      '--wallet',
      '0x000000000000000000000000000000000000dEaD',
      '--json',
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toEqual([
      { type: 'email', value: 'ada@example.com', result: 'added' },
      { type: 'email', value: '@corp.example', result: 'added' },
      { type: 'phone', value: '+14155550100', result: 'added' },
      { type: 'wallet', value: '0x000000000000000000000000000000000000dead', result: 'added' },
    ]);
    const again = await run(['allowlist', 'add', app.id, '--email', 'ada@example.com']);
    expect(again.stdout).toMatch(/ada@example\.com +already there/);

    const list = await run(['allowlist', 'list', app.id]);
    expect(list.stdout).toMatch(/^TYPE +VALUE +ID\n/);
    expect(list.stdout).toContain('The allowlist is off for this app');
    const listed = JSON.parse((await run(['allowlist', 'list', app.id, '--json'])).stdout) as {
      allowlist_enabled: boolean;
      entries: { value: string }[];
    };
    // Entries made in the same second come in any order.
    expect(listed.entries.map((e) => e.value).sort()).toEqual([
      '+14155550100',
      '0x000000000000000000000000000000000000dead',
      '@corp.example',
      'ada@example.com',
    ]);

    for (const [flag, value, message] of [
      ['--email', 'not-an-email', /--email "not-an-email": Invalid email address/],
      ['--phone', '12', /--phone "12": Invalid phone number/],
      ['--wallet', '0x1234', /--wallet "0x1234": /],
    ] as const) {
      const res = await run(['allowlist', 'add', app.id, flag, value]);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(message);
    }
    const absent = await run(['allowlist', 'remove', app.id, '--email', 'nobody@example.com']);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toMatch(/email nobody@example\.com is not on the allowlist/);

    const removed = await run([
      'allowlist',
      'remove',
      app.id,
      '--email',
      'ADA@example.com',
      '--wallet',
      '0x000000000000000000000000000000000000DEAD',
    ]);
    expect(removed.code, removed.stderr).toBe(0);
    const after = JSON.parse((await run(['allowlist', 'list', app.id, '--json'])).stdout) as {
      entries: { value: string }[];
    };
    expect(after.entries.map((e) => e.value).sort()).toEqual(['+14155550100', '@corp.example']);
  });

  it('test credentials enabled by the CLI log in on serve; users find shows the user and users delete removes them', async () => {
    const enable = await run([
      'test-credentials',
      app.id,
      '--enable',
      '--email',
      'Review@Example.com',
      '--phone',
      '+1 415 555 0199',
      '--code',
      '424242',
      '--json',
    ]);
    expect(enable.code, enable.stderr).toBe(0);
    expect(JSON.parse(enable.stdout)).toEqual({
      enabled: true,
      email: 'review@example.com',
      phone_number: '+14155550199',
      otp_code: '424242',
    });
    expect((await run(['test-credentials', app.id])).stdout).toBe(
      'enabled: yes\nemail:   review@example.com\nphone:   +14155550199\ncode:    424242\n',
    );
    await run(['apps', 'update', app.id, '--allowed-domain', 'http://localhost:5173']);

    const server = await startServerProcess(['serve', '--data-dir', dataDir, '--port', '0'], { env });
    let userId: string;
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            'privy-app-id': app.id,
            origin: 'http://localhost:5173',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        });
      expect((await post('/api/v1/passwordless/init', { email: 'review@example.com' })).status).toBe(200);
      const login = await post('/api/v1/passwordless/authenticate', {
        email: 'review@example.com',
        code: '424242',
      });
      expect(login.status).toBe(200);
      userId = ((await login.json()) as { user: { id: string } }).user.id;
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const found = await run(['users', 'find', app.id, '--email', 'REVIEW@example.com']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toMatch(new RegExp(`^id: +${userId}\n`));
    expect(found.stdout).toMatch(/\nTYPE +IDENTIFIER +VERIFIED\nemail +review@example\.com +\d{4}-/);
    const byId = JSON.parse((await run(['users', 'find', app.id, '--id', userId, '--json'])).stdout) as {
      id: string;
      linked_accounts: { type: string; address?: string }[];
    };
    expect(byId.id).toBe(userId);
    expect(byId.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'review@example.com' }),
    ]);
    const badPhone = await run(['users', 'find', app.id, '--phone', 'call me']);
    expect(badPhone.code).toBe(1);
    expect(badPhone.stderr).toMatch(/--phone "call me": Invalid phone number/);

    const deleted = await run(['users', 'delete', app.id, userId, '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ id: userId, deleted: true });
    const gone = await run(['users', 'find', app.id, '--email', 'review@example.com']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(`latchkey: no user with email review@example.com in app ${app.id}\n`);
    const twice = await run(['users', 'delete', app.id, userId]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(`latchkey: no user ${userId} in app ${app.id}\n`);

    const disable = await run(['test-credentials', app.id, '--disable', '--json']);
    expect(JSON.parse(disable.stdout)).toMatchObject({ enabled: false });
  });

  cliOnly(
    'webhooks: create and update check flags alike; human output; rotate-secret shows the new secret once',
    async () => {
      const created = await run([
        'webhooks',
        'create',
        app.id,
        '--url',
        'https://hooks.example.com/a',
        '--event',
        'user.created',
      ]);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(
        /^Created webhook endpoint\nid: +\S+\nurl: +https:\/\/hooks\.example\.com\/a\nevents: +user\.created\n/,
      );
      expect(created.stdout).toMatch(/Signing secret \(shown once[^\n]*\n {2}whsec_\S+\n$/);
      const id = created.stdout.match(/^id: +(\S+)$/m)![1]!;

      for (const flags of [
        ['--url', 'ftp://hooks.example.com/'],
        ['--url', 'https://user:pw@hooks.example.com/'],
        ['--event', 'user.exploded'],
      ]) {
        const create = await run([
          'webhooks',
          'create',
          app.id,
          ...(flags[0] === '--url' ? [] : ['--url', 'https://h.example']),
          ...flags,
        ]);
        const update = await run(['webhooks', 'update', app.id, id, ...flags]);
        expect(create.code).toBe(1);
        expect(update.code).toBe(1);
        expect(update.stderr).toBe(create.stderr);
      }
      const updated = await run(['webhooks', 'update', app.id, id, '--all-events', '--disable', '--json']);
      expect(JSON.parse(updated.stdout)).toMatchObject({ id, event_types: null, enabled: false });
      const list = await run(['webhooks', 'list', app.id]);
      expect(list.stdout).toMatch(
        new RegExp(`^ID +ENABLED +URL +EVENTS\n${id} +no +https://hooks\\.example\\.com/a +all\n$`),
      );

      const rotated = await run(['webhooks', 'rotate-secret', app.id, id]);
      expect(rotated.stdout).toMatch(/whsec_\S+\n$/);
      expect((await run(['webhooks', 'deliveries', app.id, id])).stdout).toBe('(no deliveries)\n');
      const badStatus = await run(['webhooks', 'deliveries', app.id, id, '--status', 'lost']);
      expect(badStatus.stderr).toMatch(/Invalid --status "lost" \(one of pending, delivered, failed\)/);
      const unknown = await run(['webhooks', 'delete', app.id, 'nosuchendpoint']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^latchkey: no webhook endpoint nosuchendpoint in app /);
      expect((await run(['webhooks', 'delete', app.id, id])).stdout).toBe(`Deleted webhook endpoint ${id}\n`);
    },
  );
});
