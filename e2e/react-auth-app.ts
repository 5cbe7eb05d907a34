/**
 * A page built on the incumbent's React SDK, `@privy-io/react-auth` (unmodified), for
 * `e2e/incumbent-react-export.test.ts`.
 *
 * Why it is installed here and not a devDependency of the repo: react-auth 3.45.0 pulls in ~670
 * packages (1.3 GB: WalletConnect, the Coinbase wallet SDK, styled-components, …). As a root
 * devDependency every `npm ci` (CI, every worktree) would fetch and unpack them for one test file, and
 * its peer ranges would take part in resolving the repo's own tree. Instead this file installs it once
 * into an app dir outside the repo (in the OS temp dir, keyed by a hash of that app's package.json), with
 * the user's npm cache, and reuses that dir on later runs; a half-done install is never reused (it
 * installs into a scratch dir and renames it into place). Only this test needs the registry, and only
 * the first time on a machine, as `installed-packages.test.ts` does for vite.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, formatMessages } from 'esbuild';
import { npm } from '../scripts/packages.ts';
import { cleanEnv, repoRange } from './installed-app.ts';

/** The incumbent's React SDK version the repo's wire notes (docs/WIRE.md) were read from. */
export const reactAuthVersion = '3.45.0';

function appPackageJson(): string {
  const pkg = {
    name: 'latchkey-react-auth-app',
    private: true,
    type: 'module',
    dependencies: {
      '@privy-io/react-auth': reactAuthVersion,
      react: repoRange('react'),
      'react-dom': repoRange('react-dom'),
    },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * The installed app dir (its package.json and node_modules), installing it when this machine has none
 * yet. `--ignore-scripts`: none of the ~670 packages' install scripts run.
 */
export async function reactAuthAppDir(): Promise<string> {
  const packageJson = appPackageJson();
  const key = createHash('sha256').update(packageJson).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `latchkey-react-auth-${reactAuthVersion}-${key}`);
  if (existsSync(join(dir, 'node_modules', '@privy-io', 'react-auth', 'package.json'))) return dir;
  const scratch = `${dir}.installing-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'package.json'), packageJson);
  try {
    await npm(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: scratch,
      env: cleanEnv(),
    });
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm install of @privy-io/react-auth@${reactAuthVersion} failed:\n${stdout}${stderr}`);
  }
  // Another run (another worktree) may have finished the same install meanwhile: keep the one in place.
  if (existsSync(join(dir, 'node_modules', '@privy-io', 'react-auth', 'package.json'))) {
    rmSync(scratch, { recursive: true, force: true });
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(scratch, dir);
  return dir;
}

/**
 * The page's script (JSX; esbuild compiles it): `PrivyProvider` with the app id and `apiUrl` (Latchkey), and the hooks the test
 * drives, put on `window.reactAuth` (the test calls them as an app's buttons would); what the SDK
 * reports is written into the DOM (`ra-*` test ids).
 */
const mainJsx = `
import {
  PrivyProvider,
  useCreateWallet,
  useExportWallet,
  useLoginWithEmail,
  usePrivy,
  useWallets,
} from '@privy-io/react-auth';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);

function Hooks() {
  const { ready, authenticated, user } = usePrivy();
  const { sendCode, loginWithCode } = useLoginWithEmail();
  const { createWallet } = useCreateWallet();
  const { exportWallet } = useExportWallet();
  const { wallets } = useWallets();
  useEffect(() => {
    window.reactAuth = { sendCode, loginWithCode, createWallet, exportWallet };
  });
  const embedded = wallets.find((w) => w.walletClientType === 'privy');
  return (
    <div>
      <p data-testid="ra-ready">{String(ready)}</p>
      <p data-testid="ra-authenticated">{String(authenticated)}</p>
      <p data-testid="ra-user">{user?.id ?? ''}</p>
      <p data-testid="ra-wallet">{embedded?.address ?? ''}</p>
    </div>
  );
}

createRoot(document.getElementById('root')).render(
  <PrivyProvider
    appId={params.get('appId')}
    apiUrl={params.get('apiUrl')}
    config={{
      loginMethods: ['email'],
      embeddedWallets: { ethereum: { createOnLogin: 'off' } },
    }}
  >
    <Hooks />
  </PrivyProvider>,
);
`;

/**
 * Bundles the page with esbuild (the repo's) into `outdir`: the app's script and an index.html that loads
 * it. Fails with esbuild's messages on an error.
 */
export async function buildReactAuthPage(dir: string, outdir: string): Promise<void> {
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'main.jsx'), mainJsx);
  await build({
    absWorkingDir: dir,
    entryPoints: ['src/main.jsx'],
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    jsx: 'automatic',
    outdir,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  }).catch(async (error: { errors?: Parameters<typeof formatMessages>[0] }) => {
    if (!error.errors) throw error;
    throw new Error(`esbuild failed:\n${(await formatMessages(error.errors, { kind: 'error' })).join('\n')}`);
  });
  writeFileSync(
    join(outdir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>react-auth on Latchkey</title>' +
      '</head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
}
