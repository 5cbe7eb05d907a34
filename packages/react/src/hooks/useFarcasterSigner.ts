import { useCallback } from 'react';
import {
  farcasterSignerPublicKey,
  openFarcasterSignerRequest,
  signWithFarcasterSigner,
} from '../embedded/farcaster-signer.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

/**
 * Asks the user to add the app's Farcaster signer to their account (spec document 1 §3–§5): the
 * modal's 'Add a signer to Farcaster' with the approval link (a QR code on a computer, 'Open
 * Farcaster app' on a phone), followed every 2 s for 5 min. Needs an embedded wallet and a linked
 * Farcaster account. Resolves once the modal is open.
 */
export function useRequestFarcasterSigner(): { requestFarcasterSignerFromWarpcast: () => Promise<void> } {
  const { client, openModal } = useLatchkeyContext();
  return {
    requestFarcasterSignerFromWarpcast: useCallback(
      () => openFarcasterSignerRequest(client, openModal),
      [client, openModal],
    ),
  };
}

/**
 * Signs a Farcaster message hash (20 bytes) with the user's approved signer, in the wallet frame:
 * the 64-byte Ed25519 signature, as `@farcaster/core`'s `ExternalEd25519Signer` wants it.
 */
export function useSignFarcasterMessage(): {
  signFarcasterMessage: (messageHash: Uint8Array) => Promise<Uint8Array<ArrayBuffer>>;
} {
  const { client, openModal } = useLatchkeyContext();
  return {
    signFarcasterMessage: useCallback(
      (messageHash: Uint8Array) => signWithFarcasterSigner(client, openModal, messageHash),
      [client, openModal],
    ),
  };
}

/** The user's approved signer's Ed25519 public key (32 bytes). */
export function useGetFarcasterSignerPublicKey(): {
  getFarcasterSignerPublicKey: () => Promise<Uint8Array<ArrayBuffer>>;
} {
  const { client } = useLatchkeyContext();
  return { getFarcasterSignerPublicKey: useCallback(() => farcasterSignerPublicKey(client), [client]) };
}

/**
 * Writing to Farcaster (the three above in one): add the signer, read its public key, sign.
 *
 * @example
 * const { requestFarcasterSignerFromWarpcast, getFarcasterSignerPublicKey, signFarcasterMessage } =
 *   useFarcasterSigner();
 * const signer = new ExternalEd25519Signer(signFarcasterMessage, getFarcasterSignerPublicKey);
 */
export function useFarcasterSigner(): {
  requestFarcasterSignerFromWarpcast: () => Promise<void>;
  getFarcasterSignerPublicKey: () => Promise<Uint8Array<ArrayBuffer>>;
  signFarcasterMessage: (messageHash: Uint8Array) => Promise<Uint8Array<ArrayBuffer>>;
} {
  return {
    ...useRequestFarcasterSigner(),
    ...useGetFarcasterSignerPublicKey(),
    ...useSignFarcasterMessage(),
  };
}
