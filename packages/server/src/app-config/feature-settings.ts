import type { z } from 'zod';

/**
 * Server-side app settings a feature adds (`Feature.appSettings`): stored beside the foundation's
 * in the app's settings, taken by the same patch (admin API, dashboard, CLI), never in the public
 * app response. `AppServerSettings` is the protocol's (the admin API's wire type), so a feature
 * reads its fields by name (`openAppSettingSecret` for a secret, apps/app-service.ts).
 *
 * @example
 * const telegramSettings: AppSettingsDeclaration = {
 *   fields: { telegram_bot_token: z.string().min(1).max(200).nullable() },
 *   defaults: { telegram_bot_token: null },
 *   secrets: [{ field: 'telegram_bot_token', label: 'Telegram bot token' }],
 * };
 */
export interface AppSettingsDeclaration {
  /** The schema of each field in a patch (a patch may name any of them). */
  fields: Record<string, z.ZodType>;
  /** Each field's value in a new app, and in an app stored before the feature was added. */
  defaults: Record<string, unknown>;
  /**
   * The fields that are secrets (strings, or null for none): sealed before they are stored (bound
   * to the app and the field, `appSettingSecretContext`), shown by the admin API and the CLI only
   * as `set`, and listed by the admin API with their label so that the dashboard offers to set,
   * replace or clear them.
   */
  secrets?: { field: string; label: string }[];
}

const declarations: AppSettingsDeclaration[] = [];

/**
 * Adds the features' settings (app.ts, from `Feature.appSettings`, before any request is served).
 * Adding the same declaration again is a no-op; two declarations of one field are an error. Returns
 * what takes the ones it added away again (a test's own declarations).
 */
export function useAppSettings(added: readonly AppSettingsDeclaration[]): () => void {
  const fresh = added.filter((declaration) => !declarations.includes(declaration));
  for (const declaration of fresh)
    for (const field of Object.keys(declaration.fields))
      if ([...declarations, ...fresh].some((other) => other !== declaration && field in other.fields))
        throw new Error(`Two declarations of the app setting ${field}`);
  declarations.push(...fresh);
  return () => {
    for (const declaration of fresh) declarations.splice(declarations.indexOf(declaration), 1);
  };
}

/** Every feature setting's schema, by field. */
export const featureSettingFields = (): Record<string, z.ZodType> =>
  Object.assign({}, ...declarations.map((declaration) => declaration.fields));

/** Every feature setting's default, by field. */
export const featureSettingDefaults = (): Record<string, unknown> =>
  Object.assign({}, ...declarations.map((declaration) => declaration.defaults));

/** The feature settings that are secrets, in declaration order. */
export const featureSecretSettings = (): { field: string; label: string }[] =>
  declarations.flatMap((declaration) => declaration.secrets ?? []);

/** The AAD binding a sealed feature setting to its app and field. */
export const appSettingSecretContext = (appId: string, field: string) => `app-setting:${appId}:${field}`;
