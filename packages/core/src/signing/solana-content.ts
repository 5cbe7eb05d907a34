import {
  createSolanaRpcClient,
  type DecodedInstruction,
  type SolanaConfirmRequest,
  solanaTransferShortfall,
} from '../embedded/index.ts';
import type { FundingTarget, InstructionView, MessageContent, SolanaTransactionContent } from './content.ts';
import { bytesText, formatAmount } from './format.ts';
import { signingMessages } from './messages.ts';

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
    network: signingMessages.solanaNetwork(cluster),
    fee: sol(analysis?.fee ?? 0n),
    instructions: instructions.map(instructionView),
    insufficient: analysis ? !analysis.hasFunds : false,
    explorerUrl: isLocal ? null : explorer(cluster),
    funding: null,
  };
}

/**
 * What 'Add funds' asks for when the wallet is short of SOL: the lamports the transaction needs
 * (fee, transfers, new accounts) beyond the balance. Null when SOL is not what is missing (a token
 * transfer beyond the token balance): adding SOL would not help.
 */
const isFundingCluster = (name: string): name is 'mainnet-beta' | 'devnet' | 'testnet' =>
  name === 'mainnet-beta' || name === 'devnet' || name === 'testnet';

export async function solanaFundingTarget(request: SolanaConfirmRequest): Promise<FundingTarget | null> {
  const analysis = request.analysis;
  if (!analysis) return null;
  const rpc = createSolanaRpcClient({ url: request.cluster.rpcUrl });
  const balance = async () =>
    BigInt(
      (
        await rpc.request<{ value: number | string }>('getBalance', [
          request.address,
          { commitment: 'confirmed' },
        ])
      ).value,
    );
  const amount = solanaTransferShortfall({
    balance: await balance(),
    spender: request.address,
    feePayer: analysis.spender,
    fee: analysis.fee,
    instructions: analysis.instructions,
  });
  if (amount === 0n) return null;
  const name = request.cluster.name;
  return {
    address: request.address,
    // A local cluster has no provider: the providers are told mainnet-beta (the QR and the balance
    // stay on the local one).
    chain: { chainType: 'solana', cluster: isFundingCluster(name) ? name : 'mainnet-beta' },
    network: signingMessages.solanaNetwork(name),
    symbol: 'SOL',
    decimals: 9,
    amount,
    balance,
  };
}
