import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The development app's credentials, which `latchkey dev` keeps in its data dir (owner-only) for the
 * demo and the dev outbox. No other command writes it, so its presence is also what marks a data dir
 * as a development one: the storage commands (`latchkey apps …`, `users …`) then open it as `dev`
 * does, with the key file beside it, and no flag is needed. A production data dir never has it, so it
 * keeps needing LATCHKEY_KEY_STORE.
 */
export function devAppFile(dataDir: string): string {
  return join(dataDir, 'dev-app.json');
}

/** Whether `latchkey dev` made this data dir (see devAppFile). */
export function isDevelopmentDataDir(dataDir: string): boolean {
  return dataDir !== ':memory:' && existsSync(devAppFile(dataDir));
}
