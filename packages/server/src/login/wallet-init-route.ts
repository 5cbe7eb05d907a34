import type { siweApi, siwsApi } from '@latchkey/protocol';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { boundedString } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { WalletAddress } from '../wallets/addresses.ts';
import { issueNonce } from '../wallets/nonces.ts';

const initBody = z.object({ address: boundedString(100), token: boundedString(4096).optional() });

/**
 * `POST /siwe/init` and `/siws/init`: checks the login method and the address, then the captcha,
 * and answers `{address, nonce, expires_at}` with a nonce bound to this app and address.
 */
export function walletInitRoute(
  ctx: ServerContext,
  contract: typeof siweApi.siweInit | typeof siwsApi.siwsInit,
  chain: { assertEnabled(app: AppRecord): void; parseAddress(input: string): WalletAddress },
): Route {
  return route(contract, {
    auth: 'app',
    body: initBody,
    handler: async (c, body) => {
      const app = c.get('app');
      const ip = clientIp(c, ctx.settings.trustProxy);
      chain.assertEnabled(app);
      const wallet = chain.parseAddress(body.address);
      await assertCaptcha(ctx, app, body.token, ip);
      await ctx.rateLimits.consume('verifyIp', ip);
      const nonce = await issueNonce(ctx, app, wallet);
      return c.json({
        address: wallet.display,
        nonce: nonce.nonce,
        expires_at: new Date(nonce.expiresAt * 1000).toISOString(),
      });
    },
  });
}
