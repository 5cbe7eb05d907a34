import { encodeAbiParameters, type Hex, type LocalAccount, recoverTypedDataAddress } from 'viem';
import { farcasterChainId, signedKeyRequestValidatorAddress } from './farcaster-addresses.ts';

/**
 * The app's side of a Farcaster signed key request: the EIP-712 `SignedKeyRequest` its custody
 * address signs for a new Ed25519 signer key, and the `SignedKeyRequestMetadata` the user's app
 * passes to `KeyGateway.add` (metadata type 1), which the SignedKeyRequestValidator checks.
 */

export interface SignedKeyRequestMessage {
  requestFid: bigint;
  /** The key to add: an Ed25519 public key (32 bytes), or `abi.encode(address)` for an auth address. */
  key: Hex;
  /** Unix seconds after which the request is void. */
  deadline: bigint;
}

export const signedKeyRequestDomain = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: farcasterChainId,
  verifyingContract: signedKeyRequestValidatorAddress,
} as const;

export const signedKeyRequestTypes = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

const typedData = (message: SignedKeyRequestMessage) =>
  ({
    domain: signedKeyRequestDomain,
    types: signedKeyRequestTypes,
    primaryType: 'SignedKeyRequest',
    message,
  }) as const;

/** The request fid's custody account signs the request (what an app does before `POST /v2/signed-key-requests`). */
export function signSignedKeyRequest(account: LocalAccount, message: SignedKeyRequestMessage): Promise<Hex> {
  return account.signTypedData(typedData(message));
}

/** Who signed a request (to be checked against the IdRegistry's custody of `requestFid`). */
export function recoverSignedKeyRequestSigner(message: SignedKeyRequestMessage, signature: Hex) {
  return recoverTypedDataAddress({ ...typedData(message), signature });
}

/** `abi.encode(SignedKeyRequestMetadata{requestFid, requestSigner, signature, deadline})`. */
export function encodeSignedKeyRequestMetadata(metadata: {
  requestFid: bigint;
  requestSigner: Hex;
  signature: Hex;
  deadline: bigint;
}): Hex {
  return encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          { name: 'requestFid', type: 'uint256' },
          { name: 'requestSigner', type: 'address' },
          { name: 'signature', type: 'bytes' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
    ],
    [metadata],
  );
}

/** An auth address as KeyRegistry keys it (key type 2): `abi.encode(address)`, 32 bytes. */
export const authAddressKey = (address: Hex): Hex => encodeAbiParameters([{ type: 'address' }], [address]);
