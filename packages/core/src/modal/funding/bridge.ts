import { httpChainRpc } from '../../embedded/json-rpc.ts';
import { readRelayStatus, runBridgeStatus } from '../../funding/bridge-flow.ts';
import { fundingHosts } from '../../funding/hosts.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { Polling } from '../../funding/poller.ts';
import { fetchRelayQuote, type RelayStepData, relaySolana } from '../../funding/relay-quote.ts';
import { fundingTimings } from '../../funding/timings.ts';
import type { TransferSourceWallet } from '../../funding/transfer-wallets.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ModalScreensOf } from '../screens.ts';
import type { FundingRun } from './providers.ts';
import type { FundingSettings, FundWalletTask } from './task.ts';
import { parseAmount } from './transfer.ts';

/**
 * Bridge to Solana (spec document 2 §4): SOL for the Solana wallet being funded, paid by a connected
 * Ethereum wallet. The chains where that wallet holds a balance are quoted by the bridge (an exact
 * SOL output); the user picks one when more than one quoted; the wallet is switched to it (added if
 * needed) and sends the quoted transaction; once mined, the bridge's status is read every 1 s until
 * the SOL arrived ('Success!', closing after 4 s) or the bridge refunds ('Transaction failed' with
 * the refund link).
 */
export type BridgeScreen = ModalScreensOf<'fund-bridge-options' | 'fund-bridge-progress'>;

export interface BridgeRunParameters {
  rt: FlowRuntime;
  task: FundWalletTask;
  settings: FundingSettings | undefined;
  wallet: TransferSourceWallet;
  /** SOL, as typed. */
  amount: string;
  show(screen: BridgeScreen): void;
  succeeded(): void;
}

export interface BridgeRun extends FundingRun {
  /** The user's pick among the quoted chains. */
  choose(chainId: number): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function runBridge(p: BridgeRunParameters): BridgeRun {
  const { rt, task, wallet } = p;
  const hosts = fundingHosts(p.settings?.hosts);
  const testnet = task.chain.chainType === 'solana' && task.chain.cluster !== 'mainnet-beta';
  const relayHost = testnet ? hosts.relayTestnetApi : hosts.relayApi;
  const chains = task.bridgeChains ?? [];
  const rpcOf = (chainId: number) => httpChainRpc(chains.find((chain) => chain.id === chainId)?.rpcUrl ?? '');
  const base = {
    name: 'fund-bridge-progress' as const,
    walletName: wallet.name,
    amount: p.amount,
    symbol: 'SOL',
    network: 'Solana',
    failure: null,
  };
  const quotes = new Map<number, RelayStepData>();
  let stopped = false;
  let polling: Polling<unknown> | null = null;
  let sending = false;

  const show = (screen: BridgeScreen) => {
    if (!stopped) p.show(screen);
  };
  const fail = (message: string, refundUrl: string | null = null) =>
    show({
      ...base,
      status: 'failed',
      failure: { title: fundingMessages.bridgeFailedTitle, message, refundUrl },
    });
  const later = (ms: number) => new Promise<void>((resolve) => rt.timers.later(ms, resolve));

  async function quote() {
    show({ ...base, status: 'quoting' });
    const held = await Promise.all(
      chains.map(async (chain) => {
        try {
          const balance = BigInt(
            (await rpcOf(chain.id)('eth_getBalance', [wallet.address, 'latest'])) as string,
          );
          return balance > 0n ? chain : null;
        } catch {
          return null; // an unreachable chain is not offered
        }
      }),
    );
    const candidates = held.filter((chain) => chain !== null);
    if (candidates.length === 0) return fail(fundingMessages.notEnoughFunds(wallet.address));
    const answers = await Promise.all(
      candidates.map(async (chain) => {
        try {
          const step = await fetchRelayQuote({
            host: relayHost,
            request: {
              amount: parseAmount(p.amount, 9).toString(),
              user: wallet.address,
              recipient: task.address,
              originChainId: chain.id,
              destinationChainId: relaySolana.chainId,
              destinationCurrency: relaySolana.sol,
              referrer: `latchkey|${rt.client.appId}`,
            },
          });
          quotes.set(chain.id, step);
          return { chain, error: null };
        } catch (error) {
          return { chain, error: messageOf(error) };
        }
      }),
    );
    const quoted = answers.filter((answer) => answer.error === null);
    if (quoted.length === 0) return fail(answers[0]?.error ?? fundingMessages.bridgeQuotesFailed);
    if (quoted.length === 1) return send(quoted[0]!.chain.id);
    show({
      name: 'fund-bridge-options',
      options: quoted.map(({ chain }) => ({ chainId: chain.id, chainName: chain.name })),
    });
  }

  /** Polls the receipt every 1 s: true once mined, false when reverted. */
  async function mined(chainId: number, hash: string): Promise<boolean> {
    for (;;) {
      const receipt = (await rpcOf(chainId)('eth_getTransactionReceipt', [hash]).catch(() => null)) as {
        status?: string;
      } | null;
      if (receipt) return receipt.status !== '0x0';
      if (stopped) return false;
      await later(fundingTimings.bridgePollMs);
    }
  }

  async function send(chainId: number) {
    const step = quotes.get(chainId);
    if (stopped || sending) return; // the user left, or the wallet is already asked
    if (!step) return fail(fundingMessages.bridgeOptionFailed);
    sending = true;
    show({ ...base, status: 'confirm' });
    let hash: string;
    try {
      const manager = await rt.client.wallets();
      await manager.switchChain(wallet.address, chainId);
      hash = (await manager.getEthereumProvider(wallet.address).request({
        method: 'eth_sendTransaction',
        params: [
          { from: step.from, to: step.to, value: `0x${BigInt(step.value).toString(16)}`, data: step.data },
        ],
      })) as string;
    } catch (error) {
      sending = false;
      return fail(messageOf(error));
    }
    show({ ...base, status: 'bridging' });
    if (!(await mined(chainId, hash))) return fail(fundingMessages.bridgeFailed);
    if (stopped) return;
    polling = runBridgeStatus({
      hash,
      testnet,
      hosts,
      timers: rt.timers,
      readStatus: (transactionHash) => readRelayStatus({ hash: transactionHash, host: relayHost }),
      onState(state) {
        if (state.status === 'success') {
          show({ ...base, status: 'success' });
          if (!stopped) p.succeeded();
        } else if (state.failure) fail(state.failure.message, state.failure.refundUrl);
      },
    });
  }

  void quote().catch((error: unknown) => fail(messageOf(error)));
  return {
    choose: (chainId) => void send(chainId),
    stop() {
      stopped = true;
      polling?.stop();
    },
  };
}
