/**
 * Farcaster's contracts on OP Mainnet (chain 10), where the local stand-ins are installed too, so
 * clients that hard-code these addresses (auth-client's viemConnector, the server) work unchanged.
 * The same values as contracts/farcaster/Farcaster.sol.
 */
export const farcasterChainId = 10;
export const idRegistryAddress = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
export const keyRegistryAddress = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e';
export const keyGatewayAddress = '0x00000000fC56947c7E7183f8Ca4B62398CaAdf0B';
export const signedKeyRequestValidatorAddress = '0x00000000FC700472606ED4fA22623Acf62c60553';

/** KeyRegistry's key types and states (`keyDataOf(fid, key)` → `{state, keyType}`). */
export const farcasterKeyType = { signer: 1, authAddress: 2 } as const;
export const farcasterKeyState = { null: 0, added: 1, removed: 2 } as const;
