import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { solanaClusters } from '../server-wallets/transactions/chains.ts';

/** An address as a wallet shows it: EVM hex, or Solana base58; which one is the user's is checked later. */
const walletAddress = z
  .string()
  .max(64)
  .regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'must be an Ethereum or Solana address');

/** `funding/coinbase_on_ramp/init`: a few addresses, each on the provider's networks (REFERENCES §5.1). */
export const coinbaseInitBody = z.object({
  addresses: z
    .array(
      z.object({
        address: walletAddress,
        blockchains: z
          .array(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a network name'))
          .min(1)
          .max(10),
      }),
    )
    .min(1)
    .max(10),
  assets: z
    .array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an asset symbol or id'))
    .max(20)
    .optional(),
});

/** `plugins/moonpay_on_ramp/sign` (WIRE.md §3.10): every value lands in the widget URL, so each is bounded. */
export const moonpaySignBody = z.object({
  address: walletAddress,
  useSandbox: z.boolean().optional(),
  config: z.object({
    // MoonPay's codes are lower case (eth_base, usdc_sol); the incumbent's SDK sends them upper case
    // (ETH_BASE): both are taken, and the URL carries MoonPay's own spelling.
    currencyCode: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,30}$/, 'must be a MoonPay currency code')
      .transform((code) => code.toLowerCase())
      .optional(),
    paymentMethod: z
      .string()
      .regex(/^[a-z_]{1,40}$/, 'must be a MoonPay payment method')
      .optional(),
    quoteCurrencyAmount: z.number().positive().max(1_000_000_000).optional(),
    email: z.string().max(320).email().optional(),
    uiConfig: z
      .object({
        accentColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
          .optional(),
        theme: z.enum(['light', 'dark']).optional(),
      })
      .optional(),
  }),
});

export const statusQuery = z.object({ partnerUserId: boundedString(64).min(1) });

export const tokenPriceQuery = z.object({
  chainId: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'must be a chain id (0 for Solana)')
    .transform(Number),
  tokenSymbol: z.string().regex(/^[A-Za-z0-9.]{1,16}$/, 'must be a token symbol'),
});

export const splTokenInfoQuery = z.object({
  mint_address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 mint address'),
  cluster: z
    .enum(Object.keys(solanaClusters) as [keyof typeof solanaClusters, ...(keyof typeof solanaClusters)[]])
    .default('mainnet-beta'),
});

/** The route's query, checked: anything malformed or missing is `invalid_data` naming the field. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  const result = schema.safeParse(c.req.query());
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ApiError('invalid_data', `Invalid ${issue?.path.join('.') || 'query'}: ${issue?.message}`);
}
