import {
  type ChainRpc,
  type EmbeddedConfirmRequest,
  type EvmChain,
  httpChainRpc,
  type PreparedTransaction,
} from '../embedded/index.ts';
import { decimalsCall, decodeCallData, decodeDecimals, decodeSymbol, symbolCall } from './abi.ts';
import type { MessageContent, TransactionContent } from './content.ts';
import { formatAmount, messageText } from './format.ts';
import { signingMessages } from './messages.ts';
import type { SigningUiOptions } from './queue.ts';

/**
 * The confirmation screens' content for an Ethereum request: the message as text or typed data,
 * or a transaction decoded (ERC-20 / ERC-721 / ERC-1155 calls) and priced.
 */

/** What the sign-message screen shows for personal_sign, eth_sign or eth_signTypedData_v4. */
export function messageContent(request: Pick<EmbeddedConfirmRequest, 'method' | 'params'>): MessageContent {
  const [first, second] = request.params;
  if (request.method === 'personal_sign')
    return { kind: 'message', text: messageText(String(first)), typedData: null };
  if (request.method === 'eth_sign') return { kind: 'message', text: String(second), typedData: null };
  let typedData: unknown = second;
  if (typeof second === 'string') {
    try {
      typedData = JSON.parse(second);
    } catch {
      return { kind: 'message', text: second, typedData: null };
    }
  }
  return { kind: 'message', text: null, typedData };
}

const maxUint256 = 2n ** 256n - 1n;

interface DecodedCall {
  action: string;
  /** ERC-20 style amount (token base units) or an NFT id. */
  amount: bigint | null;
  recipient: string | null;
  spender: string | null;
  erc20: boolean;
}

/** The call in `data`, when it is one the screens know (spec document 2 §3 "Decoded transaction details"). */
export function decodeCall(data: string | undefined): DecodedCall | null {
  const decoded = decodeCallData(data);
  if (!decoded) return null;
  const { args } = decoded;
  const address = (index: number) => args[index] as string;
  const amount = (index: number) => args[index] as bigint;
  const actions = signingMessages.actions;
  const call = (action: string, fields: Partial<DecodedCall>): DecodedCall => ({
    action,
    amount: null,
    recipient: null,
    spender: null,
    erc20: false,
    ...fields,
  });
  switch (decoded.functionName) {
    case 'transfer':
      return call(actions.transfer, { recipient: address(0), amount: amount(1), erc20: true });
    case 'transferFrom':
      return call(actions.transfer, { recipient: address(1), amount: amount(2), erc20: true });
    case 'approve':
      return call(actions.approve, { spender: address(0), amount: amount(1), erc20: true });
    case 'safeTransferFrom':
      return call(actions.transfer, { recipient: address(1) });
    case 'setApprovalForAll':
      return call(actions.approve, { spender: address(0) });
    case 'safeBatchTransferFrom':
      return call(actions.batchTransfer, { recipient: address(1) });
    case 'mint':
      return call(actions.mint, { recipient: address(0), amount: amount(1) });
    default:
      return null;
  }
}

/** The token's symbol and decimals, or null when `token` does not answer them as an ERC-20. */
async function readToken(rpc: ChainRpc, token: string): Promise<{ symbol: string; decimals: number } | null> {
  const call = (data: string) => rpc('eth_call', [{ to: token, data }, 'latest']);
  try {
    const [symbol, decimals] = await Promise.all([
      call(symbolCall).then(decodeSymbol),
      call(decimalsCall).then(decodeDecimals),
    ]);
    return symbol !== null && decimals !== null ? { symbol, decimals } : null;
  } catch {
    return null;
  }
}

const quantity = (value: string | undefined) => (value ? BigInt(value) : 0n);

/** Gas limit × the highest price the transaction may pay per gas. */
export function maxFee(transaction: PreparedTransaction): bigint {
  return quantity(transaction.gasLimit) * quantity(transaction.maxFeePerGas ?? transaction.gasPrice);
}

