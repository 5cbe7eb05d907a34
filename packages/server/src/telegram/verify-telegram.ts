import type { VerifiedIdentity } from '../accounts/account-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { botIdOf, loadBotToken } from './bot-token.ts';
import type { ClaimedTelegramLogin } from './proof.ts';
import { futureSkewSeconds, telegramSettings } from './settings.ts';
import { spendProof } from './spend-proof.ts';
import { verifyWebAppHash, verifyWidgetHash } from './verify-hash.ts';
import { verifyWebAppSignature } from './verify-signature.ts';

const forged = (what: string) =>
  new ApiError(
    'invalid_credentials',
    `Invalid Telegram ${what}: its signature does not match (altered, or signed for another bot).`,
  );

/**
 * Telegram is on for an app that enables its login (`telegram_auth`) or its OpenID login
 * (`telegram_oauth`, whose Mini App users still arrive with initData); linking, unless the app
 * turned `link_enabled` off.
 */
export function assertTelegramEnabled(app: AppRecord, purpose: 'login' | 'link'): void {
  if (!app.config.telegram_auth && !app.config.telegram_oauth)
    throw new ApiError('disallowed_login_method', 'Telegram login is not enabled for this app.');
  if (purpose === 'link' && app.config.telegram_auth_config?.link_enabled === false)
    throw new ApiError('disallowed_login_method', 'Linking a Telegram account is not enabled for this app.');
}

/**
 * Checks a claimed Telegram login against the app's bot and names the account it proves:
 * - the widget's result by its hash, keyed with the app's bot token;
 * - a Mini App's initData by its hash when the app holds the bot token, else by Telegram's
 *   Ed25519 `signature` for the app's `bot_id` (third-party validation);
 * then `auth_date` is recent (not older than the largest age, not ahead of the clock), and, when
 * `spend`, the proof is used up (a replay is refused). A transfer re-checks the proof its link
 * already spent, with the transfer nonce as its single use.
 */
export async function verifyTelegramLogin(
  ctx: ServerContext,
  app: AppRecord,
  claim: ClaimedTelegramLogin,
  options: { spend: boolean },
): Promise<VerifiedIdentity> {
  const settings = telegramSettings(ctx.settings);
  const botToken = loadBotToken(ctx, app);
  let verified: string | null;
  // Whose signature it is: the same fields signed for two bots are two proofs.
  const bot = (botToken && botIdOf(botToken)) ?? app.config.telegram_auth_config?.bot_id ?? '';
  if (claim.kind === 'widget') {
    if (!botToken)
      throw new ApiError(
        'disallowed_login_method',
        'Telegram login is not configured for this app (no bot token).',
      );
    verified = verifyWidgetHash(claim.fields, botToken);
    if (verified === null) throw forged('login widget result');
  } else {
    const botId = app.config.telegram_auth_config?.bot_id;
    if (botToken) verified = verifyWebAppHash(claim.fields, botToken);
    else if (botId) verified = verifyWebAppSignature(claim.fields, botId, settings.publicKey);
    else
      throw new ApiError(
        'disallowed_login_method',
        'Telegram login is not configured for this app (no bot).',
      );
    if (verified === null) throw forged('Mini App data');
  }
  const now = ctx.now();
  if (claim.authDate + settings.maxAuthAgeSeconds < now)
    throw new ApiError(
      'invalid_credentials',
      `Telegram login data expired: auth_date is more than ${settings.maxAuthAgeSeconds} seconds old. Sign in with Telegram again.`,
    );
  if (claim.authDate > now + futureSkewSeconds)
    throw new ApiError('invalid_credentials', 'Telegram login data is dated in the future (auth_date).');
  if (options.spend)
    await spendProof(ctx, app, {
      kind: claim.kind,
      bot,
      verified,
      expiresAt: claim.authDate + settings.maxAuthAgeSeconds,
    });
  return claim.identity;
}
