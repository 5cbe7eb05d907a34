/**
 * The container image, without a Docker engine (none runs in CI): this test reads the Dockerfile,
 * lints it (scripts/image/dockerfile.ts's documented check, and hadolint where the machine has it)
 * with compose.yaml, then performs the build stage's steps — the RUN lines must be exactly
 * `imageBuildSteps` of scripts/image/build.ts; `npm ci` is this checkout's own — into a dir outside
 * the repo standing for the image's /app, and starts the server from the result with the
 * Dockerfile's own ENTRYPOINT, CMD, ENV, WORKDIR and HEALTHCHECK (its image paths mapped into a temp
 * dir, Node the repo's, the port and host a test may use). The CLI then runs from the same image dir
 * against the same database, as `docker run <image> apps create …` would.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { routes } from '@latchkey/protocol';
import { dialects } from '@latchkey/test/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildImageContents, imageAppDir, imageBuildSteps, imagePackages } from '../scripts/image/build.ts';
import { checkCompose, serverEnvNames } from '../scripts/image/compose-check.ts';
import {
  checkDockerfile,
  execForm,
  healthcheckCommand,
  parseDockerfile,
} from '../scripts/image/dockerfile.ts';
import { ensureHadolint, runHadolint } from '../scripts/image/hadolint.ts';
import { withBuiltPackages } from './built-packages.ts';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..');
const dockerfilePath = join(repo, 'Dockerfile');
const dockerfile = readFileSync(dockerfilePath, 'utf8');
const stages = parseDockerfile(dockerfile);
const buildStage = stages.find((s) => s.name === 'build')!;
const runtime = stages.at(-1)!;
const instructions = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword);
const exposedPort = Number(instructions('EXPOSE')[0]?.args.split(/\s+/)[0]);
const imageVolumes = instructions('VOLUME').flatMap((i) => execForm(i.args) ?? i.args.split(/\s+/));

/** A port free on 127.0.0.1 now: `serve` needs its public URL (with the port) before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the container image, built by its Dockerfile steps without Docker', () => {
  const root = mkdtempSync(join(tmpdir(), 'lk-image-'));
  /** An image path (/app/…, /var/lib/latchkey/…) in this test's stand-in for the image's file system. */
  const inImage = (path: string) => (path.startsWith('/') ? join(root, path) : path);

  beforeAll(async () => {
    // The build stage: `npm ci` (this checkout's), `npm run build` (the build of the current sources
    // that the other packing files share: e2e/built-packages.ts), then the image script into /app.
    await withBuiltPackages(() => buildImageContents(inImage(imageAppDir)));
    // The runtime stage's own RUN: the volumes' mount points, owner-only.
    for (const volume of imageVolumes) mkdirSync(inImage(volume), { recursive: true, mode: 0o700 });
  }, 600_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('the Dockerfile passes the documented check, and hadolint where the machine has it', () => {
    expect(checkDockerfile(dockerfile, { port: 8787, volume: '/var/lib/latchkey' })).toEqual([]);
    const hadolint = ensureHadolint();
    if (hadolint) expect(runHadolint(hadolint, dockerfilePath)).toBe('');
    else
      console.info('hadolint: not installed and not packaged here; the documented check above is the lint');
  });

  test('compose.yaml runs the image with PostgreSQL and Redis, health-checked, with the variables the server reads', () => {
    const problems = checkCompose(readFileSync(join(repo, 'compose.yaml'), 'utf8'), {
      knownEnv: serverEnvNames(join(repo, 'packages/server/src')),
      imageVolumes,
      port: exposedPort,
    });
    expect(problems).toEqual([]);
  });

  test("the build stage's steps are the ones this test ran, on the repo's Node", () => {
    const runs = buildStage.instructions.filter((i) => i.keyword === 'RUN');
    expect(runs.flatMap((i) => i.args.split(/\s*&&\s*/))).toEqual([...imageBuildSteps]);
    expect(runtime.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toEqual([
      `--from=build ${imageAppDir} ${imageAppDir}`,
    ]);
    // Both images are the Node version the repo's scripts and tests run on (the `node` devDependency).
    const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    const node = lock.packages['node_modules/node']!.version;
    expect(process.version).toBe(`v${node}`);
    for (const stage of stages)
      expect(stage.image).toMatch(new RegExp(`^node:${node.replaceAll('.', '\\.')}-`));
  });

  test('the image holds the server and the packages it imports, from their tarballs, with production dependencies only', () => {
    const app = inImage(imageAppDir);
    expect(readdirSync(join(app, 'node_modules/@latchkey')).sort()).toEqual([...imagePackages].sort());
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string; dev?: boolean }>;
    };
    for (const name of imagePackages)
      expect(lock.packages[`node_modules/@latchkey/${name}`]?.resolved).toMatch(/^file:.*\.tgz$/);
    expect(Object.entries(lock.packages).filter(([, entry]) => entry.dev)).toEqual([]);
    for (const devOnly of [
      'vitest',
      'typescript',
      '@biomejs/biome',
      'playwright-core',
      'hardhat',
      'esbuild',
      'react',
    ])
      expect(existsSync(join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    // The PKCS#11 key store's addon, compiled on purpose (every other install script stays off).
    expect(existsSync(join(app, 'node_modules/pkcs11js/build/Release/pkcs11.node'))).toBe(true);
    // The entrypoint is the built JavaScript, not the TypeScript sources.
    const [, entry] = execForm(instructions('ENTRYPOINT').at(-1)!.args)!;
    expect(entry).toMatch(/\.js$/);
    expect(existsSync(inImage(entry!))).toBe(true);
  });

  describe.each(dialects)('on %s', (dialect) => {
    let port: number;
    let env: NodeJS.ProcessEnv;
    const adminKey = `lk_admin_${randomBytes(24).toString('hex')}`;
    const cleanups: (() => Promise<unknown>)[] = [];
    const workdir = inImage(instructions('WORKDIR').at(-1)!.args);
    /** The image's command line: ENTRYPOINT + `args`, with Node the repo's and the paths mapped. */
    const command = (args: string[]): [string, string[]] => {
      const [node, ...entry] = execForm(instructions('ENTRYPOINT').at(-1)!.args)!;
      expect(node).toBe('node');
      return [process.execPath, [...entry.map(inImage), ...args]];
    };

    beforeAll(async () => {
      port = await freePort();
      const keys = imageVolumes.find((v) => v.endsWith('-keys'))!;
      // The image's ENV, then what compose.yaml sets; nothing inherited from this machine but PATH.
      const imageEnv = Object.fromEntries(
        instructions('ENV').map((i) => i.args.split('=') as [string, string]),
      );
      env = {
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        HOME: workdir,
        ...imageEnv,
        LATCHKEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
        LATCHKEY_ADMIN_KEY: adminKey,
        LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
        LATCHKEY_KEY_STORE: `file:${join(inImage(keys), `${dialect}-recovery.key`)}`,
      };
      if (dialect === 'postgres') {
        const schema = `lk_image_${randomBytes(6).toString('hex')}`;
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`CREATE SCHEMA ${schema}`);
        await client.end();
        const url = new URL(process.env.DATABASE_URL!);
        url.searchParams.set('options', `-c search_path=${schema}`);
        env.DATABASE_URL = url.toString();
        cleanups.push(async () => {
          const drop = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await drop.connect();
          await drop.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await drop.end();
        });
      }
    });

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    test('serves /health with the CMD, passes the HEALTHCHECK, runs the CLI on the same database, and stops on SIGTERM', async () => {
      const cmd = execForm(instructions('CMD').at(-1)!.args)!;
      expect(cmd[0]).toBe('serve');
      // The CMD, with this test's port and loopback (later flags win): tests bind 127.0.0.1.
      const [file, args] = command([...cmd, '--port', String(port), '--host', '127.0.0.1']);
      const server: ChildProcess = spawn(file, args, {
        cwd: workdir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout?.on('data', (chunk) => (output += chunk));
      server.stderr?.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      cleanups.push(async () => {
        if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 30_000);
        const check = () => {
          if (/Latchkey listening on/.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        server.stdout?.on('data', check);
        server.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
      });
      expect(output).toContain(`(${dialect})`);
      // LATCHKEY_ADMIN_KEY is set: no key is generated or printed.
      expect(output).not.toMatch(/Admin key/);

      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      // Readiness (database answers, migrations current), and the dashboard the server package ships.
      expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      const dashboard = await fetch(`http://127.0.0.1:${port}/dashboard`);
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain('<div id="root"');

      // The HEALTHCHECK as Docker runs it (inside the container, so on the CMD's port, here this test's).
      const [healthNode, ...healthArgs] = healthcheckCommand(instructions('HEALTHCHECK')[0]!.args)!;
      expect(healthNode).toBe('node');
      const probe = healthArgs.map((a) => a.replace(`:${exposedPort}/`, `:${port}/`));
      await expect(run(process.execPath, probe, { env })).resolves.toBeDefined();

      // `docker run <image> apps create …`: the same entrypoint and WORKDIR, so the same data dir.
      const [cliFile, cliArgs] = command([
        'apps',
        'create',
        '--name',
        'Image app',
        '--allowed-domain',
        'https://app.example.com',
        '--json',
      ]);
      const created = await run(cliFile, cliArgs, { cwd: workdir, env });
      const app = JSON.parse(created.stdout) as { id: string };
      expect(app.id).toMatch(/^[a-z0-9]{25}$/);
      const fetched = await fetch(`http://127.0.0.1:${port}${routes.adminApp.replace(':id', app.id)}`, {
        headers: { authorization: `Bearer ${adminKey}` },
      });
      expect(fetched.status).toBe(200);
      expect(JSON.stringify(await fetched.json())).toContain('Image app');

      // `docker stop` sends SIGTERM to PID 1, the server: it closes and exits 0.
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(run(process.execPath, probe, { env })).rejects.toThrow();
    }, 120_000);
  });
});
