import {
  type ConnectedSolanaWallet,
  type ConnectedWallet,
  useCreateWallet,
  useLatchkey,
  useSetWalletPassword,
  useSolanaWallets,
  useWallets,
} from '@latchkey/react';
import { useState } from 'react';
import type { Run } from './actions.ts';
import { Feedback, useFeedback } from './Feedback.tsx';
import { LocalFunds } from './LocalFunds.tsx';
import { embeddedDemoMessage } from './signingSamples.ts';
import { chainName, walletKind } from './walletLabels.ts';

// 'privy' is the wire's name (the incumbent's) for an embedded wallet.
const isEmbedded = (wallet: ConnectedWallet | ConnectedSolanaWallet) => wallet.walletClientType === 'privy';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The user's embedded wallets and what a host app does with them: create, secure, sign. Each button
 * says what it is doing and how it went (a second 'Create Ethereum wallet' says the user has one).
 */
export function Embedded({ run }: { run: Run }) {
  const { authenticated } = useLatchkey();
  const ethereum = useWallets().wallets.filter(isEmbedded);
  const solanaWallets = useSolanaWallets();
  const solana = solanaWallets.wallets.filter(isEmbedded);
  const { createWallet } = useCreateWallet();
  const { setWalletPassword } = useSetWalletPassword();
  const [signature, setSignature] = useState('');
  const [solanaSignature, setSolanaSignature] = useState('');
  const { act, busy, state } = useFeedback(run);
  if (!authenticated) return null;

  const firstEthereum = ethereum[0];
  const firstSolana = solana[0];
  const signEthereum = async () => {
    if (!firstEthereum) return;
    setSignature('');
    const provider = await firstEthereum.getEthereumProvider();
    const result = await provider.request({
      method: 'personal_sign',
      params: [embeddedDemoMessage, firstEthereum.address],
    });
    setSignature(String(result));
  };
  const signSolana = async () => {
    if (!firstSolana) return;
    setSolanaSignature('');
    const bytes = await firstSolana.signMessage(new TextEncoder().encode(embeddedDemoMessage));
    setSolanaSignature(toBase64(bytes));
  };

  return (
    <section className="card" aria-busy={busy}>
      <h2>Embedded wallets</h2>
      <p className="muted">
        Wallets Latchkey keeps for the user: keys split between this browser and the server, never whole
        outside the wallet frame.
      </p>
      <ul className="wallets" data-testid="demo-embedded-wallets">
        {[...ethereum, ...solana].map((wallet) => (
          <li key={`${wallet.type}:${wallet.address}`} data-chain-type={wallet.type}>
            <span className="label">
              {chainName(wallet.type)} · {walletKind(wallet.walletClientType)}
              {wallet.walletIndex ? ` #${wallet.walletIndex + 1}` : ''}
            </span>{' '}
            <code data-testid={`demo-embedded-${wallet.type}-${wallet.walletIndex}`}>{wallet.address}</code>
          </li>
        ))}
      </ul>
      {ethereum.length + solana.length === 0 ? (
        <p className="muted" data-testid="demo-embedded-none">
          No embedded wallet yet.
        </p>
      ) : null}
      <LocalFunds
        label="Balances of the embedded wallets on the local chains"
        wallets={[...ethereum, ...solana].map((wallet) => ({ chain: wallet.type, address: wallet.address }))}
      />
      <div className="actions">
        <button
          type="button"
          data-testid="demo-create-ethereum"
          disabled={busy}
          onClick={act('Creating an Ethereum wallet', 'createWallet', () => createWallet())}
        >
          Create Ethereum wallet
        </button>
        <button
          type="button"
          data-testid="demo-create-solana"
          disabled={busy}
          onClick={act('Creating a Solana wallet', 'createSolanaWallet', () => solanaWallets.createWallet())}
        >
          Create Solana wallet
        </button>
        <button
          type="button"
          data-testid="demo-create-additional"
          disabled={busy}
          onClick={act('Creating another Ethereum wallet', 'createAdditional', () =>
            createWallet({ createAdditional: true }),
          )}
        >
          Create additional Ethereum wallet
        </button>
        <button
          type="button"
          data-testid="demo-set-password"
          disabled={busy}
          onClick={act('Setting a wallet password', 'setWalletPassword', setWalletPassword)}
        >
          Set password
        </button>
        <button
          type="button"
          data-testid="demo-sign-embedded"
          disabled={!firstEthereum || busy}
          onClick={act('Signing with the Ethereum wallet', 'personalSign', signEthereum)}
        >
          Sign message (Ethereum)
        </button>
        <button
          type="button"
          data-testid="demo-sign-embedded-solana"
          disabled={!firstSolana || busy}
          onClick={act('Signing with the Solana wallet', 'solanaSignMessage', signSolana)}
        >
          Sign message (Solana)
        </button>
      </div>
      <Feedback state={state} testId="demo-embedded-feedback" />
      <dl className="state">
        <dt>Ethereum signature</dt>
        <dd>
          <code data-testid="demo-embedded-signature" className="token">
            {signature}
          </code>
        </dd>
        <dt>Solana signature</dt>
        <dd>
          <code data-testid="demo-embedded-solana-signature" className="token">
            {solanaSignature}
          </code>
        </dd>
      </dl>
    </section>
  );
}
