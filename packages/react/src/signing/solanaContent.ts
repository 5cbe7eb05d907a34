import type { DecodedInstruction, SolanaConfirmRequest } from '@latchkey/core/embedded';
import { en } from '../copy/en.ts';
import { bytesText, formatAmount } from './format.ts';
import type { InstructionView, MessageContent, SolanaTransactionContent } from './store.ts';

/** The Solana confirmation screens' content: the message as text, or a transaction's decoded instructions. */

const sol = (lamports: bigint) => formatAmount(lamports, 9, 'SOL', 9);

export function solanaMessageContent(message: Uint8Array): MessageContent {
  return { kind: 'message', text: bytesText(message), typedData: null };
}

/** An instruction's fields in display form: lamports as SOL, token amounts in base units, the rest as is. */
export function instructionView(instruction: DecodedInstruction): InstructionView {
  const fields: InstructionView['fields'] = [];
  for (const [name, value] of Object.entries(instruction)) {
    if (name === 'type' || typeof value === 'boolean' || value === undefined) continue;
    const shown =
      name === 'lamports'
        ? sol(value as bigint)
        : name === 'amount' && 'decimals' in instruction && instruction.decimals !== undefined
          ? formatAmount(value as bigint, instruction.decimals, '', instruction.decimals)
          : String(value);
    if (name === 'decimals') continue;
    fields.push({ name, value: shown });
  }
  return { type: instruction.type, fields };
}

const explorer = (cluster: string) =>
  `https://explorer.solana.com/tx/{hash}${cluster === 'mainnet-beta' ? '' : `?cluster=${encodeURIComponent(cluster)}`}`;

/**
 * The Solana confirm screen (spec document 1 §2): Amount is the SOL the wallet parts with (sent and
 * put into new accounts), Estimated fee the node's quote, 'Advanced' every decoded instruction.
 */
export function solanaTransactionContent(request: SolanaConfirmRequest): SolanaTransactionContent {
  const analysis = request.analysis;
  const instructions = analysis?.instructions ?? [];
  let lamports = 0n;
  for (const instruction of instructions) {
    if (
      (instruction.type === 'sol-transfer' || instruction.type === 'create-account') &&
      instruction.fromAccount === request.address
    )
      lamports += instruction.lamports;
  }
  const cluster = request.cluster.name;
  const isLocal = !['mainnet-beta', 'devnet', 'testnet'].includes(cluster);
  return {
    kind: 'solana-transaction',
    amount: lamports > 0n ? sol(lamports) : null,
    network: en.signingScreens.solanaNetwork(cluster),
    fee: sol(analysis?.fee ?? 0n),
    instructions: instructions.map(instructionView),
    insufficient: analysis ? !analysis.hasFunds : false,
    explorerUrl: isLocal ? null : explorer(cluster),
  };
}
