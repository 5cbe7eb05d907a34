import { useImportWallet, useLatchkey, useSignMessage, useSolanaWallets, useWallets } from '@latchkey/react';
import { useState } from 'react';
import type { Run } from './actions.ts';
import { embeddedDemoMessage } from './signingSamples.ts';

/** Base64 of bytes (the Solana signature as the e2e tests read it). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Importing an existing private key as an embedded wallet (`useImportWallet`), optionally secured
 * with a password, and signing with that wallet by its address.
 */
export function ImportKey({ run }: { run: Run }) {
  const { authenticated } = useLatchkey();
  const ethereumWallets = useWallets().wallets;
  const { importWallet } = useImportWallet();
  const { signMessage } = useSignMessage();
  const solanaWallets = useSolanaWallets().wallets;
  const [privateKey, setPrivateKey] = useState('');
  const [chainType, setChainType] = useState<'ethereum' | 'solana'>('ethereum');
  const [password, setPassword] = useState('');
  const [signature, setSignature] = useState('');
  if (!authenticated) return null;

  // The imported embedded wallets (they are the user's linked accounts: a new device lists them too).
  const imported = [...ethereumWallets, ...solanaWallets].filter(
    (wallet) => wallet.walletClientType === 'privy' && wallet.imported,
  );
  const latest = imported.at(-1);

  const sign = async () => {
    if (!latest) return;
    setSignature('');
    if (latest.type === 'ethereum') {
      const result = await signMessage({ message: embeddedDemoMessage }, { address: latest.address });
      setSignature(result.signature);
      return;
    }
    const wallet = solanaWallets.find((w) => w.address === latest.address);
    if (!wallet) throw new Error('No embedded Solana wallet for that address');
    setSignature(toBase64(await wallet.signMessage(new TextEncoder().encode(embeddedDemoMessage))));
  };

  return (
    <section className="card">
      <h2>Import a private key</h2>
      <div className="actions">
        <label>
          Key{' '}
          <input
            data-testid="demo-import-key"
            type="password"
            autoComplete="off"
            value={privateKey}
            onChange={(e) => setPrivateKey(e.target.value)}
          />
        </label>
        <label>
          Chain{' '}
          <select
            data-testid="demo-import-chain"
            value={chainType}
            onChange={(e) => setChainType(e.target.value as 'ethereum' | 'solana')}
          >
            <option value="ethereum">Ethereum</option>
            <option value="solana">Solana</option>
          </select>
        </label>
        <label>
          Password (optional){' '}
          <input
            data-testid="demo-import-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button
          type="button"
          data-testid="demo-import"
          onClick={run('importWallet', async () => {
            await importWallet({ privateKey, chainType, ...(password ? { password } : {}) });
            setPrivateKey('');
          })}
        >
          Import
        </button>
        <button
          type="button"
          data-testid="demo-import-sign"
          disabled={!latest}
          onClick={run('importedSign', sign)}
        >
          Sign with the imported wallet
        </button>
      </div>
      <dl className="state">
        <dt>Imported wallet</dt>
        <dd>
          <code data-testid="demo-imported-address">{latest?.address ?? ''}</code>
        </dd>
        <dt>Its signature</dt>
        <dd>
          <code data-testid="demo-imported-signature" className="token">
            {signature}
          </code>
        </dd>
      </dl>
    </section>
  );
}
