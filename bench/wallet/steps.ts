/**
 * Where a signature's time goes: each step of the wallet frame's per-signature work, timed in headless
 * Chromium with the frame's own key library (no server, no messaging). Usage:
 * `node bench/wallet/steps.ts [--rounds N]` (default 200).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, startStaticServer } from '@latchkey/test/browser';
import { build } from 'esbuild';
import type { StepTimes } from './steps-page.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');

// The key library's @scure/bip32 (the "before" derivation, its tests' reference) is the one in its own
// node_modules, not the root's older one.
const keysModules = join(import.meta.dirname, '../../packages/keys/node_modules');
const bundle = await build({
  entryPoints: [join(import.meta.dirname, 'steps-page.ts')],
  bundle: true,
  format: 'iife',
  globalName: 'lkSteps',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
  // The workspace packages from their sources (root README, Packaging).
  conditions: ['@latchkey/source'],
  alias: { '@scure/bip32': join(keysModules, '@scure/bip32') },
  logLevel: 'warning',
});

const dir = mkdtempSync(join(tmpdir(), 'lk-wallet-steps-'));
const cleanups: (() => unknown)[] = [() => rmSync(dir, { recursive: true, force: true })];
try {
  writeFileSync(join(dir, 'steps.js'), bundle.outputFiles[0]!.text);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>steps</title><script src="/steps.js"></script>',
  );
  const server = await startStaticServer(dir);
  cleanups.push(() => server.close());
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const page = await browser.newPage();
  page.setDefaultTimeout(300_000);
  await page.goto(`${server.url}/`);
  const load = loadavg()[0]!.toFixed(2);
  const result: StepTimes = await page.evaluate(
    (n) =>
      (window as unknown as { lkSteps: { runSteps(n: number): Promise<StepTimes> } }).lkSteps.runSteps(n),
    rounds,
  );
  console.log('| Step (median of %d, Chromium) | ms |\n|---|--:|', rounds);
  for (const [name, ms] of Object.entries(result.medians)) console.log(`| ${name} | ${ms.toFixed(3)} |`);
  console.log(
    `\n${result.userAgent}; load average ${load} at the start, ${loadavg()[0]!.toFixed(2)} at the end`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
