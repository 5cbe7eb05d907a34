import {
  type AllowlistType,
  addAllowlistEntry,
  listAllowlist,
  removeAllowlistEntry,
} from '../accounts/allowlist.ts';
import { normaliseEntry } from '../apps/feature.ts';
import { ApiError } from '../http/api-error.ts';
import { walletIdentifier } from '../users-api/identifiers.ts';
import { CliError, defineCommand, defineGroup } from './command.ts';
import { table } from './output.ts';
import { requireApp, withStorage } from './storage.ts';

const entryOptions = {
  email: { type: 'string', multiple: true, default: [] as string[] },
  phone: { type: 'string', multiple: true, default: [] as string[] },
  wallet: { type: 'string', multiple: true, default: [] as string[] },
} as const;

const entryHelp = [
  'Options (repeat any; at least one):',
  '  --email ADDRESS   an email address, or @example.com for a whole domain',
  '  --phone NUMBER    a phone number (E.164, +15555550123; US numbers may omit +1)',
  '  --wallet ADDRESS  an Ethereum or Solana address',
].join('\n');

/**
 * The entries the flags name, each normalised as the server API stores them (apps/feature.ts), and
 * refused with the value when it is not an email, a phone number or a wallet address.
 */
function entries(values: { email: string[]; phone: string[]; wallet: string[] }, name: string) {
  const out: { type: AllowlistType; value: string }[] = [];
  const add = (type: AllowlistType, raw: string) => {
    try {
      if (type === 'wallet') walletIdentifier(raw);
      out.push({ type, value: normaliseEntry(type, raw) });
    } catch (error) {
      throw new CliError(`--${type} "${raw}": ${(error as Error).message}`);
    }
  };
  for (const v of values.email) add('email', v);
  for (const v of values.phone) add('phone', v);
  for (const v of values.wallet) add('wallet', v);
  if (out.length === 0) throw new CliError(`allowlist ${name} needs --email, --phone or --wallet`, 2);
  return out;
}

const list = defineCommand({
  name: 'allowlist list',
  args: ['APP_ID'],
  summary: "Lists an app's allowlist (who may log in while allowlist_enabled is on).",
  options: {},
  async run(values, [appId]) {
    return withStorage(values['data-dir'], async (ctx) => {
      const app = await requireApp(ctx, appId!);
      const rows = await listAllowlist(ctx, app.id);
      const note = app.config.allowlist_enabled
        ? ''
        : `\n\nThe allowlist is off for this app: latchkey apps update ${app.id} --set allowlist_enabled=true`;
      return {
        json: { allowlist_enabled: app.config.allowlist_enabled, entries: rows },
        human: `${table(rows, ['type', 'value', 'id'], '(no entries)')}${note}`,
      };
    });
  },
});

const add = defineCommand({
  name: 'allowlist add',
  args: ['APP_ID'],
  synopsis: '[--email ADDRESS|@DOMAIN ...] [--phone NUMBER ...] [--wallet ADDRESS ...]',
  summary: "Adds entries to an app's allowlist (an entry already there is left as it is).",
  details: entryHelp,
  options: entryOptions,
  async run(values, [appId]) {
    const wanted = entries(values, 'add');
    return withStorage(values['data-dir'], async (ctx) => {
      const app = await requireApp(ctx, appId!);
      const results = [];
      for (const { type, value } of wanted) {
        try {
          await addAllowlistEntry(ctx, app.id, type, value);
          results.push({ type, value, result: 'added' });
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'resource_already_exists')) throw error;
          results.push({ type, value, result: 'already there' });
        }
      }
      return { json: results, human: table(results, ['type', 'value', 'result']) };
    });
  },
});

const remove = defineCommand({
  name: 'allowlist remove',
  args: ['APP_ID'],
  synopsis: '[--email ADDRESS|@DOMAIN ...] [--phone NUMBER ...] [--wallet ADDRESS ...]',
  summary: "Removes entries from an app's allowlist.",
  details: entryHelp,
  options: entryOptions,
  async run(values, [appId]) {
    const wanted = entries(values, 'remove');
    return withStorage(values['data-dir'], async (ctx) => {
      const app = await requireApp(ctx, appId!);
      const current = await listAllowlist(ctx, app.id);
      const missing = wanted.find((w) => !current.some((c) => c.type === w.type && c.value === w.value));
      if (missing)
        throw new CliError(`${missing.type} ${missing.value} is not on the allowlist of ${app.id}`);
      for (const { type, value } of wanted) await removeAllowlistEntry(ctx, app.id, type, value);
      const results = wanted.map((w) => ({ ...w, result: 'removed' }));
      return { json: results, human: table(results, ['type', 'value', 'result']) };
    });
  },
});

export const allowlistCommand = defineGroup(
  'allowlist',
  'Manages who may log in to an app while its allowlist is on (allowlist_enabled).',
  [list, add, remove],
);
