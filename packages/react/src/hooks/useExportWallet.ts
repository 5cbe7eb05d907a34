import { useCallback } from 'react';
import { type ExportWalletOptions, openExportWallet } from '../embedded/exportWallet.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

// The export itself is in embedded/exportWallet.ts, which usePrivy's lazy module imports too.
export type { ExportWalletOptions, ExportWalletTarget } from '../embedded/exportWallet.ts';
export { exportTarget, openExportWallet } from '../embedded/exportWallet.ts';

/**
 * Opens the export screen of an embedded wallet: its private key and seed phrase are shown inside
 * the key-export frame, on the Latchkey server's origin, and never reach this page. Resolves once the
 * screen is open; rejects when the user is logged out or has no HD embedded wallet at `address`.
 *
 * @example
 * const { exportWallet } = useExportWallet();
 * <button onClick={() => exportWallet({ address: wallet.address })}>Export wallet</button>
 */
export function useExportWallet(): { exportWallet: (options?: ExportWalletOptions) => Promise<void> } {
  const { client, openModal } = useLatchkeyContext();
  const exportWallet = useCallback(
    (options?: ExportWalletOptions) => openExportWallet(client, openModal, options),
    [client, openModal],
  );
  return { exportWallet };
}
