import {
  defaultFundingConfig,
  type FundingConfig,
  fundingChainIds,
  fundingConfigEnabled,
  fundingConfigMessages,
  fundingConfigMethods,
  fundingOptionMethods,
  fundingProvidersOf,
  solanaClusterChains,
} from '@latchkey/protocol';
import { z } from 'zod';

/**
 * `funding_config` (spec document 2 §3): each field's shape in a patch here, and the rules across
 * fields (§5) once the patch is merged with what the app had, in `fundingConfigProblem`.
 */

const caip2Chain = z
  .string()
  .max(60)
  .regex(
    /^(eip155:[1-9]\d{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32,44})$/,
    'must be a CAIP-2 chain id like eip155:8453 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  );

const asset = z
  .string()
  .max(64)
  .regex(
    /^(native-currency|USDC|0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
    'must be native-currency, USDC, a token address (0x…) or a Solana mint',
  );

const amount = z
  .string()
  .max(40)
  // The amount field's own rule (spec document 2 §5): digits and at most one decimal point.
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal amount like 0.01')
  .refine((value) => /[1-9]/.test(value), 'must be greater than 0');

const option = z
  .object({ method: z.enum(fundingOptionMethods), provider: z.string().max(40) })
  .strict()
  .superRefine((value, ctx) => {
    // A transfer from another wallet has no provider of its own: any short name (`external`).
    if (value.method === 'wallets') {
      if (!/^[a-z0-9-]{1,40}$/.test(value.provider))
        ctx.addIssue({ code: 'custom', path: ['provider'], message: 'must be a short name like external' });
      return;
    }
    const providers: readonly string[] = fundingProvidersOf[value.method];
    if (!providers.includes(value.provider))
      ctx.addIssue({
        code: 'custom',
        path: ['provider'],
        message: `${value.method} is offered by ${providers.join(' or ')}, not ${value.provider.slice(0, 40)}`,
      });
  });

const unique = (keys: readonly string[]) => new Set(keys).size === keys.length;

/** The patch's `funding_config`: any of its fields (the rest keep their value), or null for none. */
export const fundingConfigPatch = z
  .object({
    methods: z
      .array(z.enum(fundingConfigMethods))
      .max(fundingConfigMethods.length)
      .refine(unique, 'lists a method twice'),
    options: z
      .array(option)
      .max(10)
      .refine((options) => unique(options.map((o) => `${o.method}/${o.provider}`)), 'lists an option twice'),
    default_recommended_amount: amount,
    default_recommended_currency: z.object({ chain: caip2Chain, asset: asset.optional() }).strict(),
    prompt_funding_on_wallet_creation: z.boolean(),
    cross_chain_bridging_enabled: z.boolean(),
  })
  .partial()
  .strict()
  .nullable();

/** A merged funding config with the fields it lacks at their defaults (a first patch may name a few). */
export function completeFundingConfig(merged: Partial<FundingConfig> | null): FundingConfig | null {
  return merged ? { ...defaultFundingConfig, ...merged } : null;
}

/** The chains funding serves without an RPC URL: the EVM chains it knows and the Solana clusters. */
const knownChains: ReadonlySet<string> = new Set([
  ...Object.values(fundingChainIds).map((id) => `eip155:${id}`),
  ...Object.values(solanaClusterChains),
]);

export interface FundingConfigProblem {
  /** The field under `funding_config`, dotted. */
  path: string;
  message: string;
}

/**
 * The first rule of spec document 2 §5 a complete funding config breaks, or null. `reachableChains`
 * are the CAIP-2 ids the app or the server has an RPC URL for (a local chain in development): with
 * the chains funding knows, they are the chains list a suggested chain must be in.
 */
export function fundingConfigProblem(
  config: FundingConfig | null,
  reachableChains: ReadonlySet<string>,
): FundingConfigProblem | null {
  if (!config) return null;
  if (config.prompt_funding_on_wallet_creation && !fundingConfigEnabled(config))
    return { path: 'prompt_funding_on_wallet_creation', message: fundingConfigMessages.notEnabled };
  const { chain, asset } = config.default_recommended_currency;
  if (!knownChains.has(chain) && !reachableChains.has(chain)) {
    // The client's message names an EVM chain by its number, as a developer passes it.
    const id = chain.startsWith('eip155:') ? chain.slice('eip155:'.length) : chain;
    return {
      path: 'default_recommended_currency.chain',
      message: fundingConfigMessages.chainNotConfigured(id),
    };
  }
  const token = asset && asset !== 'native-currency' && asset !== 'USDC' ? asset : null;
  if (token && token.startsWith('0x') !== chain.startsWith('eip155:'))
    return {
      path: 'default_recommended_currency.asset',
      message: 'must be a token address (0x…) on an EVM chain, a mint on Solana',
    };
  if (chain === solanaClusterChains.testnet && asset === 'USDC')
    return { path: 'default_recommended_currency.asset', message: fundingConfigMessages.solanaTestnetUsdc };
  return null;
}

/**
 * The CAIP-2 ids with an RPC URL: the app's `rpc_urls` setting and the server's `LATCHKEY_RPC_URLS`
 * (where a bare number is an EVM chain id).
 */
export function reachableChains(serverRpcUrls: Record<string, string>, appSettings: unknown): Set<string> {
  const own = (appSettings as { rpc_urls?: Record<string, string> | null } | null)?.rpc_urls ?? {};
  return new Set(
    [...Object.keys(own), ...Object.keys(serverRpcUrls)].map((key) =>
      /^\d+$/.test(key) ? `eip155:${key}` : key,
    ),
  );
}
