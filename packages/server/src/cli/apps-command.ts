import { createApp, listApps, settingsView, updateApp } from '../apps/app-service.ts';
import { appFlagOptions, appFlagsHelp, appPatchFromFlags, fieldList } from './app-flags.ts';
import { changed, everything, summary } from './app-output.ts';
import { CliError, defineCommand, defineGroup } from './command.ts';
import { fields, secretLines, table, time } from './output.ts';
import { requireApp, withStorage } from './storage.ts';

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

/**
 * `latchkey apps …`: the commands here, and those the features add (`Feature.appCommands`, such as
 * `apps oauth`), loaded with the feature list only when one runs or `apps --help` lists them.
 */
export const appsCommand = defineGroup(
  'apps',
  'Creates and changes apps, on the same storage as serve.',
  [create, update, showApp, list, fieldsCommand],
  async () => (await import('./feature-commands.ts')).featureAppCommands(),
);
