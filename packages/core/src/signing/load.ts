/**
 * The signing code, loaded on first use: each loader is one lazy chunk. A UI imports these (a few
 * bytes) rather than the modules, which bring the embedded-wallet and chain code with them.
 */

/** The Ethereum signing calls (`signMessage`, `sendTransaction`, …) and their screens' content. */
export const loadEthereumSigning = () => import('./ethereum.ts');

/** The embedded Solana wallets' signing calls and their screens' content. */
export const loadSolanaSigning = () => import('./solana.ts');

/** The confirmation screens' hooks for the embedded providers (`installSigningConfirm`). */
export const loadSigningSession = () => import('./session.ts');
