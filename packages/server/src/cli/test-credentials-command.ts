import type { AppRecord } from '../app-config/app-record.ts';
import { updateApp } from '../apps/app-service.ts';
import { normalisePhone } from '../codes/phone-number.ts';
import { assertValidPatch } from './app-flags.ts';
import { CliError, defineCommand } from './command.ts';
import { fields } from './output.ts';
import { requireApp, withStorage } from './storage.ts';

const view = (app: AppRecord) => ({
  enabled: app.settings.test_credentials_enabled,
  email: app.settings.test_email,
  phone_number: app.settings.test_phone_number,
  otp_code: app.settings.test_otp_code,
});

/**
 * `latchkey test-credentials APP_ID`: the app's test account (a fixed email and phone number that
 * log in with a fixed code, for app-store review and end-to-end tests), shown or changed.
 */
export const testCredentialsCommand = defineCommand({
  name: 'test-credentials',
  args: ['APP_ID'],
  synopsis: '[--enable [--email ADDRESS] [--phone NUMBER] [--code 123456] | --disable]',
  summary:
    "Shows or changes an app's test credentials: an email and a phone number that log in with a\n" +
    'fixed code, no message sent (for store review and end-to-end tests).',
  details: [
    'Options (none: show them):',
    '  --enable          let the test email and phone log in with the code',
    '  --disable         turn them off',
    '  --email ADDRESS   the test email',
    '  --phone NUMBER    the test phone number (E.164; US numbers may omit +1)',
    '  --code DIGITS     the fixed code, six digits',
  ].join('\n'),
  options: {
    enable: { type: 'boolean', default: false },
    disable: { type: 'boolean', default: false },
    email: { type: 'string' },
    phone: { type: 'string' },
    code: { type: 'string' },
  },
  async run(values, [appId]) {
    if (values.enable && values.disable) throw new CliError('--enable and --disable exclude each other', 2);
    const patch: Record<string, unknown> = {};
    if (values.enable || values.disable) patch.test_credentials_enabled = values.enable;
    if (values.email !== undefined) patch.test_email = values.email.trim();
    if (values.phone !== undefined) {
      try {
        patch.test_phone_number = normalisePhone(values.phone).e164;
      } catch {
        throw new CliError(`Invalid --phone "${values.phone}": not a phone number`);
      }
    }
    if (values.code !== undefined) patch.test_otp_code = values.code;
    assertValidPatch(patch);
    return withStorage(values['data-dir'], async (ctx) => {
      let app = await requireApp(ctx, appId!);
      if (Object.keys(patch).length > 0) app = await updateApp(ctx, app.id, patch);
      const shown = view(app);
      return {
        json: shown,
        human: fields([
          ['enabled', shown.enabled],
          ['email', shown.email],
          ['phone', shown.phone_number],
          ['code', shown.otp_code],
        ]),
      };
    });
  },
});
