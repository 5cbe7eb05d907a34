import type { SolanaInstructionInput } from '../../embedded/solana/compile-message.ts';
import { associatedTokenAddress } from '../../embedded/solana/program-address.ts';
import {
  createAssociatedTokenIdempotentInstruction,
  systemTransferInstruction,
  transferCheckedInstruction,
} from '../../embedded/solana/transfer-instructions.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { TransferSourceWallet } from '../../funding/transfer-wallets.ts';
import type { FlowRuntime } from '../runtime.ts';
import { payFromSolanaWallet } from './solana-payment.ts';
import type { FundWalletTask } from './task.ts';
import { parseAmount } from './transfer.ts';

/**
 * Transfer from wallet, Solana to Solana: SOL by a System Program transfer; USDC from the payer's
 * associated token account to the funded wallet's, created first if missing (idempotently, paid by
 * the payer, as wallets do), by TransferChecked so the mint's decimals are checked on chain.
 */
export function solanaTransferInstructions(
  task: FundWalletTask,
  payer: string,
  amount: string,
): SolanaInstructionInput[] {
  const value = parseAmount(amount, task.decimals);
  if (task.asset === 'native-currency') return [systemTransferInstruction(payer, task.address, value)];
  const mint = task.solanaUsdcMint;
  if (task.asset !== 'USDC' || !mint) throw new Error(fundingMessages.invalidFundingData);
  const destination = associatedTokenAddress(task.address, mint);
  return [
    createAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: task.address, mint }),
    transferCheckedInstruction({
      source: associatedTokenAddress(payer, mint),
      mint,
      destination,
      owner: payer,
      amount: value,
      decimals: task.decimals,
    }),
  ];
}

/**
 * Sends `amount` from the connected Solana `wallet` to the Solana wallet being funded, on its
 * cluster; resolves with the signature once confirmed.
 *
 * @throws the wallet's refusal, the cluster's error, or 'Wallet data is missing' for an Ethereum task.
 */
export async function sendSolanaTransfer(
  rt: FlowRuntime,
  task: FundWalletTask,
  wallet: TransferSourceWallet,
  amount: string,
): Promise<string> {
  if (task.chain.chainType !== 'solana') throw new Error(fundingMessages.walletDataMissing);
  return payFromSolanaWallet({
    rt,
    payer: wallet.address,
    cluster: task.chain.cluster,
    rpcUrl: task.solanaRpcUrl,
    instructions: solanaTransferInstructions(task, wallet.address, amount),
  });
}
