import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's master key: 32 bytes from `LATCHKEY_MASTER_KEY` (base64), or a key file in the
 * data dir created on first start with owner-only permissions. Replicas sharing one database must
 * share this key; set the variable in production.
 */
export function loadMasterKey(options: { envValue?: string; dataDir?: string }): Uint8Array {
  if (options.envValue) {
    const key = Buffer.from(options.envValue, 'base64');
    if (key.length !== 32) throw new Error('LATCHKEY_MASTER_KEY must be 32 bytes, base64-encoded');
    return new Uint8Array(key);
  }
  if (!options.dataDir || options.dataDir === ':memory:') return new Uint8Array(randomBytes(32));
  const file = join(options.dataDir, 'master.key');
  if (existsSync(file)) return loadMasterKey({ envValue: readFileSync(file, 'utf8').trim() });
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return new Uint8Array(key);
}
