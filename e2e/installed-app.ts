/**
 * A fresh Vite + React app outside the repo that installs the packed `@latchkey/*` tarballs the way a
 * user's app installs them from npm: for `e2e/installed-packages.test.ts`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { type CliResult, runProcess } from '@latchkey/test/server/processes';
import { build, formatMessages } from 'esbuild';
import { npm } from '../scripts/packages.ts';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..');

/** The version range the repo itself uses for a dependency, so the app builds with what the repo tests. */
export function repoRange(name: string): string {
  for (const file of ['package.json', 'apps/demo/package.json']) {
    const pkg = JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    const range = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
    if (range) return range;
  }
  throw new Error(`The repo does not depend on ${name}`);
}

/**
 * This process's environment without what npm adds for the script that runs it (`npm_config_local_prefix`
 * names this repo, `npm_package_*` its package.json): the app's own npm must see only the app. The user's
 * npm configuration (registry, cache) comes from their npmrc as usual.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) || key === 'npm_config_cache' || key === 'npm_config_userconfig')
      env[key] = value;
  }
  // Node 24 (the repo's) first on the PATH: the `latchkey` bin's shebang (`env node`) and npm's scripts use it.
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  return { ...env, ...extra };
}

/**
 * Writes the app's package.json (the tarballs by `file:`, and as overrides so that no `@latchkey/*`
 * package can come from the registry instead) and installs it. `--ignore-scripts`: no install script of
 * any dependency runs, so pkcs11js's native addon is not built, as on a machine without a C++ toolchain.
 */
