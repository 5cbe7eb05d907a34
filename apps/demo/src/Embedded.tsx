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
import { LocalFunds } from './LocalFunds.tsx';
import { embeddedDemoMessage } from './signingSamples.ts';

const isEmbedded = (wallet: ConnectedWallet | ConnectedSolanaWallet) => wallet.walletClientType === 'privy';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The user's embedded wallets and what a host app does with them: create, secure, sign. */
export function Embedded({ run }: { run: (name: string, action: () => unknown) => () => Promise<void> }) {
  const { authenticated } = useLatchkey();
  const ethereum = useWallets().wallets.filter(isEmbedded);
  const solanaWallets = useSolanaWallets();
  const solana = solanaWallets.wallets.filter(isEmbedded);
  const { createWallet } = useCreateWallet();
  const { setWalletPassword } = useSetWalletPassword();
  const [signature, setSignature] = useState('');
  const [solanaSignature, setSolanaSignature] = useState('');
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
    <section className="card">
      <h2>Embedded wallets</h2>
      <ul data-testid="demo-embedded-wallets">
        {[...ethereum, ...solana].map((wallet) => (
          <li
            key={`${wallet.type}:${wallet.address}`}
            data-testid={`demo-embedded-${wallet.type}-${wallet.walletIndex}`}
            data-chain-type={wallet.type}
          >
            <code>{wallet.address}</code>
          </li>
        ))}
      </ul>
      <LocalFunds
        label="Test funds of the embedded wallets"
        wallets={[...ethereum, ...solana].map((wallet) => ({ chain: wallet.type, address: wallet.address }))}
      />
      <div className="actions">
        <button
          type="button"
          data-testid="demo-create-ethereum"
          onClick={run('createWallet', () => createWallet())}
        >
          Create Ethereum wallet
        </button>
        <button
          type="button"
          data-testid="demo-create-solana"
          onClick={run('createSolanaWallet', () => solanaWallets.createWallet())}
        >
          Create Solana wallet
        </button>
        <button
          type="button"
          data-testid="demo-create-additional"
          onClick={run('createAdditional', () => createWallet({ createAdditional: true }))}
        >
          Create additional Ethereum wallet
        </button>
        <button
          type="button"
          data-testid="demo-set-password"
          onClick={run('setWalletPassword', setWalletPassword)}
        >
          Set password
        </button>
        <button
          type="button"
          data-testid="demo-sign-embedded"
          disabled={!firstEthereum}
          onClick={run('personalSign', signEthereum)}
        >
          Sign message (Ethereum)
        </button>
        <button
          type="button"
          data-testid="demo-sign-embedded-solana"
          disabled={!firstSolana}
          onClick={run('solanaSignMessage', signSolana)}
        >
          Sign message (Solana)
        </button>
      </div>
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
