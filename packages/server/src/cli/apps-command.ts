import { parseArgs } from 'node:util';
import type { AppRecord } from '../app-config/app-record.ts';
import { mergePatch, parseSetArgument } from '../app-config/config-schema.ts';
import { createApp, listApps, settingsView, updateApp } from '../apps/app-service.ts';
import { silentLogger } from '../logger.ts';
import { createLatchkey, optionsFromEnv } from '../server.ts';
import { commonOptions } from './common-options.ts';
import { oauthCredentialsPatch } from './oauth-credentials-patch.ts';

const options = {
  ...commonOptions,
  name: { type: 'string' },
  'allowed-domain': { type: 'string', multiple: true, default: [] as string[] },
  set: { type: 'string', multiple: true, default: [] as string[] },
  // `apps oauth ID PROVIDER`: a provider's credentials, secrets from files.
  'client-id': { type: 'string' },
  'client-secret-file': { type: 'string' },
  'team-id': { type: 'string' },
  'key-id': { type: 'string' },
  'private-key-file': { type: 'string' },
  issuer: { type: 'string' },
  scopes: { type: 'string' },
  'display-name': { type: 'string' },
} as const;

function summary(app: AppRecord) {
  return {
    id: app.id,
    name: app.config.name,
    allowed_domains: app.config.allowed_domains,
    environment: app.settings.environment,
  };
}

/** `latchkey apps create | update | oauth | list`, on the same storage as `serve`. */
export async function appsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  const [action, id, provider] = positionals;
  const latchkey = await createLatchkey({
    ...optionsFromEnv(),
    // These commands serve no HTTP: they must not generate the admin key, or `serve` (the only
    // command that prints it) could never show it.
    adminApi: false,
    dataDir: values['data-dir'],
    log: silentLogger,
  });
  const { ctx } = latchkey;
  try {
    switch (action) {
      case 'create': {
        if (!values.name) throw new Error('apps create needs --name');
        const patch = values.set.map(parseSetArgument).reduce((a, p) => mergePatch(a, p), {});
        const { app, secret } = await createApp(ctx, {
          name: values.name,
          allowedDomains: values['allowed-domain'],
          patch,
        });
        return print(values.json, { ...summary(app), secret });
      }
      case 'update': {
        if (!id) throw new Error('apps update needs an app id');
        if (values.set.length === 0) throw new Error('apps update needs at least one --set field=value');
        const patch = values.set.map(parseSetArgument).reduce((a, p) => mergePatch(a, p), {});
        const app = await updateApp(ctx, id, patch);
        return print(values.json, {
          ...summary(app),
          config: app.config,
          settings: settingsView(app.settings),
        });
      }
      case 'oauth': {
        if (!id || !provider) throw new Error('apps oauth needs an app id and a provider');
        const current = await ctx.apps.load(id, { fresh: true });
        if (!current) throw new Error(`No app ${id}`);
        const app = await updateApp(ctx, id, oauthCredentialsPatch(current, provider, values));
        return print(values.json, { ...summary(app), settings: settingsView(app.settings) });
      }
      case 'list':
        return print(values.json, (await listApps(ctx)).map(summary));
      default:
        throw new Error('Usage: latchkey apps create|update|oauth|list');
    }
  } finally {
    await latchkey.close();
  }
}

function print(json: boolean, value: unknown): number {
  console.log(json ? JSON.stringify(value) : JSON.stringify(value, null, 2));
  return 0;
}
