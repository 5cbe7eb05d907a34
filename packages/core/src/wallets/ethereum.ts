import { LatchkeyClientError } from '../errors.ts';
import { toChecksumAddress, utf8ToHex } from './address.ts';
import type { EIP1193Provider, WalletChain } from './types.ts';

/** The EIP-1193 / JSON-RPC code of a wallet error, looking through common wrappers. */
export function rpcErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    const next = current as { data?: { originalError?: unknown }; cause?: unknown };
    current = next.data?.originalError ?? next.cause;
  }
  return undefined;
}

/** True when `code` appears on the error or on any error it wraps. */
export function hasRpcCode(error: unknown, code: number): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === code) return true;
    const next = current as { data?: { originalError?: unknown }; cause?: unknown };
    current = next.data?.originalError ?? next.cause;
  }
  return false;
}

/** True when the user declined in the wallet (EIP-1193 4001, or a 'rejected' message). */
export function isUserRejection(error: unknown): boolean {
  if (hasRpcCode(error, 4001)) return true;
  const message = error instanceof Error ? error.message : '';
  return /reject|denied|cancel/i.test(message);
}

/**
 * A wallet failure as a client error: a user rejection says so ('The user rejected the
 * request.'), anything else keeps the wallet's message. The wallet's error is the `cause`.
 */
export function toWalletError(error: unknown): LatchkeyClientError {
  if (error instanceof LatchkeyClientError) return error;
  if (isUserRejection(error))
    return new LatchkeyClientError('generic_connect_wallet_error', 'The user rejected the request.', {
      cause: error,
    });
  const message = error instanceof Error && error.message ? error.message : 'Unable to connect wallet';
  return new LatchkeyClientError('unknown_connect_wallet_error', message, { cause: error });
}

export const toHexChainId = (id: number): `0x${string}` => `0x${id.toString(16)}`;

/** Parses `eip155:N`, `0x..`, a decimal string or a number to a chain id number. */
export function parseChainId(value: unknown): number {
  let n = Number.NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'bigint') n = Number(value);
  else if (typeof value === 'string') {
    const text = value.startsWith('eip155:') ? value.slice(7) : value;
    n = text.startsWith('0x') ? Number.parseInt(text.slice(2), 16) : Number(text);
  }
  if (!Number.isSafeInteger(n) || n <= 0) throw new LatchkeyClientError('invalid_input', 'Invalid params');
  return n;
}

/** Asks the wallet for its accounts (a prompt when not yet connected); the first, checksummed. */
export async function requestEthereumAccount(
  provider: EIP1193Provider,
  prompt = true,
): Promise<`0x${string}`> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: prompt ? 'eth_requestAccounts' : 'eth_accounts' });
  } catch (error) {
    throw toWalletError(error);
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new LatchkeyClientError('unknown_connect_wallet_error', 'No account');
  return toChecksumAddress(first);
}

export async function getEthereumChainId(provider: EIP1193Provider): Promise<number> {
  return parseChainId(await provider.request({ method: 'eth_chainId' }));
}

/**
 * Switches the wallet to `chainId`. When the wallet does not know the chain (4902), adds it
 * from the configured chains with `wallet_addEthereumChain`, then switches again.
 *
 * @example
 * await switchEthereumChain(provider, 8453, [mainnet, base]);
 */
export async function switchEthereumChain(
  provider: EIP1193Provider,
  chainId: number,
  chains: readonly WalletChain[],
): Promise<void> {
  const hex = toHexChainId(chainId);
  const switchTo = () =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
  try {
    await switchTo();
    return;
  } catch (error) {
    if (!hasRpcCode(error, 4902)) throw toWalletError(error);
  }
  const chain = chains.find((c) => c.id === chainId);
  if (!chain)
    throw new LatchkeyClientError(
      'unsupported_chain_id',
      `Chain ID ${chainId} is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.`,
    );
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: hex,
          chainName: chain.name,
          nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: [...chain.rpcUrls.default.http],
          blockExplorerUrls: chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined,
        },
      ],
    });
    // Some wallets switch on add; switching again is harmless.
    await switchTo();
  } catch (error) {
    throw toWalletError(error);
  }
}

/** `personal_sign` over the UTF-8 message; returns the 0x signature. */
export async function personalSign(
  provider: EIP1193Provider,
  message: string,
  address: string,
): Promise<string> {
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  } catch (error) {
    throw toWalletError(error);
  }
  if (typeof signature !== 'string')
    throw new LatchkeyClientError('unable_to_sign', 'Unable to sign message');
  return signature;
}
