import { z } from 'zod';
import { toWireUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { type BoundBody, boundRoute, type Route } from '../feature.ts';
import { boundedString } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import type { WalletAddress } from '../wallets/addresses.ts';
import { transferAccount } from './transfer.ts';
import { transferNonceInput } from './transfer-nonces.ts';
import { clientLabel, walletLimit } from './wallet-accounts.ts';

/** `/siws/transfer` body; `/siwe/transfer` adds `chainId` (WIRE.md §3.3). */
export const walletTransferBody = z.object({
  address: boundedString(100),
  nonce: transferNonceInput,
  walletClientType: clientLabel,
  connectorType: clientLabel,
});

interface WalletTransferBody extends z.infer<typeof walletTransferBody> {
  /** CAIP-2 chain id of the wallet (Ethereum only). */
  chainId?: string | undefined;
}

/**
 * `POST /siwe/transfer` and `/siws/transfer` (their bodies bound to `transferApi`'s routes): takes over the wallet an account_transfer_required
 * answer named. The signature was checked by the link that issued the nonce; the metadata sent
 * here (chain id, wallet client, connector) refreshes the stored wallet's where given.
 */
export function walletTransferRoute(
  ctx: ServerContext,
  bound: BoundBody<WalletTransferBody>,
  chain: { assertEnabled(app: AppRecord): void; parseAddress(input: string): WalletAddress },
): Route {
  return boundRoute(bound, {
    auth: 'user',
    handler: async (c, body) => {
      const app = c.get('app');
      chain.assertEnabled(app);
      const wallet = chain.parseAddress(body.address);
      await ctx.rateLimits.consume('verifyIp', clientIp(c, ctx.settings.trustProxy));
      const details: Record<string, unknown> = { address: wallet.display, chain_type: wallet.chainType };
      if (body.chainId !== undefined) details.chain_id = body.chainId;
      if (body.walletClientType !== undefined) details.wallet_client_type = body.walletClientType;
      if (body.connectorType !== undefined) details.connector_type = body.connectorType;
      const user = await transferAccount(
        ctx,
        app,
        c.get('auth').userId,
        body.nonce,
        { type: 'wallet', identifier: wallet.identifier, details },
        walletLimit(app),
      );
      return c.json(toWireUser(user));
    },
  });
}
