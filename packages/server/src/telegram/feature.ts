import { telegramApi, telegramScriptApi } from '@latchkey/protocol';
import { z } from 'zod';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import type { ServerContext } from '../context.ts';
import { bindBody, type Feature, type Route, route } from '../feature.ts';
import { boundedString, loginMode } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { identityMethodRoutes } from '../login/identity-method.ts';
import { transferNonceInput } from '../login/transfer-nonces.ts';
import { telegramAccount } from './account-type.ts';
import { telegramAppCommand } from './app-command.ts';
import { telegramAppSettings } from './bot-token.ts';
import { telegramFixtures } from './fixtures.ts';
import { telegramLoginRedirect } from './login-redirect.ts';
import { telegramLoginScript } from './login-script.ts';
import { telegramMigrations } from './migrations.ts';
import { telegramPaths } from './paths.ts';
import { claimTelegramLogin, telegramProof } from './proof.ts';
import { telegramSweeps } from './retention.ts';
import { telegramSettings } from './settings.ts';
import { assertTelegramEnabled, verifyTelegramLogin } from './verify-telegram.ts';

/** A Telegram user id: a positive integer, as its decimal text (WIRE.md §4.2). */
const telegramUserId = boundedString(20).regex(/^[1-9][0-9]{0,19}$/, 'must be a Telegram user id');

/** What `link` takes (and `authenticate`, with `mode`): one of the two proofs, and a captcha token. */
const linkProof = { ...telegramProof, captcha_token: boundedString(2048).optional() };

/** The login and link routes, from the identity method; each wrapped with what only it checks. */
function identityRoutes(ctx: ServerContext): Route[] {
  const routes = identityMethodRoutes(ctx, {
    type: 'telegram',
    authenticate: bindBody(telegramApi.telegramAuthenticate, z.object({ ...linkProof, mode: loginMode })),
    link: bindBody(telegramApi.telegramLink, z.object(linkProof)),
    accept: (app, body) => {
      assertTelegramEnabled(app, 'login');
      return claimTelegramLogin(body);
    },
    verify: (ctx, app, claim) => verifyTelegramLogin(ctx, app, claim, { spend: true }),
    unlink: {
      body: bindBody(telegramApi.telegramUnlink, z.object({ telegram_user_id: telegramUserId })),
      identifier: (_app, body) => body.telegram_user_id,
    },
    transfer: {
      body: bindBody(telegramApi.telegramTransfer, z.object({ nonce: transferNonceInput, ...telegramProof })),
      // The link that issued the nonce spent the proof; the nonce is the transfer's single use.
      identity: (app, body) => {
        assertTelegramEnabled(app, 'link');
        const claim = claimTelegramLogin(body);
        return { prove: () => verifyTelegramLogin(ctx, app, claim, { spend: false }) };
      },
    },
  });
  return routes.map((declared) => {
    if (declared.path === telegramPaths.authenticate)
      return {
        ...declared,
        // A login (not a link: that caller holds a session) passes the app's captcha, once the
        // free check that Telegram is on has passed.
        handler: async (c, body) => {
          const app = c.get('app');
          assertTelegramEnabled(app, 'login');
          const token = (body as { captcha_token?: string }).captcha_token;
          await assertCaptcha(ctx, app, token, clientIp(c, ctx.settings.trustProxy));
          return declared.handler(c, body);
        },
      };
    if (declared.path === telegramPaths.link)
      return {
        ...declared,
        handler: (c, body) => {
          assertTelegramEnabled(c.get('app'), 'link');
          return declared.handler(c, body);
        },
      };
    return declared;
  });
}

/**
 * Telegram login (WIRE.md §3.6, docs/telegram.md): `/api/v1/telegram/*` logs in, links, unlinks and
 * transfers a Telegram account proven by the login widget's result or a Mini App's initData; the
 * widget script and the redirect login send the browser to Telegram's login page.
 */
export const telegramFeature: Feature = {
  name: 'telegram',
  migrations: telegramMigrations,
  sweeps: telegramSweeps,
  accountTypes: [telegramAccount],
  appSettings: telegramAppSettings,
  appCommands: [telegramAppCommand],
  routes: ({ ctx }) => [
    ...identityRoutes(ctx),
    route(telegramApi.telegramLoginRedirect, { auth: 'public', handler: telegramLoginRedirect(ctx) }),
    route(telegramScriptApi.telegramLoginScript, {
      auth: 'public',
      handler: (c) =>
        c.body(telegramLoginScript(telegramSettings(ctx.settings).oauthOrigin), 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=300',
          'x-content-type-options': 'nosniff',
        }),
    }),
  ],
  fixtures: telegramFixtures,
};
