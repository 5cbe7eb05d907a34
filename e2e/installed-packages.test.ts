/**
 * The packages as users get them: builds and packs the public packages (`npm pack`), installs the
 * tarballs into a fresh Vite + React app outside the repo with react, react-dom and vite from the
 * registry, type-checks and builds that app, runs `latchkey serve` from the installed server (its bin,
 * plain JavaScript in dist, through its shebang on this Node), creates the app's Latchkey app with the
 * installed CLI, and logs in by email in Chromium through the modal; then a backend script in the app
 * verifies that server's tokens and calls its users API with the installed `@latchkey/node`. The installed
 * codemod (`npx @latchkey/migrate`, each command line its README and docs/migrating.md show) turns the
 * incumbent-API app (e2e/incumbent-api-app) from its original form into its migrated one. The same app
 * also bundles with esbuild (no two files of a package may differ only by case: esbuild and
 * case-insensitive file systems take one for the other), and that bundle logs in too. Nothing is reused from an earlier
 * run: the tarballs are built now, and the app dir is new and removed afterwards.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launchChromium, type StaticServer, startStaticServer } from '@latchkey/test/browser';
import { codeFromMail, enterCode, id, modalClosed, submitEmail, text } from '@latchkey/test/e2e';
import { type SmtpListener, startSmtpListener } from '@latchkey/test/stand-ins';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { packPackages, publicPackages } from '../scripts/packages.ts';
import { withBuiltPackages } from './built-packages.ts';
import {
  bundleWithEsbuild,
  cleanEnv,
  installApp,
  latchkey,
  latchkeySources,
  npxCommand,
  runTool,
  serveInstalled,
  writeAppSources,
} from './installed-app.ts';

const repoRoot = join(import.meta.dirname, '..');

/** The `npx @latchkey/migrate …` command lines of the package's README and the migration guide (```sh blocks). */
function documentedMigrateCommands(): string[] {
  const commands = new Set<string>();
  for (const doc of ['packages/migrate/README.md', 'docs/migrating.md']) {
    const blocks = readFileSync(join(repoRoot, doc), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm);
    for (const [, block] of blocks)
      for (const line of block!.split('\n'))
        if (line.startsWith('npx @latchkey/migrate')) commands.add(line.replace(/\s+#.*$/, '').trim());
  }
  return [...commands].sort();
}

/** The files of a folder, by name, with their bytes. */
const folderFiles = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name))]));

