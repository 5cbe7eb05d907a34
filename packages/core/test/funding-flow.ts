/**
 * The Fund wallet modal without a UI, for the modal's funding tests: a fake client (its app config's
 * funding options, and whatever else a test gives it), the modal flow on it with a counted dismiss,
 * a fund-wallet request with defaults a test patches, and a wallet manager whose Ethereum wallets
 * record what they are asked.
 */
import type { LatchkeyClient } from '../src/createLatchkeyClient.ts';
import { createModalFlow, type ModalFlow } from '../src/modal/flow.ts';
import type { FundWalletTask } from '../src/modal/funding/task.ts';
import type { ModalFlowSettings } from '../src/modal/runtime.ts';

export type FundingOption = { method: string; provider: string };

/** A signed-in client whose app offers `options`; `extra` adds what the flow under test calls. */
export function fundingClient(options: FundingOption[], extra: Record<string, unknown> = {}): LatchkeyClient {
  return {
    appId: 'app',
    getState: () => ({
      ready: true,
      authenticated: true,
      user: null,
      appConfig: { funding_config: { options } },
    }),
    subscribe: () => () => undefined,
    trackEvent: async () => undefined,
    ...extra,
  } as unknown as LatchkeyClient;
}

/** The modal flow on `client`, its dismissals counted (a dismissal ends the flow, as the host's does). */
export function fundingModal(client: LatchkeyClient, settings: ModalFlowSettings = {}) {
  let dismissals = 0;
  const flow = createModalFlow({
    client,
    settings: () => settings,
    report: () => undefined,
    dismiss: () => {
      dismissals += 1;
      flow.ended();
    },
    walletCaptcha: async () => undefined,
  });
  const screen = () => flow.screen() as { name: string; [key: string]: unknown };
  return { flow, screen, dismissals: () => dismissals };
}

/** Opens the Fund wallet modal for 0.5 ETH on Base to `0x11…11`, with `task` over those defaults. */
export function openFunding(flow: ModalFlow, task: Partial<FundWalletTask> = {}): void {
  flow.open({
    intent: 'fund-wallet',
    id: 1,
    funding: {
      address: '0x1111111111111111111111111111111111111111',
      chain: { chainType: 'ethereum', chainId: 8453 },
      asset: 'native-currency',
      amount: '0.5',
      symbol: 'ETH',
      decimals: 18,
      network: 'Base',
      readBalance: async () => 0n,
      resolve: () => undefined,
      ...task,
    },
  });
}

export interface ConnectedWallet {
  address: string;
  chainType: 'ethereum' | 'solana';
  name: string;
}

/**
 * The wallet manager of `connections`: each chain switch and each transaction a wallet is asked to
 * send go to `asked` (`{switch, chainId}`, then the transaction); `refuse` makes the wallet refuse.
 * Solana wallets sign with `solanaSign` (`{solana: chain}` goes to `asked`); without it they refuse.
 */
export function fakeWalletManager(
  connections: ConnectedWallet[],
  asked: unknown[],
  refuse = false,
  solanaSign?: (address: string, transaction: Uint8Array) => Uint8Array,
) {
  return {
    signSolanaTransaction: async (address: string, transaction: Uint8Array, chain: string) => {
      asked.push({ solana: chain });
      if (refuse || !solanaSign) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      return solanaSign(address, transaction);
    },
    getState: () => ({ connections }),
    switchChain: async (address: string, chainId: number) => void asked.push({ switch: address, chainId }),
    getEthereumProvider: () => ({
      request: async (args: { method: string; params: unknown[] }) => {
        asked.push(args.params[0]);
        if (refuse) throw new Error('User rejected the request.');
        return '0xhash';
      },
    }),
  };
}