export interface TransactionContentParameters {
  transaction: PreparedTransaction;
  chain: EvmChain;
  ui: SigningUiOptions;
  /** JSON-RPC to the transaction's chain; default HTTP to its first RPC URL. */
  rpc?: ChainRpc;
  /** The app funds wallets (spec: 'Add funds' replaces Approve when the balance is short). */
  fundingEnabled?: boolean;
  /** Value plus fees of the batch's earlier requests: the balance must cover them too. */
  committed?: bigint;
  /** The gas could not be estimated yet (a batch request that needs the earlier ones mined first). */
  feeUnknown?: boolean;
}

/** The chain's JSON-RPC over HTTP (balances, receipts, token details). */
export function chainRpc(chain: EvmChain): ChainRpc {
  const url = chain.rpcUrls.default.http[0];
  if (!url) throw new Error(`Chain ${chain.id} has no RPC URL`);
  return httpChainRpc(url);
}

/** The Ethereum confirm screen: action, rows, details and balance (spec document 1 §2 Confirm transaction). */
export async function transactionContent({
  transaction,
  chain,
  ui,
  rpc = chainRpc(chain),
  fundingEnabled = false,
  committed = 0n,
  feeUnknown = false,
}: TransactionContentParameters): Promise<TransactionContent> {
  const native = chain.nativeCurrency ?? { symbol: 'ETH', decimals: 18 };
  const nativeAmount = (value: bigint, digits?: number) =>
    formatAmount(value, native.decimals, native.symbol, digits);
  const value = quantity(transaction.value);
  const fee = feeUnknown ? 0n : maxFee(transaction);
  const call = decodeCall(transaction.data);
  const [balance, token] = await Promise.all([
    // Without a balance the card reads '—' and Approve stays enabled: the node has the last word.
    rpc('eth_getBalance', [transaction.from, 'latest'])
      .then((result) => BigInt(result as string))
      .catch(() => null),
    call?.erc20 && transaction.to ? readToken(rpc, transaction.to) : null,
  ]);

  let send: string | null = value > 0n ? nativeAmount(value) : null;
  if (call?.erc20 && call.amount !== null) {
    send =
      call.action === signingMessages.actions.approve && call.amount === maxUint256
        ? signingMessages.maximum
        : token
          ? formatAmount(call.amount, token.decimals, token.symbol)
          : call.amount.toString();
  }
  const total = value + fee;
  const needed = committed + total;
  const insufficient = balance !== null && balance < needed;
  return {
    kind: 'transaction',
    action: ui.transactionInfo?.action ?? call?.action ?? signingMessages.actions.transaction,
    send,
    spender: call?.spender ?? null,
    to: call?.recipient ?? transaction.to ?? null,
    tokenAddress: call && transaction.to ? transaction.to : null,
    network: chain.name,
    fee: feeUnknown ? '—' : nativeAmount(fee),
    from: transaction.from,
    total: nativeAmount(total),
    balance: balance === null ? '—' : nativeAmount(balance, 3),
    insufficient,
    confirm: isTransfer(transaction, call) ? 'address' : 'action',
    explorerUrl: chain.blockExplorers
      ? `${chain.blockExplorers.default.url.replace(/\/+$/, '')}/tx/{hash}`
      : null,
    funding:
      insufficient && fundingEnabled
        ? {
            address: transaction.from,
            chain: { chainType: 'ethereum', chainId: chain.id },
            network: chain.name,
            symbol: native.symbol,
            decimals: native.decimals,
            amount: needed - balance,
            balance: () =>
              rpc('eth_getBalance', [transaction.from, 'latest']).then((b) => BigInt(b as string)),
          }
        : null,
  };
}

/**
 * Whether the request moves funds to a recipient: native value with no call data, or a token
 * transfer. The screen then asks the user to confirm the address rather than an action.
 */
function isTransfer(transaction: PreparedTransaction, call: DecodedCall | null): boolean {
  const data = transaction.data;
  if (!data || data === '0x') return transaction.to !== undefined && transaction.to !== null;
  return (
    call?.action === signingMessages.actions.transfer ||
    call?.action === signingMessages.actions.batchTransfer
  );
}
