import {
  type ConnectedSolanaWallet,
  type ConnectedWallet,
  useConnectWallet,
  useLatchkey,
  useSolanaWallets,
  useWallets,
} from '@latchkey/react';
import { useState } from 'react';
import type { Run } from './actions.ts';
import { localChainId } from './chains.ts';
import { readConfig } from './config.ts';
import { chainName, walletKind } from './walletLabels.ts';

// The chain box starts on the chain the demo is pointed at: the local one when it has its RPC.
const { evmRpcUrl } = readConfig(window.location.search, import.meta.env);
const defaultChainId = evmRpcUrl ? String(localChainId) : '8453';

/** Connected wallets (linked or not), the user's linked wallets, and the wallet actions. */
export function Wallets({
  run,
  onEvent,
  onError,
}: {
  run: Run;
  onEvent: (event: string) => void;
  onError: (error: string) => void;
}) {
  const latchkey = useLatchkey();
  const ethereum = useWallets();
  const solana = useSolanaWallets();
  const { connectWallet } = useConnectWallet({
    onSuccess: ({ wallet }) => onEvent(`connectWallet done: ${wallet.address}`),
    onError: (code) => onError(`connectWallet error: ${String(code)}`),
  });
  const [chainId, setChainId] = useState(defaultChainId);

  const connected: (ConnectedWallet | ConnectedSolanaWallet)[] = [...ethereum.wallets, ...solana.wallets];
  const firstEthereum = ethereum.wallets[0];
  const linkedWallets = (latchkey.user?.linkedAccounts ?? []).filter((a) => a.type === 'wallet');

  return (
    <section className="card">
      <h2>Wallets</h2>
      <dl className="state">
        <dt>Connected wallets</dt>
        <dd>
          <ul data-testid="demo-wallets" data-ready={String(ethereum.ready && solana.ready)}>
            {connected.map((wallet) => (
              <li
                key={`${wallet.type}:${wallet.address}`}
                data-testid={`demo-wallet-${wallet.address}`}
                data-linked={String(wallet.linked)}
                data-chain-type={wallet.type}
              >
                <span className="label">
                  {chainName(wallet.type)} · {wallet.meta?.name ?? walletKind(wallet.walletClientType)}
                </span>{' '}
                <code>{wallet.address}</code>{' '}
                <span className={wallet.linked ? 'badge' : 'badge muted'}>
                  {wallet.linked ? 'linked to this user' : 'connected, not linked'}
                </span>
              </li>
            ))}
          </ul>
        </dd>
        <dt>First wallet's chain</dt>
        <dd data-testid="demo-wallet-chain">{firstEthereum?.chainId ?? ''}</dd>
        <dt>Linked wallets</dt>
        <dd>
          <ul data-testid="demo-linked-wallets">
            {linkedWallets.map((account) => (
              <li
                key={String(account.address)}
                data-testid={`demo-linked-wallet-${String(account.address)}`}
                data-chain-type={String(account.chainType ?? '')}
              >
                <span className="label">
                  {chainName(account.chainType)} · {walletKind(account.walletClientType)}
                </span>{' '}
                <code>{String(account.address)}</code>
                {latchkey.authenticated ? (
                  <button
                    type="button"
                    data-testid={`demo-unlink-wallet-${String(account.address)}`}
                    onClick={run('unlinkWallet', () => latchkey.unlinkWallet(String(account.address)))}
                  >
                    Unlink
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <div className="actions">
        <button type="button" data-testid="demo-connect-wallet" onClick={() => connectWallet()}>
          Connect wallet
        </button>
        {latchkey.authenticated ? (
          <button
            type="button"
            data-testid="demo-link-wallet"
            onClick={run('linkWallet', latchkey.linkWallet)}
          >
            Link wallet
          </button>
        ) : null}
        <label>
          Chain id{' '}
          <input
            data-testid="demo-chain-id"
            inputMode="numeric"
            value={chainId}
            onChange={(event) => setChainId(event.target.value)}
          />
        </label>
        <button
          type="button"
          data-testid="demo-switch-chain"
          disabled={!firstEthereum}
          onClick={run('switchChain', () => firstEthereum?.switchChain(Number(chainId)))}
        >
          Switch chain
        </button>
      </div>
    </section>
  );
}
