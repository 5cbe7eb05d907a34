import { useExportWallet, useLatchkey, type WalletWithMetadata } from '@latchkey/react';
import type { Run } from './actions.ts';

/** Key export: one button per chain, for the user's first HD embedded wallet on it. */
export function Export({ run }: { run: Run }) {
  const { authenticated, user } = useLatchkey();
  const { exportWallet } = useExportWallet();
  if (!authenticated) return null;
  const embedded = (user?.linkedAccounts ?? []).filter(
    (account): account is WalletWithMetadata =>
      account.type === 'wallet' &&
      account.walletClientType === 'privy' &&
      account.connectorType === 'embedded' &&
      account.imported !== true,
  );
  const first = (chain: 'ethereum' | 'solana') =>
    embedded.find((account) => account.chainType === chain && account.walletIndex === 0);

  return (
    <section className="card">
      <h2>Export</h2>
      <div className="actions">
        {(['ethereum', 'solana'] as const).map((chain) => {
          const wallet = first(chain);
          return (
            <button
              key={chain}
              type="button"
              data-testid={`demo-export-${chain}`}
              disabled={!wallet}
              onClick={run(`exportWallet ${chain}`, () =>
                exportWallet({ address: String(wallet?.address ?? '') }),
              )}
            >
              Export {chain === 'ethereum' ? 'Ethereum' : 'Solana'} wallet
            </button>
          );
        })}
      </div>
    </section>
  );
}
