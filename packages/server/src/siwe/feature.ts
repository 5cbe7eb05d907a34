import { buildSiweMessage, routes, siweApi, siweStatement, transferApi } from '@latchkey/protocol';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import { toWireUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { Feature } from '../feature.ts';
import { bindBody, route } from '../feature.ts';
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
import { linkIdentity } from '../login/link.ts';
import { loginWithIdentity } from '../login/login.ts';
import {
  clientLabel,
  linkWallet,
  smartWalletType,
  unlinkWallet,
  walletIdentity,
  walletLoginMode,
} from '../login/wallet-accounts.ts';
import { walletInitRoute } from '../login/wallet-init-route.ts';
import { walletTransferBody, walletTransferRoute } from '../login/wallet-transfer-route.ts';
import { loginResponse } from '../sessions/session-service.ts';
import { parseEthereumAddress } from '../wallets/addresses.ts';
import { smartWalletSignIn, verifySiwe } from './verify-siwe.ts';

const address = boundedString(100);
const message = boundedString(4096);
// EIP-6492 signatures wrap the factory call: allow room beyond a 65-byte ECDSA signature.
const signature = boundedString(32 * 1024);
const linkBody = z.object({
  message,
  signature,
  chainId: boundedString(100).optional(),
  walletClientType: clientLabel,
  connectorType: clientLabel,
});
const authenticateBody = linkBody.extend({ mode: loginMode });
const smartWalletBody = z.object({
  message,
  signature,
  smart_wallet_type: smartWalletType,
  smart_wallet_version: boundedString(100).nullable().optional(),
});
const unlinkBody = z.object({ address });
// The wallet's chain as CAIP-2 (`eip155:1`); a bare number is read as an eip155 id.
const caip2ChainId = boundedString(100)
  .regex(/^(eip155:)?[0-9]{1,20}$/, "must be a chain id such as 'eip155:1'")
  .transform((id) => (id.startsWith('eip155:') ? id : `eip155:${id}`));
const transferBody = walletTransferBody.extend({ chainId: caip2ChainId.optional() });

function assertSiweEnabled(app: AppRecord): void {
  if (!app.config.wallet_auth)
    throw new ApiError('disallowed_login_method', 'Ethereum wallet login is not enabled for this app.');
}

/** A fresh address per call: hostile-input fixtures. */
const evmAddress = () => privateKeyToAddress(generatePrivateKey());
/** A well-formed sign-in whose nonce was never issued (invalid_credentials). */
const signIn = () => ({
  message: buildSiweMessage({
    domain: 'app.test',
    uri: 'http://app.test',
    nonce: 'neverissued0000',
    issuedAt: new Date().toISOString(),
    address: evmAddress(),
    statement: siweStatement,
    chainId: 1,
  }),
  signature: `0x${'11'.repeat(65)}`,
});

/**
 * `/api/v1/siwe/*`: Sign-In with Ethereum for login, linking, unlinking and taking over a wallet
 * another user owns (WIRE.md §3.3).
 */
export const siweFeature: Feature = {
  name: 'siwe',
  routes: ({ ctx }) => {
    const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);
    return [
      walletInitRoute(ctx, siweApi.siweInit, {
        assertEnabled: assertSiweEnabled,
        parseAddress: parseEthereumAddress,
      }),
      route(siweApi.siweAuthenticate, {
        auth: 'app',
        body: authenticateBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertSiweEnabled(app);
          await ctx.rateLimits.consume('verifyIp', ip(c));
          const { address: wallet, chainId } = await verifySiwe(ctx, app, body);
          const identity = walletIdentity(wallet, {
            chainId: `eip155:${chainId}`,
            walletClientType: body.walletClientType,
            connectorType: body.connectorType,
          });
          const login = await loginWithIdentity(ctx, app, identity, {
            mode: walletLoginMode(app, body.mode),
          });
          return c.json(await loginResponse(ctx, app, login));
        },
      }),
      route(siweApi.siweLink, {
        auth: 'user',
        body: linkBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertSiweEnabled(app);
          await ctx.rateLimits.consume('verifyIp', ip(c));
          const { address: wallet, chainId } = await verifySiwe(ctx, app, body);
          const identity = walletIdentity(wallet, {
            chainId: `eip155:${chainId}`,
            walletClientType: body.walletClientType,
            connectorType: body.connectorType,
          });
          const user = await linkWallet(ctx, app, c.get('auth').userId, identity);
          return c.json(toWireUser(user));
        },
      }),
      // A smart wallet proves itself with a SIWE message it signs (EIP-1271, or EIP-6492 before it is
      // deployed), on the fixed privy.io domain or the app's own. Not gated on wallet_auth: smart
      // wallets belong to the embedded-wallet flow, not to external-wallet login.
      route(siweApi.siweLinkSmartWallet, {
        auth: 'user',
        body: smartWalletBody,
        handler: async (c, body) => {
          const app = c.get('app');
          await ctx.rateLimits.consume('verifyIp', ip(c));
          const { address: wallet } = await verifySiwe(ctx, app, body, { alsoAllow: smartWalletSignIn });
          const details: Record<string, unknown> = {
            address: wallet.display,
            smart_wallet_type: body.smart_wallet_type,
          };
          if (body.smart_wallet_version) details.smart_wallet_version = body.smart_wallet_version;
          // One smart wallet per user: the default one-per-type rule.
          const user = await linkIdentity(ctx, app, c.get('auth').userId, {
            type: 'smart_wallet',
            identifier: wallet.identifier,
            details,
          });
          return c.json(toWireUser(user));
        },
      }),
      route(siweApi.siweUnlink, {
        auth: 'user',
        body: unlinkBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const user = await unlinkWallet(ctx, app, c.get('auth').userId, parseEthereumAddress(body.address));
          return c.json(toWireUser(user));
        },
      }),
      walletTransferRoute(ctx, bindBody(transferApi.siweTransfer, transferBody), {
        assertEnabled: assertSiweEnabled,
        parseAddress: parseEthereumAddress,
      }),
    ];
  },
  fixtures: {
    [`POST ${routes.siweInit}`]: {
      body: () => ({ address: evmAddress() }),
      valid: ok,
      required: ['address'],
      strings: { address: always(invalidData) },
    },
    [`POST ${routes.siweAuthenticate}`]: {
      body: signIn,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        chainId: always(invalidData),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
        mode: always(invalidData),
      },
    },
    [`POST ${routes.siweLink}`]: {
      body: signIn,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        chainId: always(invalidData),
        walletClientType: label(invalidCredentials),
      },
    },
    [`POST ${routes.siweLinkSmartWallet}`]: {
      body: () => ({ ...signIn(), smart_wallet_type: 'kernel' }),
      valid: invalidCredentials,
      required: ['message', 'signature', 'smart_wallet_type'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        smart_wallet_type: always(invalidData),
        smart_wallet_version: label(invalidCredentials),
      },
    },
    [`POST ${routes.siweUnlink}`]: {
      body: () => ({ address: evmAddress() }),
      valid: linkedAccountNotFound,
      required: ['address'],
      strings: { address: always(invalidData) },
    },
    [`POST ${routes.siweTransfer}`]: {
      body: () => ({ address: evmAddress(), nonce: neverIssuedTransfer, chainId: 'eip155:1' }),
      valid: invalidCredentials,
      required: ['address', 'nonce'],
      strings: {
        address: always(invalidData),
        nonce: label(invalidCredentials),
        chainId: always(invalidData),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
      },
    },
  },
};
