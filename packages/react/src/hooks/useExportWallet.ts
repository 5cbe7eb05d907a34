import { useCallback } from 'react';
import { type ExportWalletOptions, openExportWallet } from '../embedded/exportWallet.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type Click, optionsOf } from './clickOptions.ts';

// The export itself is in embedded/exportWallet.ts, which usePrivy's lazy module imports too.
export type { ExportWalletOptions, ExportWalletTarget } from '../embedded/exportWallet.ts';
export { exportTarget, openExportWallet } from '../embedded/exportWallet.ts';

/**
 * Opens the export screen of an embedded wallet: its private key and seed phrase are shown inside
 * the key-export frame, on the Latchkey server's origin, and never reach this page. Resolves once the
 * screen is open; rejects when the user is logged out or has no HD embedded wallet at `address`.
 * Without options (or given a click event), the user's first embedded wallet.
 *
 * @example
 * const { exportWallet } = useExportWallet();
 * <button onClick={() => exportWallet({ address: wallet.address })}>Export wallet</button>
 */
export function useExportWallet(): {
  exportWallet: (options?: ExportWalletOptions | Click) => Promise<void>;
} {
  const { client, openModal } = useLatchkeyContext();
  const exportWallet = useCallback(
    (options?: ExportWalletOptions | Click) => openExportWallet(client, openModal, optionsOf(options)),
    [client, openModal],
  );
  return { exportWallet };
}
