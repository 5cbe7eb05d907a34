import type { ChainType } from '@latchkey/protocol';
import { LatchkeyApiError } from '../../errors.ts';
import type { TransferAccount } from '../../flows/transfer.ts';
import type { WalletConnectionEvent } from '../../wallets/connectionState.ts';
import type { LoginFlow } from '../login.ts';
import { modalMethod } from '../method.ts';
import { currentMobilePlatform } from '../mobile.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ScreenName } from '../screens.ts';
import type { TransferFlow } from '../transfer.ts';
import type { PickerWallet } from '../wallet-picker.ts';

declare module '../screens.ts' {
  /** The wallet picker and one wallet's connection. */
  interface ModalScreens {
    wallets: { name: 'wallets' };
    /** A wallet on both chains: pick one. */
    'wallet-network': { name: 'wallet-network'; walletId: string };
    /** Phantom on Solana: with or without a Ledger. */
    'wallet-ledger': { name: 'wallet-ledger'; walletId: string };
    'wallet-install': { name: 'wallet-install'; walletId: string };
    /** A phone without the wallet here: off to the wallet's app, which reopens this page. */
    'wallet-redirect': { name: 'wallet-redirect'; walletId: string };
    'wallet-connecting': { name: 'wallet-connecting'; walletId: string; chainType: ChainType };
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    wallets: WalletConnectFlow;
  }
}

/** Screens that belong to the wallet picker (their code loads when one opens). */
export const isWalletScreen = (name: ScreenName): boolean => name === 'wallets' || name.startsWith('wallet-');

export interface WalletConnectFlow {
  /** The wallet the deep link asks for, until the first selection of this request. */
  autoSelect(): string | null;
  /** A picker row: install, redirect to the wallet's app, pick a network, or connect. */
  select(wallet: PickerWallet): void;
  /** Connects `wallet` on `chainType` (Phantom on Solana asks about a Ledger first). */
  connectChain(wallet: PickerWallet, chainType: ChainType): void;
  /** The Ledger question answered: Phantom signs the login message the same way either way. */
  ledgerChosen(walletId: string): void;
  /**
   * One connection attempt, reporting its steps to the connecting screen: connect, then log in,
   * link, or stop there (connect-only). Rejects when the attempt failed and may be retried.
   */
  run(
    walletId: string,
    chainType: ChainType,
    dispatch: (event: WalletConnectionEvent) => void,
  ): Promise<void>;
  /** 'Use a different wallet': back to the picker. */
  differentWallet(): void;
}

/** The wallet picker and one wallet's connection: SIWE / SIWS login, link, or connect only. */
export function createWalletConnectFlow(
  rt: FlowRuntime,
  login: LoginFlow,
  transfer: TransferFlow,
): WalletConnectFlow {
  /** The request id whose deep-linked wallet was already selected (once per request). */
  let deepLinkUsed = -1;

  function connectChain(wallet: PickerWallet, chainType: ChainType, mode: 'push' | 'replace') {
    rt.navigate({
      type: mode,
      screen:
        chainType === 'solana' && wallet.walletClientType === 'phantom'
          ? { name: 'wallet-ledger', walletId: wallet.id }
          : { name: 'wallet-connecting', walletId: wallet.id, chainType },
    });
  }

  return {
    autoSelect: () => (deepLinkUsed === rt.request().id ? null : (rt.request().walletClient ?? null)),

    select(wallet) {
      deepLinkUsed = rt.request().id;
      // Not in this browser: on a phone its app opens this page in its own browser; else install it.
      if (!wallet.installed) {
        const name = wallet.mobile && currentMobilePlatform() ? 'wallet-redirect' : 'wallet-install';
        rt.navigate({ type: 'push', screen: { name, walletId: wallet.id } });
      } else if (wallet.chains.length > 1)
        rt.navigate({ type: 'push', screen: { name: 'wallet-network', walletId: wallet.id } });
      else connectChain(wallet, wallet.chains[0] ?? 'ethereum', 'push');
    },

    connectChain: (wallet, chainType) => connectChain(wallet, chainType, 'push'),

    ledgerChosen: (walletId) =>
      rt.navigate({ type: 'replace', screen: { name: 'wallet-connecting', walletId, chainType: 'solana' } }),

    async run(walletId, chainType, dispatch) {
      const manager = await rt.client.wallets();
      dispatch({ type: 'connect' });
      const connection = await manager.connect(walletId, chainType, {
        onSwitching: () => dispatch({ type: 'switch-chain' }),
      });
      rt.host.report({ type: 'wallet-connected', address: connection.address, chainType });
      dispatch({ type: 'connected' });
      const method = chainType === 'ethereum' ? 'siwe' : 'siws';
      const kind = rt.kind();
      if (kind === 'connect') {
        dispatch({ type: 'signed' });
        rt.host.report({ type: 'connect-wallet-success', connection, manager });
        rt.finishWithSuccess(true);
        return;
      }
      const onStatus = (status: string) => {
        if (status === 'submitting-signature') dispatch({ type: 'sign' });
      };
      const loginMessage = rt.host.settings().loginMessage;
      const options = { loginMessage, onStatus, captchaToken: await rt.host.walletCaptcha() };
      try {
        if (kind === 'login') {
          const result = await manager.login(connection.address, options);
          dispatch({ type: 'signed' });
          login.afterLogin(result, method, { stay: true, recent: 'wallet' });
        } else {
          const user = await manager.link(connection.address, options);
          dispatch({ type: 'signed' });
          rt.host.report({ type: 'link-success', user, method });
          rt.finishWithSuccess(true);
        }
      } catch (error) {
        const account: TransferAccount = {
          type: 'wallet',
          chainType,
          address: connection.address,
          chainId: connection.chainId,
          walletClientType: connection.walletClientType,
          connectorType: connection.connectorType,
        };
        if (transfer.offer(error, account, method)) return;
        // Server refusals (allowlist, linked elsewhere, limits) get their own screens.
        if (error instanceof LatchkeyApiError) {
          rt.showError(error);
          return;
        }
        throw error;
      }
    },

    differentWallet() {
      const stack = rt.stack();
      const picker = stack.findIndex((s) => s.name === 'wallets');
      const steps = picker >= 0 ? stack.length - 1 - picker : 0;
      for (let i = 0; i < steps; i += 1) rt.navigate({ type: 'back' });
    },
  };
}

/**
 * The landing's wallet button, the link and connect intents, and a deep link to a wallet
 * (`privy_wallet_client`, whatever the intent) open the picker.
 */
export const walletsMethod = modalMethod({
  key: 'wallets',
  create: (rt, { login, transfer }) => createWalletConnectFlow(rt, login, transfer),
  handles: (method) => method === 'wallet',
  choose(_flow, _method, rt) {
    rt.navigate({ type: 'push', screen: { name: 'wallets' } });
  },
  intents: {
    'link-wallet': () => ({ name: 'wallets' }),
    'connect-wallet': () => ({ name: 'wallets' }),
  },
  firstScreen: (request) => (request.walletClient ? { name: 'wallets' } : null),
});
