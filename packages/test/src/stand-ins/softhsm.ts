import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's SoftHSM2 PKCS#11 library and its token tool. */
export const softhsmModule = '/usr/lib/softhsm/libsofthsm2.so';
const softhsmUtil = '/usr/bin/softhsm2-util';

/**
 * Makes sure Debian's `softhsm2` is installed: as root it installs it with apt-get when missing
 * (as `ensureChromium` in ../browser/chromium.ts does for Chromium), otherwise it fails with what to
 * run. Only a non-root run that sets LATCHKEY_SKIP_SOFTHSM=1 may go without: it returns false, and
 * the caller skips. CI runs as root, so there a missing SoftHSM2 is installed or fails the run, never
 * skipped.
 */
export function ensureSoftHsm(): boolean {
  if (existsSync(softhsmModule) && existsSync(softhsmUtil)) return true;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && process.env.LATCHKEY_SKIP_SOFTHSM === '1') return false;
  if (!isRoot || !existsSync('/usr/bin/apt-get'))
    throw new Error(
      `The PKCS#11 key store tests need SoftHSM2 (${softhsmModule}). Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y softhsm2` (Debian / Ubuntu), or set ' +
        'LATCHKEY_SKIP_SOFTHSM=1 to skip them on a machine where you are not root.',
    );
  console.log('[test] SoftHSM2 is missing: apt-get install -y softhsm2 …');
  // Test files run in parallel processes: flock lets one install while the others wait, then
  // find it installed.
  const install =
    `test -e ${softhsmModule} && test -e ${softhsmUtil} || ` +
    '{ apt-get update && apt-get install -y --no-install-recommends softhsm2; }';
  execFileSync('flock', [join(tmpdir(), 'latchkey-softhsm-install.lock'), 'sh', '-c', install], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(softhsmModule) || !existsSync(softhsmUtil))
    throw new Error(`apt-get installed softhsm2 but ${softhsmModule} or ${softhsmUtil} is missing.`);
  return true;
}

export interface SoftHsmToken {
  /** The SoftHSM2 config file: point `SOFTHSM2_CONF` at it before the library is initialised. */
  conf: string;
  label: string;
  pin: string;
  /** Removes the token directory. */
  remove(): void;
}

/** A fresh SoftHSM2 token in a temporary directory of its own (its own config file and token dir). */
export function createSoftHsmToken(label = 'latchkey-test'): SoftHsmToken {
  const dir = mkdtempSync(join(tmpdir(), 'lk-softhsm-'));
  const tokens = join(dir, 'tokens');
  mkdirSync(tokens, { mode: 0o700 });
  const conf = join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  const pin = '123456';
  execFileSync(
    softhsmUtil,
    ['--init-token', '--free', '--label', label, '--pin', pin, '--so-pin', '12345678'],
    { env: { ...process.env, SOFTHSM2_CONF: conf }, stdio: 'pipe' },
  );
  return { conf, label, pin, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
