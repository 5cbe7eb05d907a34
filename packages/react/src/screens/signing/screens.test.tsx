import type { LatchkeyClient } from '@latchkey/core';
import { type SolanaTransactionContent, signingStore, type TransactionContent } from '@latchkey/core/signing';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmSolanaTransactionScreen } from './ConfirmSolanaTransactionScreen.tsx';
import { ConfirmTransactionScreen } from './ConfirmTransactionScreen.tsx';
import { SigningFlow } from './SigningFlow.tsx';
import { SignMessageScreen } from './SignMessageScreen.tsx';
import { TransactionErrorScreen } from './TransactionErrorScreen.tsx';
import { TransactionReceiptScreen } from './TransactionReceiptScreen.tsx';

/**
 * The text of the markup (tags dropped, entities decoded), as `textContent` reads it: a shortened
 * address's parts (`ShortenedValue`) join up into the full value.
 */
const textOf = (html: string) =>
  html
    .replace(/<span class="lk-(?:visually-hidden|short-tail)">([^<]*)<\/span>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const noop = () => undefined;

const transfer: TransactionContent = {
  kind: 'transaction',
  action: 'transaction',
  send: '0.01 ETH',
  spender: null,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tokenAddress: null,
  network: 'Base',
  fee: '0.000042 ETH',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  total: '0.010042 ETH',
  balance: '1 ETH',
  insufficient: false,
  confirm: 'address',
  explorerUrl: 'https://basescan.org/tx/{hash}',
  funding: null,
};

const fundingTarget = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chain: { chainType: 'ethereum' as const, chainId: 8453 },
  network: 'Base',
  symbol: 'ETH',
  decimals: 18,
  amount: 5n * 10n ** 15n,
  balance: async () => 0n,
};

describe('SignMessageScreen', () => {
  const props = {
    titleId: 't',
    text: 'Hello',
    typedData: null,
    status: 'idle' as const,
    onSign: noop,
    onCancel: noop,
  };

  it("has the spec's title, description and button, and 'Not now' only when cancellable", () => {
    const html = renderToString(<SignMessageScreen {...props} cancellable={false} />);
    expect(textOf(html)).toBe(
      'Sign message Signing this message will not cost you any fees. Hello Sign and continue',
    );
    expect(html).toContain('data-testid="lk-screen-sign-message"');
    expect(textOf(renderToString(<SignMessageScreen {...props} cancellable />))).toContain('Not now');
  });

  it("takes the host's texts, shows typed data as a tree with a copy button, and a success state", () => {
    const html = renderToString(
      <SignMessageScreen
        {...props}
        text={null}
        typedData={{ primaryType: 'Mail', message: { contents: 'Hi Bob', amounts: [1, 2] } }}
        title="Sign in to Acme"
        description="No gas"
        buttonText="Sign"
        cancellable={false}
      />,
    );
    expect(textOf(html)).toBe(
      'Sign in to Acme No gas primaryType : Mail message : contents : Hi Bob amounts : 0 : 1 1 : 2 Copy full payload Sign',
    );
    const signed = textOf(renderToString(<SignMessageScreen {...props} cancellable status="signed" />));
    expect(signed).toContain('Success');
    expect(signed).not.toContain('Sign and continue');
  });
});

