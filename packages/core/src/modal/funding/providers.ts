import type { FundingAnalyticsEvent } from '../../funding/analytics.ts';
import { onrampStarted } from '../../funding/analytics.ts';
import { type CoinbaseExperience, coinbaseBuyUrl, coinbaseInitRequest } from '../../funding/coinbase.ts';
import { type FundingPopup, runCoinbaseOnramp } from '../../funding/coinbase-flow.ts';
import { formatTokenBalance } from '../../funding/display.ts';
import { fundingHosts } from '../../funding/hosts.ts';
import { fundingMessages } from '../../funding/messages.ts';
import { moonpayPublishableKey, moonpaySignRequest } from '../../funding/moonpay.ts';
import { moonpayScreen, runMoonpayOnramp } from '../../funding/moonpay-flow.ts';
import type { Polling } from '../../funding/poller.ts';
import { receiveFundsTexts, receiveQrValue, runReceiveFunds } from '../../funding/receive-flow.ts';
import { createCoinbaseOnrampSession, signMoonpayOnramp } from '../../funding/server-calls.ts';
import { readCoinbaseOnrampStatus, readMoonpayTransaction } from '../../funding/status-client.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ModalScreensOf } from '../screens.ts';
import { chainIdOf, providerChain } from './chooser.ts';
import type { FundingSettings, FundWalletTask } from './task.ts';

/**
 * Each funding method run on the modal's runtime: its server calls, its popup, its polls on the
 * flow's timers (cleared when the modal closes). The runs only report: the flow decides the screens.
 */
export interface FundingRun {
  stop(): void;
}

export type FundingStatusScreen = ModalScreensOf<
  'fund-coinbase-status' | 'fund-moonpay-status' | 'fund-receive'
>;

export interface FundingRunParameters {
  rt: FlowRuntime;
  task: FundWalletTask;
  settings: FundingSettings | undefined;
  /** Shows (or updates) the run's screen. */
  show(screen: FundingStatusScreen): void;
  /** Back at the chooser: with the failure banner, or none (the user closed the provider). */
  toChooser(errorMessage: string | null): void;
  /** The funds arrived (an on-ramp's success, or the balance grew). */
  funded(final: boolean): void;
}

const track = (rt: FlowRuntime) => (event: FundingAnalyticsEvent) => {
  void rt.client.trackEvent(event.name, event.payload);
};

const startedContext = (task: FundWalletTask) => ({
  value: task.amount,
  chainType: task.chain.chainType,
  chainId: chainIdOf(task.chain),
});

/** The first provider: card (`buy`) or exchange (`send`, CRYPTO_ACCOUNT), in the popup the click opened. */
export function runCoinbase(
  p: FundingRunParameters,
  experience: CoinbaseExperience,
  popup: FundingPopup | null,
): FundingRun {
  const { rt, task } = p;
  const chain = providerChain(task.chain, p.settings);
  const hosts = fundingHosts(p.settings?.hosts);
  const run = runCoinbaseOnramp({
    popup,
    createSession: () =>
      createCoinbaseOnrampSession(rt.client.http, coinbaseInitRequest(task.address, chain, task.asset)),
    buyUrl: (session) =>
      coinbaseBuyUrl({
        appId: rt.client.appId,
        session,
        amount: task.amount,
        chain,
        asset: task.asset,
        experience,
        host: hosts.coinbasePay,
      }),
    readStatus: (partnerUserId) => readCoinbaseOnrampStatus(rt.client.http, partnerUserId),
    context: startedContext(task),
    timers: rt.timers,
    track: track(rt),
    onState(state) {
      if (state.step === 'status') p.show({ name: 'fund-coinbase-status', experience, status: state.status });
      if (state.step === 'success') {
        p.show({ name: 'fund-coinbase-status', experience, status: 'success' });
        p.funded(true);
      }
      if (state.step === 'chooser') p.toChooser(state.errorMessage);
    },
  });
  return { stop: run.stop };
}

/** The second provider: the server signs the widget URL, the popup opens it, its status is polled. */
export function runMoonpay(p: FundingRunParameters, popup: FundingPopup | null): FundingRun {
  const { rt, task } = p;
  const hosts = fundingHosts(p.settings?.hosts);
  let stopped = false;
  let polling: Polling<unknown> | null = null;
  const fail = () => {
    popup?.close();
    if (!stopped) p.toChooser(fundingMessages.moonpayFailureBanner);
  };
  void (async () => {
    if (!popup) return fail();
    let signed: { signedUrl: string; externalTransactionId: string };
    try {
      signed = await signMoonpayOnramp(
        rt.client.http,
        moonpaySignRequest({
          address: task.address,
          chain: providerChain(task.chain, p.settings),
          asset: task.asset,
          amount: task.amount,
          uiConfig: p.settings?.moonpayUiConfig,
          overrides: task.moonpayConfigOverride,
        }),
      );
      popup.navigate(signed.signedUrl);
    } catch {
      return fail();
    }
    if (stopped) return;
    track(rt)(onrampStarted('moonpay', startedContext(task)));
    p.show({ name: 'fund-moonpay-status', status: 'in-progress' });
    polling = runMoonpayOnramp({
      readTransaction: () =>
        readMoonpayTransaction({
          transactionId: signed.externalTransactionId,
          apiKey: moonpayPublishableKey(signed.signedUrl) ?? '',
          host: hosts.moonpayApi,
          delay: (ms) => new Promise((resolve) => rt.timers.later(ms, resolve)),
        }),
      timers: rt.timers,
      track: track(rt),
      onState(state) {
        const screen = moonpayScreen(state);
        if (screen === 'chooser') return p.toChooser(state.errorMessage);
        p.show({ name: 'fund-moonpay-status', status: screen });
        if (screen === 'completed') p.funded(true);
      },
    });
  })();
  return {
    stop() {
      stopped = true;
      polling?.stop();
    },
  };
}

/** Receive funds: the address, its QR, and the balance read every 2 s until it grows. */
export function runReceive(p: FundingRunParameters): FundingRun {
  const { rt, task } = p;
  const screen: FundingStatusScreen = {
    name: 'fund-receive',
    address: task.address,
    qrValue: receiveQrValue(task.address, task.solanaUsdcMint),
    ...receiveFundsTexts({
      amount: task.amount,
      symbol: task.symbol,
      network: task.network,
      title: task.uiConfig?.receiveFundsTitle,
      subtitle: task.uiConfig?.receiveFundsSubtitle,
    }),
    balance: null,
    funded: false,
  };
  p.show(screen);
  let funded = false;
  const polling = runReceiveFunds({
    readBalance: task.readBalance,
    timers: rt.timers,
    track: track(rt),
    onState(state) {
      const balance =
        state.balance === null ? null : `${formatTokenBalance(state.balance, task.decimals)} ${task.symbol}`;
      p.show({ ...screen, balance, funded: state.funded });
      if (state.funded && !funded) p.funded(false);
      funded = state.funded;
    },
  });
  return { stop: polling.stop };
}