export async function installApp(dir: string, packed: Record<string, { tarball: string }>): Promise<void> {
  const latchkey = Object.fromEntries(
    Object.entries(packed).map(([name, { tarball }]) => [`@latchkey/${name}`, `file:${tarball}`]),
  );
  const pkg = {
    name: 'latchkey-installed-app',
    private: true,
    type: 'module',
    dependencies: {
      ...latchkey,
      react: repoRange('react'),
      'react-dom': repoRange('react-dom'),
    },
    devDependencies: {
      '@types/react': repoRange('@types/react'),
      '@types/react-dom': repoRange('@types/react-dom'),
      '@vitejs/plugin-react': repoRange('@vitejs/plugin-react'),
      typescript: repoRange('typescript'),
      vite: repoRange('vite'),
    },
    overrides: Object.fromEntries(Object.keys(latchkey).map((name) => [name, `$${name}`])),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  try {
    await npm(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      env: cleanEnv(),
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm install in ${dir} failed:\n${stdout}${stderr}`);
  }
}

/** Where the lockfile says each installed `@latchkey/*` package came from. */
export function latchkeySources(dir: string): Record<string, string> {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { resolved?: string; version?: string }>;
  };
  return Object.fromEntries(
    Object.entries(lock.packages)
      .filter(([path]) => /(^|\/)node_modules\/@latchkey\/[^/]+$/.test(path))
      .map(([path, entry]) => [path, entry.resolved ?? `(no resolved, version ${entry.version})`]),
  );
}

/**
 * The app: `<LatchkeyProvider appId apiUrl>` around a login button and the logged-in user's address,
 * in TSX (the automatic JSX runtime), type-checked against the installed packages' types.
 */
export async function writeAppSources(dir: string, params: { appId: string; apiUrl: string }): Promise<void> {
  await mkdir(join(dir, 'src'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': [
      '<!doctype html>',
      '<html lang="en">',
      '  <head><meta charset="UTF-8" /><title>Installed Latchkey</title></head>',
      '  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>',
      '</html>',
      '',
    ].join('\n'),
    'vite.config.ts': [
      "import react from '@vitejs/plugin-react';",
      "import { defineConfig } from 'vite';",
      '',
      'export default defineConfig({ plugins: [react()] });',
      '',
    ].join('\n'),
    'tsconfig.json': `${JSON.stringify(
      {
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.iterable'],
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    )}\n`,
    'src/main.tsx': [
      "import { LatchkeyProvider, useLatchkey } from '@latchkey/react';",
      "import { createRoot } from 'react-dom/client';",
      '',
      'function Account() {',
      '  const { ready, authenticated, user, login, logout } = useLatchkey();',
      '  if (!ready) return <p data-testid="app-loading">Loading…</p>;',
      '  if (!authenticated) {',
      '    return (',
      '      <button type="button" data-testid="app-login" onClick={() => login()}>',
      '        Log in',
      '      </button>',
      '    );',
      '  }',
      '  const address: string | undefined = user?.email?.address;',
      '  return (',
      '    <p>',
      '      <span data-testid="app-user">{address}</span>',
      '      <button type="button" onClick={() => logout()}>Log out</button>',
      '    </p>',
      '  );',
      '}',
      '',
      "createRoot(document.getElementById('root')!).render(",
      `  <LatchkeyProvider appId=${JSON.stringify(params.appId)} apiUrl=${JSON.stringify(params.apiUrl)}>`,
      '    <Account />',
      '  </LatchkeyProvider>,',
      ');',
      '',
    ].join('\n'),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
}

/** Runs one of the app's installed tools (a JS file in its node_modules) with this Node; fails with its output. */
export async function runTool(dir: string, script: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [join(dir, 'node_modules', script), ...args], {
      cwd: dir,
      env: cleanEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${script} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

/**
 * Bundles the app with esbuild (the repo's), as an app that does not use Vite would: `src/main.tsx`
 * and what it imports from the installed packages, the lazy screens as chunks, into `outdir` with an
 * `index.html` that loads it. Fails with esbuild's own messages on any error or warning (a warning
 * such as `different-path-case` is the error of a case-insensitive file system).
 */
export async function bundleWithEsbuild(dir: string, outdir: string): Promise<void> {
  const result = await build({
    absWorkingDir: dir,
    entryPoints: ['src/main.tsx'],
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    jsx: 'automatic',
    minify: true,
    outdir,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).catch(async (error: { errors?: Parameters<typeof formatMessages>[0] }) => {
    if (!error.errors) throw error;
    throw new Error(`esbuild failed:\n${(await formatMessages(error.errors, { kind: 'error' })).join('\n')}`);
  });
  if (result.warnings.length > 0)
    throw new Error(
      `esbuild warned:\n${(await formatMessages(result.warnings, { kind: 'warning' })).join('\n')}`,
    );
  writeFileSync(
    join(outdir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Installed Latchkey (esbuild)</title>' +
      '</head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
}

/** The installed `latchkey` bin (node_modules/.bin/latchkey, run through its own shebang), to completion. */
export function latchkey(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return runProcess(join(dir, 'node_modules/.bin/latchkey'), args, { cwd: dir, env });
}

/**
 * A documented command line (`npx @latchkey/migrate src`) run as written with npx, in `cwd` inside the
 * app: npx finds the package in the app's node_modules. npx is the one beside the npm running the
 * tests (`npm_execpath`) when there is one, else `npx` on the PATH; Node 24 first on the PATH either way.
 */
export function npxCommand(cwd: string, commandLine: string): Promise<CliResult> {
  const [command, ...args] = commandLine.split(/\s+/);
  if (command !== 'npx') throw new Error(`Not an npx command: ${commandLine}`);
  const npmCli = process.env.npm_execpath;
  if (npmCli?.endsWith('npm-cli.js'))
    return runProcess(process.execPath, [join(dirname(npmCli), 'npx-cli.js'), ...args], {
      cwd,
      env: cleanEnv(),
    });
  return runProcess('npx', args, { cwd, env: cleanEnv() });
}

/** `latchkey serve` from the installed bin, resolved once it prints its URL; `stop` ends it. */
export async function serveInstalled(
  dir: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(join(dir, 'node_modules/.bin/latchkey'), ['serve', ...args], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`latchkey serve did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Latchkey listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`latchkey serve exited with ${code} before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, output: () => output, stop };
}
