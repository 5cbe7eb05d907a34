import type { OnrampStatus } from '@latchkey/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundingModal, openFunding } from '../../../test/funding-flow.ts';
import type { LatchkeyClient } from '../../createLatchkeyClient.ts';
import type { FundingPopup } from '../../funding/coinbase-flow.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { FundWalletTask } from './task.ts';

const address = '0x1111111111111111111111111111111111111111';
const hosts = { coinbasePay: 'http://127.0.0.1:4010', moonpayApi: 'http://127.0.0.1:4020' };
const signedUrl = 'http://127.0.0.1:4021/?apiKey=pk_test_1&signature=s';

interface World {
  options?: { method: string; provider: string }[];
  coinbase?: OnrampStatus[];
  /** MoonPay's answers per read: a transaction, or an HTTP status. */
  moonpay?: ({ status: string; paymentMethod?: string } | number)[];
  popupBlocked?: boolean;
  balances?: bigint[];
}

/**
 * The Fund wallet modal without a UI, on a fake client (its server's funding routes), a fake popup
 * and MoonPay's status API as a stubbed fetch; the clock is vitest's.
 */
function harness(world: World = {}, patch: Partial<FundWalletTask> = {}) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const events: string[] = [];
  const coinbase = [...(world.coinbase ?? [])];
  const moonpay = [...(world.moonpay ?? [])];
  const balances = [...(world.balances ?? [0n])];
  const popup = {
    closed: false,
    url: '',
    navigate(url: string) {
      popup.url = url;
    },
    close() {
      popup.closed = true;
    },
  };
  const client = {
    appId: 'app',
    getState: () => ({
      ready: true,
      authenticated: true,
      user: null,
      appConfig: {
        funding_config: {
          options: world.options ?? [
            { method: 'card', provider: 'coinbase' },
            { method: 'card', provider: 'moonpay' },
            { method: 'exchange', provider: 'coinbase' },
          ],
        },
      },
    }),
    subscribe: () => () => undefined,
    trackEvent: async (name: string, payload: { provider?: string; status?: string }) => {
      events.push(`${name}:${payload.provider}${payload.status ? `:${payload.status}` : ''}`);
    },
    http: {
      call: async (route: { path: string }, body: unknown) => {
        calls.push(route.path);
        bodies.push(body);
        if (route.path.includes('coinbase'))
          return { app_id: 'cb-app', session_token: 'tok', partner_user_id: 'pu' };
        return { signedUrl, externalTransactionId: 'ext-1' };
      },
      get: async (path: string) => {
        calls.push(path.split('?')[0] as string);
        return { status: coinbase.shift() ?? 'pending' };
      },
    },
  } as unknown as LatchkeyClient;
  vi.stubGlobal('fetch', async () => {
    const next = moonpay.shift() ?? 404;
    return typeof next === 'number'
      ? new Response('{}', { status: next })
      : new Response(JSON.stringify([next]), { status: 200 });
  });
  const results: unknown[] = [];
  const { flow, screen, dismissals } = fundingModal(client, {
    funding: {
      hosts,
      providerChainIds: { 31337: 8453 },
      moonpayUiConfig: { theme: 'dark', accentColor: '#ee5500' },
      openPopup: () => (world.popupBlocked ? null : (popup as FundingPopup)),
    },
  });
  openFunding(flow, {
    address,
    chain: { chainType: 'ethereum', chainId: 31337 },
    amount: '0.1',
    network: 'Hardhat',
    readBalance: async () => (balances.length > 1 ? (balances.shift() as bigint) : (balances[0] as bigint)),
    resolve: (result) => results.push(result),
    ...patch,
  });
  return { flow, popup, calls, bodies, events, results, screen, dismissals };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Fund wallet chooser', () => {
  it.each([
    { preferred: undefined, card: 'coinbase', alternate: 'moonpay' },
    { preferred: 'moonpay' as const, card: 'moonpay', alternate: 'coinbase' },
  ])('puts the preferred card provider first ($preferred)', ({ preferred, card, alternate }) => {
    const { screen } = harness({}, { preferredCardProvider: preferred });
    const chooser = screen().chooser as Record<string, { provider: string } | null>;
    expect([screen().name, chooser.card?.provider, chooser.alternateCard?.provider]).toEqual([
      'fund-chooser',
      card,
      alternate,
    ]);
    expect(chooser.exchange?.provider).toBe('coinbase');
    // Transfer from wallet is not carried by this modal yet: no row.
    expect(chooser.wallets).toBeNull();
  });

  it('shows the host title and no hint with one card provider', () => {
    const { screen } = harness(
      { options: [{ method: 'card', provider: 'moonpay' }] },
      { uiConfig: { landing: { title: 'Top up' } } },
    );
    expect(screen().title).toBe('Top up');
    expect((screen().chooser as { alternateCard: unknown }).alternateCard).toBeNull();
  });
});

