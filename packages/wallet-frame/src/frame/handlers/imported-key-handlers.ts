import { ethereumRpc, fromBase64, solanaSignMessage, toBase64 } from '@latchkey/keys';
import { bytesToHex } from '@noble/curves/utils.js';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import { solanaKeypair } from '../imported-key.ts';
import { isImportedKeyOnDevice, reshareImportedKey, withImportedKey } from '../imported-key-session.ts';
import {
  accessToken,
  type ChainType,
  chainType,
  type EntropyIdVerifier,
  entropyRef,
  type FrameRecoveryMethod,
  hdWalletIndex,
  type RequestData,
} from '../request-data.ts';
import { wipe } from '../wipe.ts';
import { setRecoveryChoice } from './set-recovery-choice.ts';

/**
 * The request names an imported key when this device keeps that key's share: the entropy id of an
 * imported wallet is its address, and its share is stored apart from HD entropies' (DeviceShares).
 * Anything else, including an imported wallet not yet on this device (which answers
 * `wallet_not_on_device`, so the host recovers it), goes to the HD handler.
 */
export function orImportedKey<T>(
  hd: (ctx: FrameContext, data: RequestData) => Promise<T>,
  imported: (ctx: FrameContext, data: RequestData) => Promise<T>,
): (ctx: FrameContext, data: RequestData) => Promise<T> {
  return (ctx, data) => (isImportedKeyOnDevice(ctx, data.entropyId) ? imported(ctx, data) : hd(ctx, data));
}

function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

interface RpcReply {
  address: string;
  chainType: ChainType;
  response: { method: string; data: unknown };
}

/**
 * `privy:wallets:rpc` with an imported key: the same methods and replies as an HD wallet's, signed with
 * the rebuilt key itself. An imported wallet is index 0 of its own chain.
 */
export async function importedKeyRpc(ctx: FrameContext, data: RequestData): Promise<RpcReply> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const chain = chainType(data);
  if (chain !== ref.primaryChain || hdWalletIndex(data) !== 0)
    throw invalid('An imported wallet is index 0 of the chain its entropyIdVerifier names');
  const request = rpcRequest(data.request);
  // Checked before the shares are fetched: a malformed request costs no key material.
  const message = chain === 'solana' ? solanaMessage(request) : null;
  return withImportedKey(ctx, token, ref, async (key) => {
    if (chain === 'ethereum') {
      // The hex string is the form every version of ethereumRpc takes.
      const signature = await ethereumRpc(`0x${bytesToHex(key.secret)}`, request);
      return {
        address: key.address,
        chainType: chain,
        response: { method: request.method, data: signature },
      };
    }
    const keypair = solanaKeypair(key.secret);
    try {
      const signature = solanaSignMessage(keypair, message!);
      return {
        address: key.address,
        chainType: chain,
        response: { method: request.method, data: { signature: toBase64(signature) } },
      };
    } finally {
      wipe(keypair);
    }
  });
}

/** `privy:wallets:connect` with an imported key: rebuilt and checked with the server's current auth share. */
export async function importedKeyConnect(
  ctx: FrameContext,
  data: RequestData,
): Promise<{ entropyId: string }> {
  const ref = entropyRef(data);
  await withImportedKey(ctx, accessToken(data), ref, () => undefined, { fresh: true });
  return { entropyId: ref.entropyId };
}

/**
 * `privy:wallets:set-recovery` with an imported key: re-split under the new method, with the key's
 * proof and, for a password wallet, its current password (see setRecoveryChoice).
 */
export async function importedKeySetRecovery(
  ctx: FrameContext,
  data: RequestData,
): Promise<{ entropyId: string; entropyIdVerifier: EntropyIdVerifier; recoveryMethod: FrameRecoveryMethod }> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const { choice, currentVerifier } = await setRecoveryChoice(ctx, token, ref, data);
  await withImportedKey(
    ctx,
    token,
    ref,
    (key) => reshareImportedKey(ctx, token, ref.entropyId, key.secret, choice, currentVerifier),
    { fresh: true },
  );
  return { entropyId: ref.entropyId, entropyIdVerifier: ref.verifier, recoveryMethod: choice.method };
}

function rpcRequest(value: unknown): { method: string; params?: unknown } {
  if (typeof value !== 'object' || value === null) throw invalid('Missing request');
  const { method, params } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !method) throw invalid('Missing request method');
  return { method, params };
}

/** Solana's one method: `signMessage` over base64 bytes (transactions are signed as their message). */
function solanaMessage(request: { method: string; params?: unknown }): Uint8Array {
  if (request.method !== 'signMessage') throw invalid(`Unsupported Solana method ${request.method}`);
  const message = (request.params as { message?: unknown } | null | undefined)?.message;
  if (typeof message !== 'string') throw invalid('signMessage expects {message: base64}');
  try {
    return fromBase64(message);
  } catch {
    throw invalid('signMessage expects {message: base64}');
  }
}
