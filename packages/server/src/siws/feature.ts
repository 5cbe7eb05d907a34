import { buildSiwsMessage, routes, siwsApi, siwsMessageTypes, transferApi } from '@latchkey/protocol';
import { z } from 'zod';
import { toWireUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { bindBody, type Feature, route } from '../feature.ts';
import {
  always,
  invalidCredentials,
  invalidData,
  label,
  linkedAccountNotFound,
  neverIssuedTransfer,
  ok,
} from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, loginMode } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { loginWithIdentity } from '../login/login.ts';
import {
  clientLabel,
  linkWallet,
  unlinkWallet,
  walletIdentity,
  walletLoginMode,
} from '../login/wallet-accounts.ts';
import { walletInitRoute } from '../login/wallet-init-route.ts';
import { walletTransferBody, walletTransferRoute } from '../login/wallet-transfer-route.ts';
import { loginResponse } from '../sessions/session-service.ts';
import { parseSolanaAddress } from '../wallets/addresses.ts';
import { verifySiws } from './verify-siws.ts';

const address = boundedString(100);
const linkBody = z.object({
  message: boundedString(4096),
  signature: boundedString(200),
  walletClientType: clientLabel,
  connectorType: clientLabel,
  message_type: z.enum(siwsMessageTypes).optional(),
});
const authenticateBody = linkBody.extend({ mode: loginMode });
const unlinkBody = z.object({ address });

function assertSiwsEnabled(app: AppRecord): void {
  if (!app.config.solana_wallet_auth)
    throw new ApiError('disallowed_login_method', 'Solana wallet login is not enabled for this app.');
}

/**
 * Only `plain` messages are verified. `transaction` (a signed memo transaction, for wallets that
 * cannot sign messages, e.g. Ledger) and `offchain-message` are not supported yet.
 */
function assertPlain(messageType: string | undefined): void {
  if (messageType !== undefined && messageType !== 'plain')
    throw new ApiError('invalid_data', `message_type '${messageType}' is not supported.`);
}

/** Hostile-input fixtures: a valid address, and a well-formed sign-in whose nonce was never issued. */
const solanaAddress = '11111111111111111111111111111111';
const signIn = () => ({
  message: buildSiwsMessage({
    domain: 'app.test',
    uri: 'http://app.test',
    nonce: 'neverissued0000',
    issuedAt: new Date().toISOString(),
    address: solanaAddress,
  }),
  signature: Buffer.alloc(64, 1).toString('base64'),
});

/**
 * `/api/v1/siws/*`: Sign-In with Solana for login, linking, unlinking and taking over a wallet
 * another user owns (WIRE.md §3.3).
 */
export const siwsFeature: Feature = {
  name: 'siws',
  routes: ({ ctx }) => {
    const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);
    return [
      walletInitRoute(ctx, siwsApi.siwsInit, {
        assertEnabled: assertSiwsEnabled,
        parseAddress: parseSolanaAddress,
      }),
      route(siwsApi.siwsAuthenticate, {
        auth: 'app',
        body: authenticateBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertSiwsEnabled(app);
          assertPlain(body.message_type);
          await ctx.rateLimits.consume('verifyIp', ip(c));
          const wallet = await verifySiws(ctx, app, body);
          const identity = walletIdentity(wallet, {
            chainId: null,
            walletClientType: body.walletClientType,
            connectorType: body.connectorType,
          });
          const login = await loginWithIdentity(ctx, app, identity, {
            mode: walletLoginMode(app, body.mode),
          });
          return c.json(await loginResponse(ctx, app, login));
        },
      }),
      route(siwsApi.siwsLink, {
        auth: 'user',
        body: linkBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertSiwsEnabled(app);
          assertPlain(body.message_type);
          await ctx.rateLimits.consume('verifyIp', ip(c));
          const wallet = await verifySiws(ctx, app, body);
          const identity = walletIdentity(wallet, {
            chainId: null,
            walletClientType: body.walletClientType,
            connectorType: body.connectorType,
          });
          const user = await linkWallet(ctx, app, c.get('auth').userId, identity);
          return c.json(toWireUser(user));
        },
      }),
      route(siwsApi.siwsUnlink, {
        auth: 'user',
        body: unlinkBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const user = await unlinkWallet(ctx, app, c.get('auth').userId, parseSolanaAddress(body.address));
          return c.json(toWireUser(user));
        },
      }),
      walletTransferRoute(ctx, bindBody(transferApi.siwsTransfer, walletTransferBody), {
        assertEnabled: assertSiwsEnabled,
        parseAddress: parseSolanaAddress,
      }),
    ];
  },
  fixtures: {
    [`POST ${routes.siwsInit}`]: {
      body: () => ({ address: solanaAddress }),
      valid: ok,
      required: ['address'],
      strings: { address: always(invalidData) },
    },
    [`POST ${routes.siwsAuthenticate}`]: {
      body: signIn,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
        message_type: always(invalidData),
        mode: always(invalidData),
      },
    },
    [`POST ${routes.siwsLink}`]: {
      body: signIn,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        connectorType: label(invalidCredentials),
      },
    },
    [`POST ${routes.siwsUnlink}`]: {
      body: () => ({ address: solanaAddress }),
      valid: linkedAccountNotFound,
      required: ['address'],
      strings: { address: always(invalidData) },
    },
    [`POST ${routes.siwsTransfer}`]: {
      body: () => ({ address: solanaAddress, nonce: neverIssuedTransfer }),
      valid: invalidCredentials,
      required: ['address', 'nonce'],
      strings: {
        address: always(invalidData),
        nonce: label(invalidCredentials),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
      },
    },
  },
};
