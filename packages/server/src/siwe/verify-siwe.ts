import { siweStatement } from '@latchkey/protocol';
import type { Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { parseEthereumAddress, type WalletAddress } from '../wallets/addresses.ts';
import { parseEvmSignature, verifyEvmSignature } from '../wallets/evm-signature.ts';
import { consumeNonce } from '../wallets/nonces.ts';
import { checkSignInMessage, parseSignInMessage } from '../wallets/sign-in-message.ts';

export interface VerifiedSiwe {
  address: WalletAddress;
  /** Numeric chain id of the message. */
  chainId: number;
}

/** The smart-wallet variant's fixed domain and URI (WIRE.md §3.3). */
export const smartWalletSignIn = { domain: 'privy.io', uri: 'https://auth.privy.io' };

/**
 * Verifies a Sign-In with Ethereum message (EIP-4361) and spends its nonce: every field checked
 * (domain, URI, version, chain id, nonce, issued-at, expiry, not-before, address), then the
 * signature (EOA locally; EIP-1271 / EIP-6492 through the chain's JSON-RPC when configured).
 */
export async function verifySiwe(
  ctx: ServerContext,
  app: AppRecord,
  input: { message: string; signature: string; chainId?: string | undefined },
  options: { alsoAllow?: { domain: string; uri: string } } = {},
): Promise<VerifiedSiwe> {
  const signature = parseEvmSignature(input.signature);
  const message = parseSignInMessage(input.message, 'Ethereum');
  // viem's reading of the same text must agree with the strict one on every field we rely on.
  const viem = parseSiweMessage(input.message);
  if (
    viem.domain !== message.domain ||
    viem.address !== message.address ||
    viem.uri !== message.uri ||
    viem.version !== message.version ||
    String(viem.chainId) !== message.chainId ||
    viem.nonce !== message.nonce
  )
    throw new ApiError('invalid_data', 'Invalid sign-in message: not an EIP-4361 message.');
  const address = parseEthereumAddress(message.address);
  if (!/^[1-9]\d{0,15}$/.test(message.chainId) || !Number.isSafeInteger(Number(message.chainId)))
    throw new ApiError('invalid_data', 'Invalid sign-in message: Chain ID must be a number.');
  let expectedChainId: string | undefined;
  if (input.chainId !== undefined) {
    const caip2 = /^eip155:([1-9]\d{0,15})$/.exec(input.chainId);
    if (!caip2) throw new ApiError('invalid_data', "Invalid chainId: expected 'eip155:{number}'.");
    expectedChainId = caip2[1]!;
  }
  await checkSignInMessage(ctx, app, message, {
    address,
    ...(expectedChainId !== undefined ? { chainId: expectedChainId } : {}),
    defaultStatement: siweStatement,
    ...(options.alsoAllow ? { alsoAllow: options.alsoAllow } : {}),
  });
  const chainId = Number(message.chainId);
  await verifyEvmSignature(ctx, {
    address: address.display as Hex,
    message: input.message,
    signature,
    chainId,
  });
  await consumeNonce(ctx, app, address, message.nonce);
  return { address, chainId };
}