/** A port free on 127.0.0.1 now: `serve` needs its public URL (with the port) before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the packed packages, installed in an app outside the repo', () => {
  const root = mkdtempSync(join(tmpdir(), 'lk-installed-'));
  const appDir = join(root, 'app');
  const packDir = join(root, 'tarballs');
  const stops: (() => Promise<unknown>)[] = [];
  let smtp: SmtpListener;
  let site: StaticServer;
  let browser: Browser;
  let serverEnv: NodeJS.ProcessEnv;
  let serverPort: number;
  // The app and the running server, once the login test has created and started them.
  let app: { id: string; secret: string } | undefined;
  let serverUrl: string | undefined;
  const dataDir = join(root, 'data');

  beforeAll(async () => {
    mkdirSync(appDir);
    mkdirSync(packDir);
    // The operator's data dirs: the CLI's commands other than serve and dev create none.
    mkdirSync(dataDir);
    mkdirSync(join(root, 'pkcs11-data'));
    // Built once for the current sources (e2e/built-packages.ts: under `npm test`, by check:packages), then packed.
    const packed = await withBuiltPackages(() => packPackages(packDir));
    await installApp(appDir, packed);
    smtp = await startSmtpListener();
    stops.push(() => smtp.close());
    // The app's origin, served from its (for now empty) build dir, is what the Latchkey app allows.
    site = await startStaticServer(join(appDir, 'dist'));
    stops.push(() => site.close());
    serverPort = await freePort();
    serverEnv = cleanEnv({
      LATCHKEY_PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      LATCHKEY_KEY_STORE: `file:${join(root, 'keys/recovery.key')}`,
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'Latchkey <no-reply@latchkey.test>',
    });
    // SQLite in the app's data dir, and nothing from this machine's settings.
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
    ])
      delete serverEnv[name];
  }, 240_000);

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  test('every @latchkey package comes from its tarball, none from the registry', () => {
    const sources = latchkeySources(appDir);
    expect(Object.keys(sources).sort()).toEqual(
      publicPackages.map((name) => `node_modules/@latchkey/${name}`).sort(),
    );
    for (const [path, resolved] of Object.entries(sources)) expect(resolved, path).toMatch(/^file:.*\.tgz$/);
  });

  test("the installed codemod, run as its README and docs/migrating.md write it, migrates the incumbent's app", async () => {
    // Every documented command line is one of these, each run below exactly as written.
    expect(documentedMigrateCommands()).toEqual([
      'npx @latchkey/migrate --check src',
      'npx @latchkey/migrate --dry-run src',
      'npx @latchkey/migrate src',
    ]);
    // The incumbent-API app's sources in `src/` of a folder of the app (npx finds the app's node_modules).
    const dir = join(appDir, 'incumbent');
    const fixture = join(repoRoot, 'e2e/incumbent-api-app');
    cpSync(join(fixture, 'original'), join(dir, 'src'), { recursive: true });
    const original = folderFiles(join(fixture, 'original'));

    const dryRun = await npxCommand(dir, 'npx @latchkey/migrate --dry-run src');
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toContain("+ import { LatchkeyProvider } from '@latchkey/react';");
    expect(folderFiles(join(dir, 'src'))).toEqual(original);
    const check = await npxCommand(dir, 'npx @latchkey/migrate --check src');
    expect(check.code, check.stderr).toBe(1);
    expect(folderFiles(join(dir, 'src'))).toEqual(original);

    const migrate = await npxCommand(dir, 'npx @latchkey/migrate src');
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain('2 files changed (5 edits), 0 warnings, 0 errors; 2 files scanned.');
    expect(folderFiles(join(dir, 'src'))).toEqual(folderFiles(join(fixture, 'migrated')));
    expect((await npxCommand(dir, 'npx @latchkey/migrate --check src')).code).toBe(0);
  }, 60_000);

  test('an app on the installed packages type-checks against their types', async () => {
    await writeAppSources(appDir, { appId: 'a'.repeat(25), apiUrl: 'http://127.0.0.1:1' });
    await runTool(appDir, 'typescript/bin/tsc', ['-p', 'tsconfig.json']);
  }, 60_000);

  test('the app bundles with esbuild from the installed packages', async () => {
    await writeAppSources(appDir, { appId: 'a'.repeat(25), apiUrl: 'http://127.0.0.1:1' });
    const outdir = join(root, 'esbuild-check');
    await bundleWithEsbuild(appDir, outdir);
    expect(readdirSync(outdir)).toContain('main.js');
  }, 60_000);

  test('the installed server runs without its optional pkcs11js, and says what PKCS#11 needs', async () => {
    const pkcs11 = await latchkey(appDir, ['apps', 'list', '--data-dir', join(root, 'pkcs11-data')], {
      ...serverEnv,
      LATCHKEY_KEY_STORE: 'pkcs11',
      LATCHKEY_PKCS11_MODULE: '/usr/lib/softhsm/libsofthsm2.so',
      LATCHKEY_PKCS11_TOKEN_LABEL: 'latchkey',
      LATCHKEY_PKCS11_PIN: '1234',
    });
    expect(pkcs11.code).toBe(1);
    expect(pkcs11.stderr).toMatch(/LATCHKEY_KEY_STORE=pkcs11 needs the pkcs11js package/);
  }, 30_000);

  test('logs in by email through the modal, against `latchkey serve` from the installed server', async () => {
    const created = await latchkey(
      appDir,
      [
        'apps',
        'create',
        '--name',
        'Installed app',
        '--allowed-domain',
        site.url,
        '--set',
        'email_auth=true',
        '--json',
        '--data-dir',
        dataDir,
      ],
      { ...serverEnv },
    );
    expect(created.code, created.stderr).toBe(0);
    app = JSON.parse(created.stdout) as { id: string; secret: string };
    const appId = app.id;
    expect(appId).toMatch(/^[a-z0-9]{25}$/);

    const server = await serveInstalled(
      appDir,
      ['--port', String(serverPort), '--host', '127.0.0.1', '--data-dir', dataDir],
      serverEnv,
    );
    stops.push(() => server.stop());
    expect(server.url).toBe(serverEnv.LATCHKEY_PUBLIC_URL);
    serverUrl = server.url;

    // The frame's scripts come from the installed @latchkey/wallet-frame package.
    const frame = await fetch(`${server.url}/embedded-wallets/frame.js`);
    expect(frame.status).toBe(200);
    expect(await frame.text()).toBe(
      readFileSync(join(appDir, 'node_modules/@latchkey/wallet-frame/dist/frame.js'), 'utf8'),
    );

    await writeAppSources(appDir, { appId, apiUrl: server.url });
    await runTool(appDir, 'vite/bin/vite.js', ['build', '--logLevel', 'warn']);

    browser = await launchChromium();
    stops.push(() => browser.close());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.url}/`);
    await page.locator(id('app-login')).click();
    await page.locator(id('lk-modal')).waitFor({ state: 'visible' });
    const email = 'installed@example.com';
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(smtp, email));
    await modalClosed(page);
    await expect.poll(() => text(page, 'app-user'), { timeout: 15_000 }).toBe(email);
    expect(errors).toEqual([]);
  }, 120_000);

  test("the installed @latchkey/node verifies the running server's tokens and calls its users API", async () => {
    if (!app || !serverUrl) throw new Error('needs the login test: the app and `latchkey serve`');
    // A login over HTTP, as an app's frontend does it, for tokens to verify.
    const email = 'backend@example.com';
    const headers = { 'content-type': 'application/json', 'privy-app-id': app.id, origin: site.url };
    const init = await fetch(`${serverUrl}/api/v1/passwordless/init`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email }),
    });
    expect(init.status).toBe(200);
    const auth = await fetch(`${serverUrl}/api/v1/passwordless/authenticate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, code: await codeFromMail(smtp, email) }),
    });
    const login = (await auth.json()) as { token: string; identity_token: string; user: { id: string } };
    expect(auth.status).toBe(200);

    // A backend script in the app, importing the SDK by name from its node_modules.
    writeFileSync(
      join(appDir, 'backend.mjs'),
      [
        "import { LatchkeyClient, InvalidTokenError, verifyAccessToken, verifyIdentityToken } from '@latchkey/node';",
        'const [apiUrl, appId, appSecret, token, idToken, email] = process.argv.slice(2);',
        "const claims = await verifyAccessToken('Bearer ' + token, { appId, apiUrl });",
        'const { user } = await verifyIdentityToken(idToken, { appId, apiUrl });',
        'const latchkey = new LatchkeyClient({ appId, appSecret, apiUrl });',
        'const byEmail = await latchkey.getUserByEmail(email);',
        'const refused = await verifyAccessToken(token + "x", { appId, apiUrl }).catch((e) => e instanceof InvalidTokenError);',
        'console.log(JSON.stringify({ userId: claims.userId, idUser: user.id, byEmail: byEmail?.id, refused }));',
        '',
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['backend.mjs', serverUrl, app.id, app.secret, login.token, login.identity_token, email],
      { cwd: appDir, env: cleanEnv() },
    );
    expect(JSON.parse(stdout)).toEqual({
      userId: login.user.id,
      idUser: login.user.id,
      byEmail: login.user.id,
      refused: true,
    });
  }, 60_000);

  test('the esbuild bundle logs in by email through the modal too', async () => {
    if (!app || !serverUrl) throw new Error('needs the login test: the app and `latchkey serve`');
    // Served from the site (the app's allowed origin) beside Vite's build, with the same sources.
    await bundleWithEsbuild(appDir, join(appDir, 'dist/esbuild'));
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.url}/esbuild/`);
    await page.locator(id('app-login')).click();
    await page.locator(id('lk-modal')).waitFor({ state: 'visible' });
    const email = 'esbuild@example.com';
    await submitEmail(page, email);
    await enterCode(page, await codeFromMail(smtp, email));
    await modalClosed(page);
    await expect.poll(() => text(page, 'app-user'), { timeout: 15_000 }).toBe(email);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
