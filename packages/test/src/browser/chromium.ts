import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; `LATCHKEY_CHROMIUM` points elsewhere. Playwright's own browser download is not used. */
export const chromiumPath = process.env.LATCHKEY_CHROMIUM || '/usr/bin/chromium';

/** Flags for a quiet, local-only headless Chromium (no sandbox: CI containers run as root). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Installs Debian's `chromium` package when it is missing: as root with apt-get, otherwise it fails
 * with what to run. Called once from the e2e global setup.
 */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (process.env.LATCHKEY_CHROMIUM) {
    throw new Error(`LATCHKEY_CHROMIUM=${chromiumPath} does not exist.`);
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      `The browser e2e tests need Chromium at ${chromiumPath}. Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium` (Debian / Ubuntu), or set ' +
        'LATCHKEY_CHROMIUM to a Chromium or Chrome binary.',
    );
  }
  console.log('[e2e] Chromium is missing: apt-get install -y chromium …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(chromiumPath))
    throw new Error(`apt-get installed chromium but ${chromiumPath} is missing.`);
}

/** What a test may change about the browser it drives. */
export interface ChromiumOptions {
  /**
   * Names resolved without DNS (`--host-resolver-rules`), e.g. `MAP *.latchkey.test 127.0.0.1`:
   * sites of their own on this machine, for same-site deployments.
   */
  hostResolverRules?: string | undefined;
  /**
   * Plain-http origins to treat as secure contexts, as https would be: Web Crypto (the wallet
   * frame), `crypto.randomUUID` and Web Locks need one. Loopback addresses are secure already.
   */
  secureOrigins?: readonly string[] | undefined;
  /**
   * Give cross-site frames (partitioned) storage. Chromium's default now blocks third-party storage
   * with third-party cookies (tracking protection): localStorage throws and IndexedDB refuses.
   */
  thirdPartyStorage?: boolean | undefined;
}

/** The flags `options` adds to `chromiumArgs`. */
export function chromiumOptionArgs(options: ChromiumOptions): string[] {
  const args: string[] = [];
  if (options.hostResolverRules) args.push(`--host-resolver-rules=${options.hostResolverRules}`);
  if (options.secureOrigins?.length)
    args.push(`--unsafely-treat-insecure-origin-as-secure=${options.secureOrigins.join(',')}`);
  if (options.thirdPartyStorage) args.push('--disable-features=TrackingProtection3pcd');
  return args;
}

export function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...chromiumOptionArgs(options)],
    timeout: 30_000,
  });
}
