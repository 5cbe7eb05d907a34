import {
  always,
  type FixtureEnv,
  invalidCredentials,
  invalidData,
  label,
  linkedAccountNotFound,
  neverIssuedTransfer,
  type RouteFixture,
} from '../hostile-fixtures.ts';
import { telegramPaths } from './paths.ts';

/** A widget result shaped right but signed by no bot: it fails the hash check. */
const forgedWidgetResult = () => ({
  id: 123456789,
  first_name: 'Hostile',
  username: 'hostile',
  auth_date: Math.floor(Date.now() / 1000),
  hash: '0'.repeat(64),
});

/**
 * The Telegram routes' hostile-input fixtures (`test/integration/hostile-input.test.ts`, whose app
 * holds a bot token): free text is data that fails the signature (`invalid_credentials`), and NUL
 * and oversized text are refused before it (`invalid_data`).
 */
export const telegramFixtures: Record<string, RouteFixture> = {
  [`POST ${telegramPaths.authenticate}`]: {
    body: () => ({ telegram_auth_result: forgedWidgetResult() }),
    valid: invalidCredentials,
    required: ['telegram_auth_result'],
    strings: { captcha_token: label(invalidCredentials), mode: always(invalidData) },
  },
  [`POST ${telegramPaths.link}`]: {
    body: () => ({ telegram_auth_result: forgedWidgetResult() }),
    valid: invalidCredentials,
    required: ['telegram_auth_result'],
    strings: { captcha_token: label(invalidCredentials) },
  },
  [`POST ${telegramPaths.unlink}`]: {
    body: () => ({ telegram_user_id: '987654321' }),
    valid: linkedAccountNotFound,
    required: ['telegram_user_id'],
    strings: { telegram_user_id: always(invalidData) },
  },
  [`POST ${telegramPaths.transfer}`]: {
    body: () => ({ nonce: neverIssuedTransfer, telegram_auth_result: forgedWidgetResult() }),
    valid: invalidCredentials,
    required: ['nonce', 'telegram_auth_result'],
    strings: { nonce: label(invalidCredentials) },
  },
  // Without `return_to` (hostile queries have none): refused as data, never a redirect.
  [`GET ${telegramPaths.loginRedirect}`]: {
    path: (env: FixtureEnv) => telegramPaths.loginRedirect.replace(':app_id', env.appId),
    valid: invalidData,
  },
  // JavaScript, not JSON: telegram-login-script.test.ts.
  [`GET ${telegramPaths.loginScript}`]: {
    valid: { status: 200 },
    coveredBy: 'telegram-login-script.test.ts',
  },
};
