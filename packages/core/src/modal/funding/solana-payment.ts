import {
  compileSolanaMessage,
  type SolanaInstructionInput,
  unsignedSolanaTransaction,
} from '../../embedded/solana/compile-message.ts';
import { fetchLookupTables } from '../../embedded/solana/lookup-tables.ts';
import { createSolanaRpcClient } from '../../embedded/solana/rpc.ts';
import { sendSolanaTransaction } from '../../embedded/solana/send-transaction.ts';
import type { SolanaCluster } from '../../funding/chains.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { FlowRuntime } from '../runtime.ts';

/**
 * A payment by a connected Solana wallet (Transfer from wallet, Solana to Solana and to the bridge):
 * the cluster's latest blockhash, the instructions compiled with the wallet as fee payer, the wallet
 * asked to sign (`solana:signTransaction`), and the signed transaction sent through the app's RPC of
 * the cluster and confirmed. The wallet only signs, so the RPC is ours and confirmation is ours too.
 */
export interface PayFromSolanaWalletParameters {
  rt: FlowRuntime;
  /** The paying wallet's address (a connected Wallet Standard wallet). */
  payer: string;
  cluster: SolanaCluster;
  rpcUrl: string | undefined;
  instructions: readonly SolanaInstructionInput[];
  version?: 'legacy' | 0 | undefined;
  /** v0: the address lookup tables to load accounts from (read from the cluster). */
  lookupTableAddresses?: readonly string[] | undefined;
}

/** The Wallet Standard chain of a cluster ('solana:mainnet', 'solana:devnet', 'solana:testnet'). */
export const walletStandardChain = (cluster: SolanaCluster): string =>
  cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`;

/**
 * Resolves with the transaction's signature once confirmed.
 *
 * @throws the wallet's refusal (4001 when the user rejects), the cluster's error, or 'No Solana RPC URL…'.
 */
export async function payFromSolanaWallet(p: PayFromSolanaWalletParameters): Promise<string> {
  if (!p.rpcUrl) throw new Error(fundingMessages.solanaRpcMissing);
  const rpc = createSolanaRpcClient({ url: p.rpcUrl });
  const { value } = await rpc.request<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  const message = compileSolanaMessage({
    payer: p.payer,
    recentBlockhash: value.blockhash,
    instructions: p.instructions,
    version: p.version,
    lookupTables: p.lookupTableAddresses?.length
      ? await fetchLookupTables(rpc, p.lookupTableAddresses)
      : undefined,
  });
  const manager = await p.rt.client.wallets();
  const signed = await manager.signSolanaTransaction(
    p.payer,
    unsignedSolanaTransaction(message),
    walletStandardChain(p.cluster),
  );
  return sendSolanaTransaction({
    rpc,
    wire: signed,
    sleep: (ms) => new Promise<void>((resolve) => p.rt.timers.later(ms, resolve)),
  });
}
