import { embeddedController, type LatchkeyClient, type OpenModal } from '@latchkey/core';

// The signer's chunk: loaded on the first call, never with the page.
const signer = () => import('@latchkey/core/farcaster-signer');

/**
 * 'Add a signer to Farcaster': the request is checked (an embedded wallet, a Farcaster account), the
 * wallet is brought onto this device (a password wallet asks for its password in the modal), the
 * frame asks the server for the signed key request, then the modal shows its approval link and
 * follows it. Resolves once the modal is open, as the incumbent's does; the user's Farcaster account
 * shows `signer_public_key` once they approved.
 */
export async function openFarcasterSignerRequest(
  client: LatchkeyClient,
  openModal: OpenModal,
): Promise<void> {
  const m = await signer();
  const { address } = m.farcasterSignerTarget(client.getState().user);
  await embeddedController(client).forWallet(address, openModal);
  const request = await m.initFarcasterSigner(client, { onDevice: async () => undefined });
  openModal('farcaster-signer', { farcasterSigner: request });
}

/**
 * The bytes in an array of their own: `Uint8Array<ArrayBuffer>`, as the incumbent's hooks declare
 * their answers (never a view of a shared buffer).
 */
const ownBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** The user's approved signer's public key (32 bytes). */
export async function farcasterSignerPublicKey(client: LatchkeyClient): Promise<Uint8Array<ArrayBuffer>> {
  const m = await signer();
  return ownBytes(await m.getFarcasterSignerPublicKey(client.getState().user));
}

/**
 * Signs a Farcaster message hash with the user's approved signer, in the wallet frame (the wallet
 * brought onto this device first, with the password prompt if it needs one).
 */
export async function signWithFarcasterSigner(
  client: LatchkeyClient,
  openModal: OpenModal,
  messageHash: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const m = await signer();
  const { address } = m.farcasterSignerTarget(client.getState().user);
  await embeddedController(client).forWallet(address, openModal);
  return ownBytes(await m.signFarcasterMessage(client, messageHash));
}
