import {
  type ConnectedSolanaWallet,
  type EmbeddedSolanaWalletActions,
  type PrivyTypedData,
  useLatchkey,
  useSendTransaction,
  useSignMessage,
  useSignTypedData,
  useSolanaWallets,
} from '@latchkey/react';
import { useState } from 'react';
import { balancesChangedEvent } from './actions.ts';
import { localChainId } from './chains.ts';
import { readConfig } from './config.ts';
import { demoSignMessage, demoTypedData } from './signingSamples.ts';

/**
 * The sample as `signTypedData` takes it: the incumbent's type, and so ours, has mutable arrays;
 * the sample is `as const` for viem's checks in the e2e tests.
 */
const typedData: PrivyTypedData = {
  ...demoTypedData,
  types: { Person: [...demoTypedData.types.Person], Mail: [...demoTypedData.types.Mail] },
};

import { latestBlockhash, solTransfer } from './solanaTransfer.ts';
import { useAttempt } from './useAttempt.ts';

const { solanaRpcUrl } = readConfig(window.location.search, import.meta.env);

function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return `${code === undefined ? '' : `${String(code)} `}${typeof message === 'string' ? message : String(error)}`;
}

type EmbeddedSolana = ConnectedSolanaWallet & Partial<EmbeddedSolanaWalletActions>;

/**
 * Signing and sending with the user's embedded wallets, through the confirmation screens: a
 * message, typed data, an ETH transfer on the local chain, a SOL transfer on the local cluster.
 */
export function Signing() {
  const { authenticated } = useLatchkey();
  const { signMessage } = useSignMessage();
  const { signTypedData } = useSignTypedData();
  const { sendTransaction } = useSendTransaction();
  // The user's embedded Solana wallet ('privy' is the wire's name for embedded).
  const solanaWallet = useSolanaWallets().wallets.find((w) => w.walletClientType === 'privy') as
    | EmbeddedSolana
    | undefined;
  const [message, setMessage] = useState(demoSignMessage);
  const [cancellable, setCancellable] = useState(true);
  const [to, setTo] = useState('');
  const [secondTo, setSecondTo] = useState('');
  const [value, setValue] = useState('1000000000000000');
  const [solTo, setSolTo] = useState('');
  const [lamports, setLamports] = useState('100000000');
  const [result, setResult] = useState('');
  const [typedResult, setTypedResult] = useState('');
  const [hash, setHash] = useState('');
  const [hashes, setHashes] = useState('');
  const [solSignature, setSolSignature] = useState('');
  const { error, busy, attempt } = useAttempt(describe);
  if (!authenticated) return null;

  const uiOptions = { isCancellable: cancellable };

  return (
    <section className="card" aria-busy={busy}>
      <h2>Signing</h2>
      <p className="muted">
        Each request opens the confirmation screen; the results and any error show below.
        {busy ? ' Waiting for the confirmation…' : ''}
      </p>
      <div className="actions">
        <label>
          Message{' '}
          <input data-testid="demo-sign-input" value={message} onChange={(e) => setMessage(e.target.value)} />
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="demo-sign-cancellable"
            checked={cancellable}
            onChange={(e) => setCancellable(e.target.checked)}
          />{' '}
          Show 'Not now'
        </label>
        <button
          type="button"
          data-testid="demo-sign-message"
          disabled={busy}
          onClick={attempt(async () => {
            setResult('');
            setResult((await signMessage({ message }, { uiOptions })).signature);
          })}
        >
          Sign message
        </button>
        <button
          type="button"
          data-testid="demo-sign-typed-data"
          disabled={busy}
          onClick={attempt(async () => {
            setTypedResult('');
            setTypedResult((await signTypedData(typedData, { uiOptions })).signature);
          })}
        >
          Sign typed data
        </button>
      </div>
      <div className="actions">
        <label>
          To <input data-testid="demo-send-to" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          Value (wei){' '}
          <input data-testid="demo-send-value" value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <button
          type="button"
          data-testid="demo-send-eth"
          disabled={busy}
          onClick={attempt(async () => {
            setHash('');
            const sent = await sendTransaction(
              { to: to as `0x${string}`, value: BigInt(value), chainId: localChainId },
              { uiOptions },
            );
            setHash(sent.hash);
            window.dispatchEvent(new Event(balancesChangedEvent));
          })}
        >
          Send ETH
        </button>
        <label>
          Then to{' '}
          <input
            data-testid="demo-send-to-second"
            value={secondTo}
            onChange={(e) => setSecondTo(e.target.value)}
          />
        </label>
        <button
          type="button"
          data-testid="demo-send-batch"
          disabled={busy}
          onClick={attempt(async () => {
            setHashes('');
            // A batch of two transfers (the second to 'Then to', else to the same address),
            // stepped through and sent in order.
            const transfer = (recipient: string) => ({
              to: recipient as `0x${string}`,
              value: BigInt(value),
              chainId: localChainId,
            });
            const sent = await sendTransaction([transfer(to), transfer(secondTo || to)], { uiOptions });
            setHashes((sent.hashes ?? [sent.hash]).join(' '));
            window.dispatchEvent(new Event(balancesChangedEvent));
          })}
        >
          Send ETH twice (batch)
        </button>
      </div>
      <div className="actions">
        <label>
          To <input data-testid="demo-sol-to" value={solTo} onChange={(e) => setSolTo(e.target.value)} />
        </label>
        <label>
          Lamports{' '}
          <input
            data-testid="demo-sol-lamports"
            value={lamports}
            onChange={(e) => setLamports(e.target.value)}
          />
        </label>
        <button
          type="button"
          data-testid="demo-sol-transfer"
          disabled={busy || !solanaWallet?.signAndSendTransaction || !solanaRpcUrl}
          onClick={attempt(async () => {
            if (!solanaWallet?.signAndSendTransaction || !solanaRpcUrl) return;
            setSolSignature('');
            const blockhash = await latestBlockhash(solanaRpcUrl);
            const transaction = solTransfer(solanaWallet.address, solTo, BigInt(lamports), blockhash);
            const { signature } = await solanaWallet.signAndSendTransaction(transaction, { uiOptions });
            setSolSignature(signature);
            window.dispatchEvent(new Event(balancesChangedEvent));
          })}
        >
          Send SOL
        </button>
      </div>
      <dl className="state">
        <dt>Signature</dt>
        <dd>
          <code data-testid="demo-sign-result" className="token">
            {result}
          </code>
        </dd>
        <dt>Typed data signature</dt>
        <dd>
          <code data-testid="demo-typed-data-result" className="token">
            {typedResult}
          </code>
        </dd>
        <dt>Transaction hash</dt>
        <dd>
          <code data-testid="demo-tx-hash" className="token">
            {hash}
          </code>
        </dd>
        <dt>Batch hashes</dt>
        <dd>
          <code data-testid="demo-tx-hashes" className="token">
            {hashes}
          </code>
        </dd>
        <dt>Solana signature</dt>
        <dd>
          <code data-testid="demo-sol-signature" className="token">
            {solSignature}
          </code>
        </dd>
        <dt>Signing error</dt>
        <dd data-testid="demo-signing-error">{error}</dd>
      </dl>
    </section>
  );
}
