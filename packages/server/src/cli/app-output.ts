import type { AppRecord } from '../app-config/app-record.ts';
import { settingsView } from '../apps/app-service.ts';
import { fields } from './output.ts';

/** What `apps list` and every app command show of an app first. */
export function summary(app: AppRecord) {
  return {
    id: app.id,
    name: app.config.name,
    allowed_domains: app.config.allowed_domains,
    environment: app.settings.environment,
  };
}

/** The app's public config and server settings (secrets only as `set`), in one object. */
export const everything = (app: AppRecord): Record<string, unknown> => ({
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
export const changed = (app: AppRecord, patch: Record<string, unknown>) =>
  fields(leaves(patch).map((path) => [path, at(everything(app), path)]));