describe('the first card provider', () => {
  it('opens the buy page on the configured host and the mapped network, polls from 5 s every 1.5 s, succeeds', async () => {
    const { flow, popup, calls, events, results, screen, dismissals } = harness({
      coinbase: ['pending', 'success'],
    });
    flow.funding.card('coinbase');
    await vi.advanceTimersByTimeAsync(0);
    const url = new URL(popup.url);
    expect(url.origin).toBe(hosts.coinbasePay);
    expect(url.searchParams.get('defaultNetwork')).toBe('base');
    expect(url.searchParams.get('defaultPaymentMethod')).toBe('CARD');
    expect([screen().name, screen().status]).toEqual(['fund-coinbase-status', 'pending-in-flow']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls.filter((c) => c.endsWith('status'))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.filter((c) => c.endsWith('status'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(screen().status).toBe('success');
    expect(events).toEqual([
      'sdk_fiat_on_ramp_started:coinbase',
      'sdk_fiat_on_ramp_completed_with_status:coinbase:success',
    ]);
    await vi.advanceTimersByTimeAsync(3999);
    expect(dismissals()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([dismissals(), results]).toEqual([1, [{ funded: true }]]);
  });

  it.each([
    {
      name: 'a failure status',
      world: { coinbase: ['failure' as const] },
      closed: false,
      banner: fundingMessages.coinbaseFailureBanner,
    },
    { name: 'three polls with the popup closed', world: {}, closed: true, banner: null },
    {
      name: 'a blocked popup',
      world: { popupBlocked: true },
      closed: false,
      banner: fundingMessages.coinbaseFailureBanner,
    },
  ])('goes back to the chooser after $name', async ({ world, closed, banner }) => {
    const { flow, popup, screen } = harness(world);
    flow.funding.card('coinbase');
    await vi.advanceTimersByTimeAsync(0);
    popup.closed = closed;
    await vi.advanceTimersByTimeAsync(5000 + 1500 * 2);
    expect(screen().name).toBe('fund-chooser');
    expect((screen().chooser as { errorMessage: unknown }).errorMessage).toBe(banner);
    expect(flow.canGoBack()).toBe(false);
  });

  it('sends from an exchange account (send, CRYPTO_ACCOUNT)', async () => {
    const { flow, popup, screen } = harness();
    flow.funding.exchange();
    await vi.advanceTimersByTimeAsync(0);
    const url = new URL(popup.url);
    expect([url.searchParams.get('defaultExperience'), url.searchParams.get('defaultPaymentMethod')]).toEqual(
      ['send', 'CRYPTO_ACCOUNT'],
    );
    expect([screen().name, screen().experience]).toEqual(['fund-coinbase-status', 'send']);
  });

  it('stops polling when the user steps back', async () => {
    const { flow, calls, screen } = harness();
    flow.funding.card('coinbase');
    await vi.advanceTimersByTimeAsync(0);
    flow.back();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(screen().name).toBe('fund-chooser');
    expect(calls.filter((c) => c.endsWith('status'))).toHaveLength(0);
  });
});

describe('the second card provider', () => {
  it('opens the signed widget, polls from 8 s every 3 s through each status screen, completes', async () => {
    const { flow, popup, bodies, screen, dismissals, results } = harness(
      {
        moonpay: [
          404,
          { status: 'waitingAuthorization', paymentMethod: 'credit_debit_card' },
          { status: 'completed' },
        ],
      },
      { moonpayConfigOverride: { currencyCode: 'usdc_base' } },
    );
    flow.funding.card('moonpay');
    await vi.advanceTimersByTimeAsync(0);
    expect(popup.url).toBe(signedUrl);
    // The widget in the modal's colours; the host's override still wins over the derived fields.
    expect(bodies).toEqual([
      {
        address,
        useSandbox: false,
        config: {
          currencyCode: 'usdc_base',
          paymentMethod: 'credit_debit_card',
          quoteCurrencyAmount: 0.1,
          uiConfig: { theme: 'dark', accentColor: '#ee5500' },
        },
      },
    ]);
    expect(screen().status).toBe('in-progress');
    await vi.advanceTimersByTimeAsync(8000);
    expect(screen().status).toBe('in-progress'); // 404: no transaction yet
    await vi.advanceTimersByTimeAsync(3000);
    expect(screen().status).toBe('processing-payment');
    await vi.advanceTimersByTimeAsync(3000);
    expect(screen().status).toBe('completed');
    await vi.advanceTimersByTimeAsync(4000);
    expect([dismissals(), results]).toEqual([1, [{ funded: true }]]);
  });

  it.each([
    { name: 'a failed transaction', moonpay: [{ status: 'failed' }], after: 8000 },
    { name: 'three non-404 errors (serviceFailure)', moonpay: [500, 500, 500], after: 8000 + 3000 * 2 },
  ])('goes back to the chooser with its banner after $name', async ({ moonpay, after }) => {
    const { flow, screen } = harness({ moonpay });
    flow.funding.card('moonpay');
    await vi.advanceTimersByTimeAsync(after - 1);
    expect(screen().name).toBe('fund-moonpay-status');
    await vi.advanceTimersByTimeAsync(1);
    expect((screen().chooser as { errorMessage: unknown }).errorMessage).toBe(
      fundingMessages.moonpayFailureBanner,
    );
  });
});

describe('Receive funds', () => {
  it('shows the address and texts, polls the balance every 2 s and offers Continue once it grows', async () => {
    const { flow, screen, events, results, dismissals } = harness({ balances: [0n, 0n, 10n ** 17n] });
    flow.funding.receive();
    await vi.advanceTimersByTimeAsync(0);
    expect(screen()).toMatchObject({
      name: 'fund-receive',
      qrValue: address,
      title: 'Receive 0.1 ETH',
      notice: 'Make sure to send funds on Hardhat.',
      balance: '0 ETH',
      funded: false,
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(screen().funded).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect([screen().balance, screen().funded]).toEqual(['0.1 ETH', true]);
    expect(events).toEqual(['sdk_fiat_on_ramp_completed_with_status:manual:success']);
    flow.funding.done();
    expect([dismissals(), results]).toEqual([1, [{ funded: true }]]);
  });

  it.each([
    { uiConfig: {}, title: 'Receive 0.1 ETH' },
    { uiConfig: { receiveFundsTitle: 'Deposit', receiveFundsSubtitle: '' }, title: 'Deposit', subtitle: '' },
  ])('applies the host title and subtitle %#', async ({ uiConfig, title, subtitle }) => {
    const { flow, screen } = harness({}, { uiConfig });
    flow.funding.receive();
    expect(screen().title).toBe(title);
    if (subtitle !== undefined) expect(screen().subtitle).toBe(subtitle);
  });

  it('encodes the USDC mint in the Solana form', () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const { flow, screen } = harness(
      {},
      {
        chain: { chainType: 'solana', cluster: 'mainnet-beta' },
        asset: 'USDC',
        solanaUsdcMint: mint,
        address: 'So1',
      },
    );
    flow.funding.receive();
    expect(screen().qrValue).toBe(`solana:So1?spl-token=${mint}`);
  });
});

describe('the default funding method', () => {
  it('runs once on entry and is cleared on back', async () => {
    const { flow, screen } = harness({}, { defaultFundingMethod: 'manual' });
    expect(screen().name).toBe('fund-receive');
    flow.back();
    expect(screen().name).toBe('fund-chooser');
    flow.funding.enter();
    expect(screen().name).toBe('fund-chooser');
  });

  it('opens the first card provider for card', async () => {
    const { screen } = harness({}, { defaultFundingMethod: 'card' });
    await vi.advanceTimersByTimeAsync(0);
    expect([screen().name, screen().experience]).toEqual(['fund-coinbase-status', 'buy']);
  });
});

describe('closing the modal', () => {
  it('stops the run and resolves the hook without funds', async () => {
    const { flow, calls, results } = harness();
    flow.funding.card('coinbase');
    await vi.advanceTimersByTimeAsync(0);
    flow.close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.filter((c) => c.endsWith('status'))).toHaveLength(0);
    expect(results).toEqual([{ funded: false }]);
  });
});
