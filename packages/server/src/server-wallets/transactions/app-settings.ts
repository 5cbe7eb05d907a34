import { z } from 'zod';
import type { AppSettingsDeclaration } from '../../app-config/feature-settings.ts';
import { normalCaip2 } from '../../settings.ts';
import { registeredAssetsSetting } from './registered-assets.ts';

/**
 * The transactions part's app settings (the server-wallets feature's one declaration):
 * - `rpc_urls`: an app's own RPC endpoints by CAIP-2 id. They take precedence over the server's
 *   `LATCHKEY_RPC_URLS` for its wallets, so an app may use its own provider account.
 * - `registered_assets`: the ERC-20 tokens and SPL mints the chain watcher follows for its server
 *   wallets, beside native coins (registered-assets.ts).
 */
export const transactionAppSettings: AppSettingsDeclaration = {
  fields: {
    rpc_urls: z
      .record(
        z.string().refine((key) => normalCaip2(key) !== null, 'must be a CAIP-2 id (eip155:N or solana:…)'),
        z
          .string()
          .max(500)
          .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'),
      )
      .refine((map) => Object.keys(map).length <= 50, 'at most 50 chains')
      .nullable(),
    registered_assets: registeredAssetsSetting,
  },
  defaults: { rpc_urls: null, registered_assets: null },
};
