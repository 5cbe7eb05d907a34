/**
 * `@latchkey/core/farcaster-signer`: the Farcaster signer (spec document 1 §3–§5). Loaded on first
 * use (the hooks and the modal import it dynamically), never with the page.
 */
export {
  type FarcasterSignerClient,
  type FarcasterSignerTarget,
  farcasterSignerMessages,
  farcasterSignerTarget,
  farcasterSignerTimings,
  getFarcasterSignerPublicKey,
  type InitFarcasterSignerOptions,
  initFarcasterSigner,
  readFarcasterSignerStatus,
  signFarcasterMessage,
  type WatchFarcasterSignerParameters,
  watchFarcasterSigner,
} from './signer.ts';
