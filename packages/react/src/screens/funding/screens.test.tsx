import type { FundingChooser } from '@latchkey/core/funding';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FundBridgeProgressScreen } from './FundBridgeScreens.tsx';
import { FundChooserScreen } from './FundChooserScreen.tsx';
import { FundReceiveScreen } from './FundReceiveScreen.tsx';
import { FundStatusScreen } from './FundStatusScreen.tsx';

/** The text of the markup (tags dropped, entities decoded), as `textContent` reads it. */
const textOf = (html: string) =>
  html
    .replace(/<span class="lk-(?:visually-hidden|short-tail)">([^<]*)<\/span>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const noop = () => undefined;
const card = (provider: 'coinbase' | 'moonpay') => ({
  method: 'card' as const,
  provider,
  disabledReason: null,
});
const chooser = (patch: Partial<FundingChooser>): FundingChooser => ({
  card: card('coinbase'),
  alternateCard: null,
  exchange: null,
  wallets: null,
  receive: true,
  errorMessage: null,
  ...patch,
});
const render = (value: FundingChooser, title: string | null = null) =>
  renderToString(
    <FundChooserScreen
      titleId="t"
      chooser={value}
      title={title}
      onCard={noop}
      onExchange={noop}
      onReceive={noop}
      onWallets={noop}
      payBadge={async () => null}
    />,
  );

describe('FundChooserScreen', () => {
  it.each([
    { name: 'one card provider', chooser: chooser({}), text: 'Fund wallet Pay with card Receive funds' },
    {
      name: 'both providers, the exchange and a failure',
      chooser: chooser({
        alternateCard: card('moonpay'),
        exchange: { method: 'exchange', provider: 'coinbase', disabledReason: null },
        errorMessage: 'Something went wrong adding funds. Please try again or use another method.',
      }),
      text:
        'Fund wallet Something went wrong adding funds. Please try again or use another method. ' +
        'Pay with card Transfer from an exchange Receive funds ' +
        'Having trouble or facing location restrictions? Try a different provider.',
    },
    { name: 'no card provider', chooser: chooser({ card: null }), text: 'Fund wallet Receive funds' },
    {
      name: 'a transfer USDC cannot make',
      chooser: chooser({
        card: null,
        wallets: {
          method: 'wallets',
          provider: null,
          disabledReason: 'USDC is not supported on chain 31337',
        },
      }),
      text: 'Fund wallet Transfer from wallet USDC is not supported on chain 31337 Receive funds',
    },
  ])('shows the rows for $name', ({ chooser: value, text }) => {
    expect(textOf(render(value))).toBe(text);
  });

  it("takes the host's title", () => {
    expect(textOf(render(chooser({}), 'Top up'))).toMatch(/^Top up /);
  });
});

describe('FundStatusScreen', () => {
  it.each([
    { done: false, mark: 'lk-spinner' },
    { done: true, mark: 'lk-status-icon' },
  ])('shows a spinner while pending and the success mark once done ($done)', ({ done, mark }) => {
    const html = renderToString(
      <FundStatusScreen
        titleId="t"
        provider="coinbase"
        status="x"
        done={done}
        title="Fund account"
        detail="d"
      />,
    );
    expect(html).toContain(mark);
    expect(textOf(html)).toBe('Fund account d');
  });
});

describe('FundReceiveScreen', () => {
  const screen = {
    name: 'fund-receive' as const,
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    qrValue: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    title: 'Receive 0.1 ETH',
    subtitle: 'Scan this code or copy your wallet address to receive funds on Base.',
    notice: 'Make sure to send funds on Base.',
    balance: '0 ETH',
    funded: false,
  };

  it.each([
    { funded: false, end: 'Balance 0 ETH' },
    { funded: true, end: 'Balance 0 ETH Continue' },
  ])('offers Continue only once the balance grew ($funded)', ({ funded, end }) => {
    const html = renderToString(
      <FundReceiveScreen titleId="t" screen={{ ...screen, funded }} onContinue={noop} />,
    );
    expect(textOf(html)).toBe(
      'Receive 0.1 ETH Scan this code or copy your wallet address to receive funds on Base. ' +
        `Make sure to send funds on Base. ${screen.address} Copy address ${end}`,
    );
  });

  it('leaves out a blanked subtitle', () => {
    const html = renderToString(
      <FundReceiveScreen titleId="t" screen={{ ...screen, subtitle: '' }} onContinue={noop} />,
    );
    expect(textOf(html)).not.toContain('Scan this code');
  });
});

describe('FundBridgeProgressScreen', () => {
  const base = {
    name: 'fund-bridge-progress' as const,
    walletName: 'MetaMask',
    amount: '0.5',
    failure: null,
  };
  it.each([
    { status: 'confirm' as const, text: 'Confirm with MetaMask Approve the transfer in your wallet.' },
    {
      status: 'success' as const,
      text: "Success! You've successfully added 0.5 SOL to your Acme wallet. It may take a minute before the funds are available to use.",
    },
  ])('says $status', ({ status, text }) => {
    const html = renderToString(
      <FundBridgeProgressScreen titleId="t" screen={{ ...base, status }} appName="Acme" />,
    );
    expect(textOf(html)).toBe(text);
  });

  it.each([
    { screen: {}, bridging: 'Bridging to Solana Waiting for the funds to arrive on Solana.', symbol: 'SOL' },
    {
      // From a connected Solana wallet to an Ethereum wallet: what arrives where.
      screen: { symbol: 'ETH', network: 'Base', walletName: 'Phantom' },
      bridging: 'Bridging to Base Waiting for the funds to arrive on Base.',
      symbol: 'ETH',
    },
  ])('names what arrives where ($symbol)', ({ screen, bridging, symbol }) => {
    const render = (status: 'bridging' | 'success') =>
      textOf(
        renderToString(
          <FundBridgeProgressScreen titleId="t" screen={{ ...base, ...screen, status }} appName="Acme" />,
        ),
      );
    expect(render('bridging')).toBe(bridging);
    expect(render('success')).toContain(`You've successfully added 0.5 ${symbol} to your Acme wallet.`);
  });

  it("shows 'Transaction failed' with the refund link", () => {
    const failure = {
      title: 'Transaction failed',
      message: 'm',
      refundUrl: 'https://relay.link/transaction/0xh',
    };
    const html = renderToString(
      <FundBridgeProgressScreen titleId="t" screen={{ ...base, status: 'failed', failure }} appName="Acme" />,
    );
    expect(textOf(html)).toBe('Transaction failed m View the refund status');
    expect(html).toContain('href="https://relay.link/transaction/0xh"');
  });
});
