import { hexToBytes } from '@noble/hashes/utils.js';
import type { SolanaInstructionInput } from '../../embedded/solana/compile-message.ts';
import { readRelayStatus, runBridgeStatus } from '../../funding/bridge-flow.ts';
import { knownUsdcAddress } from '../../funding/chains.ts';
import { fundingHosts } from '../../funding/hosts.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { Polling } from '../../funding/poller.ts';
import { fetchRelaySvmQuote, type RelaySvmInstruction, relaySolana } from '../../funding/relay-quote.ts';
import type { BridgeRun, BridgeRunParameters } from './bridge.ts';
import { payFromSolanaWallet } from './solana-payment.ts';
import { parseAmount } from './transfer.ts';

/**
 * Transfer from wallet, Solana to Ethereum, through the bridge (Relay): the Ethereum wallet being
 * funded gets the amount typed (its chain's coin, or its USDC) for SOL paid by a connected Solana
 * wallet. The bridge quotes the exact output and answers the Solana instructions to sign (a deposit
 * to its solver) and any address lookup tables; they are compiled with the wallet as fee payer (v0,
 * the tables read from the cluster, as Relay's Solana adapter does), signed by the wallet, sent and confirmed on mainnet; then the bridge's status is read every
 * 1 s until the funds arrived ('Success!') or it refunds ('Transaction failed' with the refund link).
 * The screens are Bridge to Solana's, naming what arrives where.
 */
const zeroAddress = '0x0000000000000000000000000000000000000000';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function toInstruction(instruction: RelaySvmInstruction): SolanaInstructionInput {
  const hex = instruction.data.startsWith('0x') ? instruction.data.slice(2) : instruction.data;
  return { programId: instruction.programId, keys: instruction.keys, data: hexToBytes(hex) };
}

export function runSolanaBridge(p: BridgeRunParameters): BridgeRun {
  const { rt, task, wallet } = p;
  const hosts = fundingHosts(p.settings?.hosts);
  const base = {
    name: 'fund-bridge-progress' as const,
    walletName: wallet.name,
    amount: p.amount,
    symbol: task.symbol,
    network: task.network,
    failure: null,
  };
  let stopped = false;
  let polling: Polling<unknown> | null = null;
  const show: BridgeRunParameters['show'] = (screen) => {
    if (!stopped) p.show(screen);
  };
  const fail = (message: string, refundUrl: string | null = null) =>
    show({
      ...base,
      status: 'failed',
      failure: { title: fundingMessages.bridgeFailedTitle, message, refundUrl },
    });

  async function run() {
    if (task.chain.chainType !== 'ethereum' || !task.bridgeFromSolana)
      return fail(fundingMessages.walletDataMissing);
    const destinationCurrency =
      task.asset === 'native-currency'
        ? zeroAddress
        : task.asset === 'USDC'
          ? knownUsdcAddress(task.chain.chainId)
          : null;
    if (!destinationCurrency) return fail(fundingMessages.invalidFundingData);
    show({ ...base, status: 'quoting' });
    const step = await fetchRelaySvmQuote({
      host: hosts.relayApi,
      request: {
        amount: parseAmount(p.amount, task.decimals).toString(),
        user: wallet.address,
        recipient: task.address,
        originChainId: relaySolana.chainId,
        originCurrency: relaySolana.sol,
        destinationChainId: task.chain.chainId,
        destinationCurrency,
        referrer: `latchkey|${rt.client.appId}`,
      },
    });
    if (stopped) return;
    show({ ...base, status: 'confirm' });
    const signature = await payFromSolanaWallet({
      rt,
      payer: wallet.address,
      cluster: 'mainnet-beta',
      rpcUrl: task.bridgeFromSolana.rpcUrl,
      instructions: step.instructions.map(toInstruction),
      version: 0,
      // Read from the cluster and compiled in, as Relay's Solana adapter does.
      lookupTableAddresses: step.addressLookupTableAddresses,
    });
    if (stopped) return;
    show({ ...base, status: 'bridging' });
    polling = runBridgeStatus({
      hash: signature,
      testnet: false,
      hosts,
      timers: rt.timers,
      readStatus: (hash) => readRelayStatus({ hash, host: hosts.relayApi }),
      onState(state) {
        if (state.status === 'success') {
          show({ ...base, status: 'success' });
          if (!stopped) p.succeeded();
        } else if (state.failure) fail(state.failure.message, state.failure.refundUrl);
      },
    });
  }

  void run().catch((error: unknown) => fail(messageOf(error)));
  return {
    choose: () => undefined, // one origin (Solana): no chain to choose
    stop() {
      stopped = true;
      polling?.stop();
    },
  };
}
