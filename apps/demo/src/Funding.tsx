import {
  type FundWalletOptions,
  type SolanaFundWalletOptions,
  useFundWallet,
  useLatchkey,
  useSolanaFundWallet,
  type WalletWithMetadata,
} from '@latchkey/react';
import { useState } from 'react';
import { errorMessage } from './actions.ts';

/**
 * Fund wallet: opens the funding chooser for the user's first embedded wallet on each chain, with
 * the options typed in as JSON (say `{"defaultFundingMethod":"manual"}`). The result line shows what
 * the promise resolved with or rejected with, which the e2e tests read; the chain and cluster are
 * the app's defaults (the local ones when the demo has their RPC URLs).
 */
export function Funding() {
  const { authenticated, user } = useLatchkey();
  const { fundWallet } = useFundWallet();
  const { fundWallet: fundSolanaWallet } = useSolanaFundWallet();
  const [options, setOptions] = useState('{}');
  const [result, setResult] = useState('');
  if (!authenticated) return null;
  const address = (chain: 'ethereum' | 'solana') =>
    String(
      (user?.linkedAccounts ?? []).find(
        (account): account is WalletWithMetadata =>
          account.type === 'wallet' &&
          account.connectorType === 'embedded' &&
          account.chainType === chain &&
          account.walletIndex === 0,
      )?.address ?? '',
    );
  const fund = (chain: 'ethereum' | 'solana') => async () => {
    setResult('pending');
    try {
      const parsed = JSON.parse(options || '{}') as FundWalletOptions;
      const outcome =
        chain === 'ethereum'
          ? await fundWallet(address(chain), parsed)
          : // The incumbent's form of the call, which fundWallet takes too.
            await fundSolanaWallet({ address: address(chain), options: parsed as SolanaFundWalletOptions });
      setResult(`resolved ${JSON.stringify(outcome)}`);
    } catch (error) {
      setResult(`rejected ${errorMessage(error)}`);
    }
  };

  return (
    <section className="card">
      <h2>Fund wallet</h2>
      <input
        aria-label="Fund wallet options (JSON)"
        data-testid="demo-fund-options"
        value={options}
        onChange={(event) => setOptions(event.target.value)}
      />
      <div className="actions">
        <button
          type="button"
          data-testid="demo-fund-ethereum"
          disabled={!address('ethereum')}
          onClick={fund('ethereum')}
        >
          Fund Ethereum wallet
        </button>
        <button
          type="button"
          data-testid="demo-fund-solana"
          disabled={!address('solana')}
          onClick={fund('solana')}
        >
          Fund Solana wallet
        </button>
      </div>
      <p className="muted" data-testid="demo-fund-result">
        {result}
      </p>
    </section>
  );
}
