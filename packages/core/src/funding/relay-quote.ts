import { fundingMessages } from './messages.ts';

/**
 * The bridge's quote (REFERENCES §5.3; spec document 2 §3 cross-chain bridge, §7): `POST {host}/quote`
 * for an exact output (`EXPECTED_OUTPUT`), native coins unless named (the zero address); the
 * transaction to send is the first item of the first step. A refusal carries the bridge's `message`.
 */

/** The bridge's chain id for Solana and its currency id for SOL. */
export const relaySolana = { chainId: 792703809, sol: '11111111111111111111111111111111' } as const;
const zeroAddress = '0x0000000000000000000000000000000000000000';

export interface RelayQuoteRequest {
  /** The output wanted, in the destination currency's base units. */
  amount: string;
  /** The paying wallet, on the origin chain. */
  user: string;
  /** The wallet being funded, on the destination chain. */
  recipient: string;
  originChainId: number;
  destinationChainId: number;
  originCurrency?: string | undefined;
  destinationCurrency?: string | undefined;
  /** Who referred the trade (`latchkey|{appId}`, as the incumbent names itself). */
  referrer?: string | undefined;
}

/** The origin-chain transaction the user sends. */
export interface RelayStepData {
  from: string;
  to: string;
  value: string;
  chainId: number;
  data: string;
}

export interface FetchRelayQuoteParameters {
  /** `FundingHosts.relayApi` or `relayTestnetApi`. */
  host: string;
  request: RelayQuoteRequest;
  fetch?: typeof fetch | undefined;
}

/**
 * The transaction to send for `request`.
 *
 * @throws Error with the bridge's message, or 'Unable to fetch quotes for bridging.' without one.
 */
export async function fetchRelayQuote(params: FetchRelayQuoteParameters): Promise<RelayStepData> {
  return (await fetchRelayStep(params)) as RelayStepData;
}

/** The first item's `data` of the quote's first step, as the bridge sent it. */
async function fetchRelayStep({
  host,
  request,
  fetch: fetchFn = (input, init) => globalThis.fetch(input, init),
}: FetchRelayQuoteParameters): Promise<unknown> {
  const body = {
    tradeType: 'EXPECTED_OUTPUT',
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    ...Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)),
  };
  const response = await fetchFn(new URL('/quote', host).href, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json().catch(() => null)) as {
    message?: unknown;
    steps?: { items?: { data?: unknown }[] }[];
  } | null;
  if (!response.ok) {
    throw new Error(typeof reply?.message === 'string' ? reply.message : fundingMessages.bridgeQuotesFailed);
  }
  const data = reply?.steps?.[0]?.items?.[0]?.data;
  if (!data) throw new Error(fundingMessages.bridgeOptionFailed);
  return data;
}

/** An instruction of a Solana-origin step, as the bridge sends it (`data` in hex). */
export interface RelaySvmInstruction {
  keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  programId: string;
  data: string;
}

/** A Solana-origin step: the instructions the paying wallet signs (the payer is the quote's `user`). */
export interface RelaySvmStepData {
  instructions: RelaySvmInstruction[];
  addressLookupTableAddresses?: string[] | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isInstruction = (value: unknown): value is RelaySvmInstruction =>
  isRecord(value) &&
  typeof value.programId === 'string' &&
  typeof value.data === 'string' &&
  /^(0x)?([0-9a-fA-F]{2})*$/.test(value.data) &&
  Array.isArray(value.keys) &&
  value.keys.every(
    (key) =>
      isRecord(key) &&
      typeof key.pubkey === 'string' &&
      typeof key.isSigner === 'boolean' &&
      typeof key.isWritable === 'boolean',
  );

/**
 * The instructions to sign for `request` from a Solana wallet (`originChainId` Solana), as Relay's
 * Solana adapter reads a step item (`data.instructions`, `data.addressLookupTableAddresses`).
 *
 * @throws Error with the bridge's message, or 'Unable to select bridge option from quotes.' when the
 *   step is not a Solana one.
 */
export async function fetchRelaySvmQuote(params: FetchRelayQuoteParameters): Promise<RelaySvmStepData> {
  const data = await fetchRelayStep(params);
  const instructions = isRecord(data) ? data.instructions : undefined;
  const tables = isRecord(data) ? data.addressLookupTableAddresses : undefined;
  if (
    !Array.isArray(instructions) ||
    instructions.length === 0 ||
    !instructions.every(isInstruction) ||
    (tables !== undefined && !(Array.isArray(tables) && tables.every((table) => typeof table === 'string')))
  )
    throw new Error(fundingMessages.bridgeOptionFailed);
  return { instructions, addressLookupTableAddresses: tables };
}
