import {
  entropyToMnemonic,
  ethereumKey,
  exportEthereumPrivateKey,
  exportSolanaPrivateKey,
  solanaKey,
} from '@latchkey/keys';
import { withEntropy } from '../frame/entropy-session.ts';
import type { FrameContext } from '../frame/frame-context.ts';
import { wipe } from '../frame/wipe.ts';
import type { ExportQuery } from './export-query.ts';

export type ExportKind = 'key' | 'phrase';

/**
 * Rebuilds the wallet's private key (Ethereum 0x hex; Solana base58 of the 64-byte secret key) or the
 * entropy's seed phrase, the same way a signature does, for display inside this frame only.
 */
export function exportSecret(ctx: FrameContext, query: ExportQuery, kind: ExportKind): Promise<string> {
  // Export always asks the server for the auth share: it is rare, and the one operation that shows a secret.
  return withEntropy(
    ctx,
    query.accessToken,
    query.ref,
    ({ entropy, seed }) => {
      if (kind === 'phrase') return entropyToMnemonic(entropy);
      if (query.chain === 'ethereum')
        return exportEthereumPrivateKey(ethereumKey(seed, query.index).privateKey);
      const key = solanaKey(seed, query.index);
      try {
        return exportSolanaPrivateKey(key.secretKey);
      } finally {
        wipe(key.secretKey);
      }
    },
    { fresh: true, purpose: 'export' },
  );
}
