import { readFileSync } from 'node:fs';
import type { AppRecord } from '../app-config/app-record.ts';
import { createApp, listApps, settingsView, updateApp } from '../apps/app-service.ts';
import { appFlagOptions, appFlagsHelp, appPatchFromFlags, assertValidPatch, fieldList } from './app-flags.ts';
import { CliError, defineCommand, defineGroup } from './command.ts';
import { oauthCredentialsPatch } from './oauth-credentials-patch.ts';
import { fields, secretLines, table, time } from './output.ts';
import { requireApp, withStorage } from './storage.ts';

function summary(app: AppRecord) {
  return {
    id: app.id,
    name: app.config.name,
    allowed_domains: app.config.allowed_domains,
    environment: app.settings.environment,
  };
}

/** The app's public config and server settings (secrets only as `set`), in one object. */
const everything = (app: AppRecord): Record<string, unknown> => ({
  ...app.config,
  ...settingsView(app.settings),
});

/** Dotted paths of the leaves of a patch: what an update changed. */
function leaves(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? leaves(v as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
      value,
    );

/** `key: value` lines for the fields a patch touched, read back from the stored app. */
const changed = (app: AppRecord, patch: Record<string, unknown>) =>
  fields(leaves(patch).map((path) => [path, at(everything(app), path)]));

const create = defineCommand({
  name: 'apps create',
  synopsis: '--name NAME [--allowed-domain ORIGIN ...] [--set field=value ...]',
  summary: 'Creates an app and prints its id and its secret (shown only this once).',
  details: `Options:\n${appFlagsHelp}`,
  options: appFlagOptions,
  async run(values) {
    if (values.name === undefined) throw new CliError('apps create needs --name NAME', 2);
    const patch = appPatchFromFlags(values);
    return withStorage(values['data-dir'], async (ctx) => {
      const { app, secret } = await createApp(ctx, {
        name: values.name!,
        allowedDomains: values['allowed-domain'],
        patch,
      });
      return {
        json: { ...summary(app), secret },
        human: `Created app ${app.config.name}\n${fields(Object.entries(summary(app)))}\n${secretLines('App secret', secret)}`,
      };
    });
  },
});

const update = defineCommand({
  name: 'apps update',
  args: ['APP_ID'],
  synopsis: '[--name NAME] [--allowed-domain ORIGIN ...] [--set field=value ...]',
  summary: 'Changes an app: the fields given, checked as apps create and the admin API check them.',
  details: `Options:\n${appFlagsHelp}\n\nPrints the fields changed; --json prints the whole app (config and settings).`,
  options: appFlagOptions,
  async run(values, [id]) {
    const patch = appPatchFromFlags(values);
    if (Object.keys(patch).length === 0)
      throw new CliError('apps update needs --name, --allowed-domain or --set field=value', 2);
    return withStorage(values['data-dir'], async (ctx) => {
      await requireApp(ctx, id!);
      const app = await updateApp(ctx, id!, patch);
      return {
        json: { ...summary(app), config: app.config, settings: settingsView(app.settings) },
        human: `Updated app ${app.id}\n${changed(app, patch)}`,
      };
    });
  },
});

const showApp = defineCommand({
  name: 'apps show',
  args: ['APP_ID'],
  summary: "Prints an app's config and server settings (secrets only as set).",
  options: {},
  async run(values, [id]) {
    return withStorage(values['data-dir'], async (ctx) => {
      const app = await requireApp(ctx, id!);
      const all = everything(app);
      return {
        json: { ...summary(app), config: app.config, settings: settingsView(app.settings) },
        human: fields([
          ['id', app.id],
          ['created', time(app.createdAt)],
          ['updated', time(app.updatedAt)],
          ...Object.entries(all),
        ]),
      };
    });
  },
});

const list = defineCommand({
  name: 'apps list',
  summary: 'Lists the apps.',
  options: {},
  async run(values) {
    return withStorage(values['data-dir'], async (ctx) => {
      const apps = (await listApps(ctx)).map(summary);
      return {
        json: apps,
        human: table(apps, ['id', 'name', 'environment', 'allowed_domains'], '(no apps)'),
      };
    });
  },
});

const oauth = defineCommand({
  name: 'apps oauth',
  args: ['APP_ID', 'PROVIDER'],
  synopsis:
    "--client-id ID [--client-secret-file FILE] [--scopes 'a b'] [--team-id T --key-id K --private-key-file KEY.p8] [--issuer URL --display-name NAME]",
  summary: "Sets a provider's OAuth client (secrets read from files) and turns the provider on.",
  details: [
    'PROVIDER is one of google, twitter, discord, github, spotify, instagram, tiktok, line, twitch,',
    'linkedin, apple, or custom:<name> (an OpenID Connect provider at --issuer).',
    'Secrets come from files so they never sit in shell history or `ps`.',
  ].join('\n'),
  options: {
    'client-id': { type: 'string' },
    'client-secret-file': { type: 'string' },
    'team-id': { type: 'string' },
    'key-id': { type: 'string' },
    'private-key-file': { type: 'string' },
    issuer: { type: 'string' },
    scopes: { type: 'string' },
    'display-name': { type: 'string' },
  },
  async run(values, [id, provider]) {
    for (const flag of ['client-secret-file', 'private-key-file'] as const) {
      const path = values[flag];
      if (path) {
        try {
          readFileSync(path);
        } catch (error) {
          throw new CliError(`--${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code})`);
        }
      }
    }
    return withStorage(values['data-dir'], async (ctx) => {
      const current = await requireApp(ctx, id!);
      let patch: Record<string, unknown>;
      try {
        patch = oauthCredentialsPatch(current, provider!, values);
      } catch (error) {
        throw new CliError((error as Error).message);
      }
      assertValidPatch(patch);
      const app = await updateApp(ctx, id!, patch);
      return {
        json: { ...summary(app), settings: settingsView(app.settings) },
        human: `Updated app ${app.id}\n${changed(app, patch)}`,
      };
    });
  },
});

const fieldsCommand = defineCommand({
  name: 'apps fields',
  summary: 'Lists the fields apps update --set takes: public config and server settings.',
  options: {},
  noStorage: true,
  async run() {
    const rows = fieldList();
    return { json: rows, human: table(rows, ['field', 'scope', 'type']) };
  },
});

export const appsCommand = defineGroup('apps', 'Creates and changes apps, on the same storage as serve.', [
  create,
  update,
  showApp,
  list,
  oauth,
  fieldsCommand,
]);
