import { rotateAdminKey } from '../admin/admin-key.ts';
import { CliError, defineCommand } from './command.ts';
import { withStorage } from './storage.ts';

/**
 * `latchkey admin-key --rotate`: a new admin key for a data dir (or DATABASE_URL) whose generated key
 * was lost: only its hash is stored, so it cannot be shown again. Running servers take the new key at
 * once and every dashboard session ends. A key set by LATCHKEY_ADMIN_KEY is changed there instead.
 */
export const adminKeyCommand = defineCommand({
  name: 'admin-key',
  synopsis: '--rotate',
  summary:
    'Makes a new admin key (the dashboard and /admin/v1 log in with it) and prints it once: the old key\n' +
    'and every dashboard session stop working, on running servers too. The key is stored only as a hash,\n' +
    'so a lost key cannot be shown again; this replaces it.',
  details: [
    'Options:',
    '  --rotate          replace the admin key (required: without it nothing changes)',
  ].join('\n'),
  options: { rotate: { type: 'boolean', default: false } },
  async run(values) {
    if (process.env.LATCHKEY_ADMIN_KEY)
      throw new CliError(
        'the admin key is LATCHKEY_ADMIN_KEY on this server: change it there (at least 32 characters) and restart',
      );
    if (!values.rotate)
      throw new CliError(
        'the admin key is stored only as a hash and cannot be shown again; `latchkey admin-key --rotate` makes a new one',
        2,
      );
    const key = await withStorage(values['data-dir'], rotateAdminKey);
    return {
      json: { admin_key: key, shown_once: true },
      human: `Admin key (shown once, keep it safe): ${key}\nThe old key and every dashboard session no longer work.`,
    };
  },
});
