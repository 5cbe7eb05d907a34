import { LocalFunds } from './LocalFunds.tsx';
import { setTestWalletEnabled, type TestWalletAddresses, testWalletName } from './testWalletSetup.ts';

/**
 * Switches the built-in test wallet on or off (the page reloads) and says plainly what it is: a
 * wallet whose keys are published, for trying wallet login without an extension.
 */
export function TestWallet({ installed }: { installed: TestWalletAddresses | null }) {
  return (
    <section className="card" aria-labelledby="demo-test-wallet-title">
      <h2 id="demo-test-wallet-title">Test wallet</h2>
      <p className="muted">
        Try wallet login (Sign-In with Ethereum or Solana) without a browser extension: '{testWalletName}'
        appears in the wallet list and signs at once, without asking.
      </p>
      <p className="warning" role="note">
        A test wallet with a published key: anyone can sign with it. Use it only with this demo and the local
        chains; never send it anything of value.
      </p>
      <label className="switch">
        <input
          type="checkbox"
          data-testid="demo-test-wallet-toggle"
          checked={installed !== null}
          onChange={(event) => setTestWalletEnabled(event.target.checked)}
        />{' '}
        Use the built-in test wallet
      </label>
      {installed ? (
        <>
          <dl className="state">
            <dt>Ethereum</dt>
            <dd>
              <code data-testid="demo-test-wallet-ethereum">{installed.ethereum}</code>
            </dd>
            <dt>Solana</dt>
            <dd>
              <code data-testid="demo-test-wallet-solana">{installed.solana}</code>
            </dd>
          </dl>
          <LocalFunds
            label="Test funds of the test wallet"
            wallets={[
              { chain: 'ethereum', address: installed.ethereum },
              { chain: 'solana', address: installed.solana },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
