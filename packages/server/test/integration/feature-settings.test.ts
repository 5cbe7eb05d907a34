import { dialects, startTestServer, type TestServer, testAdminKey } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AppSettingsDeclaration, useAppSettings } from '../../src/app-config/feature-settings.ts';
import {
  createApp,
  openAppSettingSecret,
  secretSettingsView,
  settingsView,
  updateApp,
} from '../../src/apps/app-service.ts';
import { assertValidPatch } from '../../src/cli/app-flags.ts';
import type { Feature } from '../../src/feature.ts';
import { featureAppSettings } from '../../src/features.ts';

/** A feature's settings as a login method would declare them: a sealed token and a plain name. */
const exampleSettings: AppSettingsDeclaration = {
  fields: {
    example_bot_token: z.string().min(10).max(200).nullable(),
    example_bot_name: z.string().max(50).nullable(),
  },
  defaults: { example_bot_token: null, example_bot_name: null },
  secrets: [{ field: 'example_bot_token', label: 'Example bot token' }],
};
const exampleFeature: Feature = {
  name: 'example',
  routes: () => [],
  fixtures: {},
  appSettings: exampleSettings,
};

/** The example feature's secret settings (the server's own features have theirs too: Telegram's bot token). */
const examples = <T extends { field: string }>(list: T[]) =>
  list.filter((entry) => entry.field.startsWith('example_'));

describe.each(dialects)("a feature's server-side app settings (%s)", (dialect) => {
  let t: TestServer;
  let undo: () => void;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    // What app.ts does with the features' declarations; taken away after, for the next file.
    undo = useAppSettings(featureAppSettings([exampleFeature]));
  });
  afterAll(async () => {
    undo();
    await t.close();
  });

  it('a new app has their defaults; a patch sets them beside the foundation settings', async () => {
    const { app } = await createApp(t.ctx, { name: 'Settings' });
    expect(app.settings).toMatchObject({ example_bot_token: null, example_bot_name: null });
    expect(examples(secretSettingsView(app.settings))).toEqual([
      { field: 'example_bot_token', label: 'Example bot token', set: false },
    ]);
    const updated = await updateApp(t.ctx, app.id, {
      example_bot_token: '123456:secret-token',
      example_bot_name: 'latchkey_bot',
      sms_auth: true,
    });
    expect(updated.config.sms_auth).toBe(true);
    expect(settingsView(updated.settings)).toMatchObject({
      example_bot_token: 'set',
      example_bot_name: 'latchkey_bot',
    });
    expect(examples(secretSettingsView(updated.settings))).toEqual([
      { field: 'example_bot_token', label: 'Example bot token', set: true },
    ]);
  });

  it('the CLI checks a feature command’s patch with the feature settings in it (assertValidPatch)', () => {
    expect(() =>
      assertValidPatch({ example_bot_token: '123456:secret-token', sms_auth: true }),
    ).not.toThrow();
    expect(() => assertValidPatch({ example_bot_token: 42 })).toThrow(/example_bot_token/);
    expect(() => assertValidPatch({ unknown_setting: 1 })).toThrow(/unknown_setting/);
  });

  it('a secret is sealed at rest, bound to its app, and opens for the feature', async () => {
    const { app } = await createApp(t.ctx, {
      name: 'Sealed',
      patch: { example_bot_token: '123456:secret-token' },
    });
    const row = await t.ctx.db
      .selectFrom('apps')
      .select('config')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.config).not.toContain('secret-token');
    expect(openAppSettingSecret(t.ctx, app, 'example_bot_token')).toBe('123456:secret-token');
    // Copied into another app, the sealed value does not open (its AAD names the app).
    const { app: other } = await createApp(t.ctx, { name: 'Other' });
    const sealed = (app.settings as unknown as Record<string, unknown>).example_bot_token;
    const stolen = { ...other, settings: { ...other.settings, example_bot_token: sealed } };
    expect(() => openAppSettingSecret(t.ctx, stolen, 'example_bot_token')).toThrow();
  });

  it('clears with null, and refuses a bad value with invalid_data naming the field', async () => {
    const { app } = await createApp(t.ctx, {
      name: 'Clear',
      patch: { example_bot_token: '123456:secret-token' },
    });
    const cleared = await updateApp(t.ctx, app.id, { example_bot_token: null });
    expect((cleared.settings as unknown as Record<string, unknown>).example_bot_token).toBeNull();
    expect(openAppSettingSecret(t.ctx, cleared, 'example_bot_token')).toBeNull();
    await expect(updateApp(t.ctx, app.id, { example_bot_token: 'short' })).rejects.toMatchObject({
      code: 'invalid_data',
      message: expect.stringContaining('example_bot_token'),
    });
    await expect(updateApp(t.ctx, app.id, { unknown_setting: 1 })).rejects.toMatchObject({
      code: 'invalid_data',
    });
  });

  it('the admin API takes them in a patch, shows a secret only as set and describes it for the dashboard', async () => {
    const { app } = await createApp(t.ctx, { name: 'Admin' });
    const patch = async (body: unknown) => {
      const res = await t.fetch(`/admin/v1/apps/${app.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    const set = await patch({ example_bot_token: '123456:secret-token' });
    expect(set.status).toBe(200);
    expect(set.text).not.toContain('secret-token');
    expect(JSON.parse(set.text)).toMatchObject({ settings: { example_bot_token: 'set' } });
    expect(examples(JSON.parse(set.text).secret_settings)).toEqual([
      { field: 'example_bot_token', label: 'Example bot token', set: true },
    ]);
    const cleared = JSON.parse((await patch({ example_bot_token: null })).text);
    expect(examples(cleared.secret_settings)).toEqual([
      { field: 'example_bot_token', label: 'Example bot token', set: false },
    ]);
    const bad = await patch({ example_bot_token: 42 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ code: 'invalid_data' });
  });

  it('never shows them in the public app config', async () => {
    const { app, client } = await t.createApp({
      example_bot_token: '123456:secret-token',
      example_bot_name: 'latchkey_bot',
    });
    const res = await client.request(`/api/v1/apps/${app.id}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/example_bot|secret-token/);
  });
});
