import type { Address, Hex, LocalAccount } from 'viem';

/**
 * The app's side of a Farcaster signed key request (REFERENCES §2.4, FC-SKR): the EIP-712
 * `SignedKeyRequest` the custody address of the app's fid signs for a user's new Ed25519 signer key.
 * The user's Farcaster app passes the signature to `KeyGateway.add` as `SignedKeyRequestMetadata`,
 * and the SignedKeyRequestValidator on Optimism checks it against the IdRegistry's custody of
 * `requestFid` before the key is added.
 */

export interface SignedKeyRequestMessage {
  /** The app's fid. */
  requestFid: bigint;
  /** The Ed25519 public key to add: 32 bytes. */
  key: Hex;
  /** Unix seconds after which the request is void. */
  deadline: bigint;
}

/** The SignedKeyRequestValidator on Optimism (chain id 10). */
export const signedKeyRequestValidatorAddress: Address = '0x00000000fc700472606ed4fa22623acf62c60553';

export const signedKeyRequestDomain = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: signedKeyRequestValidatorAddress,
} as const;

export const signedKeyRequestTypes = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** The app's custody account signs the request. */
export function signSignedKeyRequest(account: LocalAccount, message: SignedKeyRequestMessage): Promise<Hex> {
  return account.signTypedData({
    domain: signedKeyRequestDomain,
    types: signedKeyRequestTypes,
    primaryType: 'SignedKeyRequest',
    message,
  });
}