describe('ConfirmTransactionScreen', () => {
  it("shows 'Approve {action}', the rows and the balance; Details stay folded", () => {
    const html = renderToString(
      <ConfirmTransactionScreen
        titleId="t"
        content={transfer}
        cancellable
        busy={false}
        onApprove={noop}
        onCancel={noop}
      />,
    );
    expect(textOf(html)).toBe(
      'Approve transaction Confirm address Send 0.01 ETH To 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 Network Base ' +
        'Estimated fee 0.000042 ETH Details 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 Balance 1 ETH Approve Not now',
    );
    expect(html).not.toContain('lk-tx-insufficient');
    // Addresses show shortened (0x7099…79C8: the middle visually hidden, the ellipsis from CSS), whole in the title.
    expect(html).toContain(
      '<code class="lk-short" title="0x70997970C51812dc3A010C7d01b50e0d17dc79C8">0x7099<span class="lk-visually-hidden">',
    );
    expect(html).toContain('<span class="lk-short-tail">79C8</span>');
    expect(html).toContain('<span class="lk-amount" title="1 ETH">');
    const action = renderToString(
      <ConfirmTransactionScreen
        titleId="t"
        content={{ ...transfer, confirm: 'action' }}
        cancellable={false}
        busy={false}
        onApprove={noop}
        onCancel={noop}
      />,
    );
    expect(textOf(action)).toContain('Approve transaction Confirm action Send');
  });

  it("numbers a batch's screens '(n / m)': Continue before the last, Back after the first, Approve on the last", () => {
    const screen = (index: number) =>
      renderToString(
        <ConfirmTransactionScreen
          titleId="t"
          content={transfer}
          cancellable
          busy={false}
          step={{ index, count: 3 }}
          onApprove={noop}
          onCancel={noop}
        />,
      );
    const first = screen(0);
    expect(textOf(first)).toMatch(/^Approve transaction \(1 \/ 3\) Confirm address /);
    expect(textOf(first)).toMatch(/Balance 1 ETH Continue Not now$/);
    expect(first).not.toContain('lk-tx-back');
    expect(first).not.toContain('lk-tx-approve');
    expect(textOf(screen(1))).toMatch(/^Approve transaction \(2 \/ 3\) .* Continue Back Not now$/);
    const last = screen(2);
    expect(textOf(last)).toMatch(/^Approve transaction \(3 \/ 3\) .* Approve Back Not now$/);
    expect(last).not.toContain('lk-tx-continue');
  });

  it("offers 'Add funds' instead of a disabled Approve when the balance is short and the app funds wallets", () => {
    const html = renderToString(
      <ConfirmTransactionScreen
        titleId="t"
        content={{ ...transfer, insufficient: true, funding: fundingTarget }}
        cancellable={false}
        busy={false}
        onApprove={noop}
        onCancel={noop}
      />,
    );
    expect(textOf(html)).toMatch(/Add funds on Base to complete transaction\. Add funds$/);
    expect(html).toContain('data-testid="lk-tx-add-funds"');
    expect(html).not.toContain('lk-tx-approve');
    // Before the last request of a batch the button stays 'Continue': only the approving screen funds.
    const step = renderToString(
      <ConfirmTransactionScreen
        titleId="t"
        content={{ ...transfer, insufficient: true, funding: fundingTarget }}
        cancellable={false}
        busy={false}
        step={{ index: 0, count: 2 }}
        onApprove={noop}
        onCancel={noop}
      />,
    );
    expect(step).toContain('lk-tx-continue');
    expect(step).not.toContain('lk-tx-add-funds');
  });

  it('disables Approve and says where to add funds when the balance is short', () => {
    const html = renderToString(
      <ConfirmTransactionScreen
        titleId="t"
        content={{
          ...transfer,
          insufficient: true,
          spender: transfer.to,
          send: 'Maximum',
          action: 'approve',
        }}
        cancellable={false}
        busy={false}
        onApprove={noop}
        onCancel={noop}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('Approve approve');
    expect(text).toContain('Spender 0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(text).toContain('Send Maximum');
    expect(text).toContain('Add funds on Base to complete transaction.');
    expect(html).toMatch(/data-testid="lk-tx-approve"[^>]*disabled=""/);
    expect(text).not.toContain('Not now');
  });
});

describe('ConfirmSolanaTransactionScreen', () => {
  it("has 'Confirm transaction', Amount, Network, Estimated fee and the 'Advanced' expander", () => {
    const content: SolanaTransactionContent = {
      kind: 'solana-transaction',
      amount: '0.1 SOL',
      network: 'Solana',
      fee: '0.000005 SOL',
      instructions: [{ type: 'sol-transfer', fields: [{ name: 'lamports', value: '0.1 SOL' }] }],
      insufficient: true,
      explorerUrl: null,
      funding: null,
    };
    const html = renderToString(
      <ConfirmSolanaTransactionScreen
        titleId="t"
        content={content}
        cancellable={false}
        busy={false}
        onApprove={noop}
        onCancel={noop}
      />,
    );
    expect(textOf(html)).toBe(
      'Confirm transaction Amount 0.1 SOL Network Solana Estimated fee 0.000005 SOL Advanced ' +
        'Add funds on Solana to complete transaction. Approve',
    );
  });
});

describe('TransactionReceiptScreen and TransactionErrorScreen', () => {
  it("reads 'Transaction complete!' / 'All Done', or 'Transaction signed!' / 'Close'", () => {
    const sent = renderToString(
      <TransactionReceiptScreen
        titleId="t"
        signOnly={false}
        hash="0xabc"
        explorerUrl="https://x/tx/{hash}"
        onDone={noop}
      />,
    );
    expect(textOf(sent)).toBe("Transaction complete! You're all set. 0xabc Copy View on explorer All Done");
    expect(sent).toMatch(/data-tone="success" aria-hidden="true"><svg/);
    expect(sent).toContain('href="https://x/tx/0xabc"');
    const signed = renderToString(
      <TransactionReceiptScreen titleId="t" signOnly hash={null} explorerUrl={null} onDone={noop} />,
    );
    expect(textOf(signed)).toBe("Transaction signed! You're all set. Close");
  });

  it("shows the code, 'Please try again.', the message, the hash and 'Retry transaction'", () => {
    const html = renderToString(
      <TransactionErrorScreen
        titleId="t"
        failure={{ title: 'Transaction failed', code: 'transaction_failure', message: 'Transaction failed.' }}
        hash="0xabc"
        explorerUrl={null}
        onRetry={noop}
      />,
    );
    expect(textOf(html)).toBe(
      'Transaction failed transaction_failure Please try again. Transaction failed. Transaction hash 0xabc Copy Retry transaction',
    );
    expect(html).toMatch(/data-tone="error" aria-hidden="true"><svg/);
  });
});

describe('SigningFlow', () => {
  const client = {} as LatchkeyClient;
  const render = () => renderToString(<SigningFlow client={client} titleId="t" />);

  it('shows the first request on the screen its stage calls for', () => {
    const store = signingStore(client);
    const { session } = store.open({ ui: {}, signOnly: false });
    expect(render()).toContain('lk-screen-loading');
    void session.confirm(transfer).catch(noop);
    expect(render()).toContain('lk-screen-confirm-transaction');
    store.approve(session.id);
    // Approved: the same screen, busy, while the transaction is signed and sent.
    expect(render()).toContain('data-testid="lk-screen-confirm-transaction" aria-busy="true"');
    session.update({ stage: 'complete', hash: '0x1' });
    expect(render()).toContain('lk-screen-transaction-receipt');
    void session.failed({ title: 'Transaction failed', code: null, message: 'x' });
    expect(render()).toContain('lk-screen-transaction-error');
    store.dismissAll();
    expect(render()).toBe('');
  });

  it("waits under the Fund wallet chooser after 'Add funds', and prices again once funds arrived", async () => {
    const store = signingStore(client);
    const { session } = store.open({ ui: {}, signOnly: false });
    const choice = session.confirm({ ...transfer, insufficient: true, funding: fundingTarget });
    store.addFunds(session.id);
    // The modal's flow shows the chooser over the signing screen (core modal/funding).
    expect(render()).toContain('lk-screen-loading');
    store.backToConfirm(session.id);
    expect(render()).toContain('lk-tx-add-funds');
    store.addFunds(session.id);
    store.fundsAdded(session.id);
    expect(await choice).toBe('funded');
    expect(render()).toContain('lk-screen-loading');
    store.dismissAll();
  });
});
