import {
  useDelegatedActions,
  useLatchkey,
  useSessionSigners,
  type WalletWithMetadata,
} from '@latchkey/react';
import { useState } from 'react';
import type { Run } from './actions.ts';

/**
 * Delegated actions and session signers: delegate the user's first embedded wallet on each chain
 * ('Enable offline access'), revoke them all, and add or remove a session signer (a key quorum id of
 * the app, typed in) on the Ethereum one. Each wallet's `delegated` flag is shown as the server says.
 */
export function Delegation({ run }: { run: Run }) {
  const { authenticated, user } = useLatchkey();
  const { delegateWallet, revokeWallets } = useDelegatedActions();
  const { addSessionSigners, removeSessionSigners } = useSessionSigners();
  const [signerId, setSignerId] = useState('');
  if (!authenticated) return null;
  const embedded = (user?.linkedAccounts ?? []).filter(
    (account): account is WalletWithMetadata =>
      account.type === 'wallet' &&
      account.walletClientType === 'privy' &&
      account.connectorType === 'embedded',
  );
  const first = (chain: 'ethereum' | 'solana') =>
    embedded.find((account) => account.chainType === chain && account.walletIndex === 0);
  const ethereum = String(first('ethereum')?.address ?? '');

  return (
    <section className="card">
      <h2>Delegated actions</h2>
      <div className="actions">
        {(['ethereum', 'solana'] as const).map((chain) => {
          const wallet = first(chain);
          return (
            <button
              key={chain}
              type="button"
              data-testid={`demo-delegate-${chain}`}
              data-delegated={String(wallet?.delegated === true)}
              disabled={!wallet}
              onClick={run(`delegateWallet ${chain}`, () =>
                delegateWallet({ address: String(wallet?.address ?? ''), chainType: chain }),
              )}
            >
              Delegate {chain === 'ethereum' ? 'Ethereum' : 'Solana'} wallet
            </button>
          );
        })}
        <button type="button" data-testid="demo-revoke-wallets" onClick={run('revokeWallets', revokeWallets)}>
          Revoke delegated wallets
        </button>
      </div>
      <div className="actions">
        <input
          aria-label="Session signer id"
          data-testid="demo-session-signer-id"
          value={signerId}
          onChange={(event) => setSignerId(event.target.value)}
        />
        <button
          type="button"
          data-testid="demo-add-session-signer"
          disabled={!ethereum || !signerId}
          onClick={run('addSessionSigners', () =>
            addSessionSigners({ address: ethereum, signers: [{ signerId }] }),
          )}
        >
          Add session signer
        </button>
        <button
          type="button"
          data-testid="demo-remove-session-signers"
          disabled={!ethereum}
          onClick={run('removeSessionSigners', () => removeSessionSigners({ address: ethereum }))}
        >
          Remove session signers
        </button>
      </div>
    </section>
  );
}
