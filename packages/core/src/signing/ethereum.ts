import {
  type EmbeddedEthereumProvider,
  EmbeddedWalletError,
  type EmbeddedWallets,
  type EvmChain,
  embeddedMessages,
  type PreparedTransaction,
  ProviderRpcError,
} from '../embedded/index.ts';
// From the package's entry, not from ui/ and errors.ts: so the signing chunks reach the same core
// modules as the modal's, and esbuild keeps those in one shared chunk of the first load instead of
// splitting it in two (190 B more gzip on every app's first load, measured with bench:bundle).
import { embeddedController, LatchkeyClientError } from '../index.ts';
import { chainRpc, maxFee, messageContent, transactionContent } from './ethereum-content.ts';
import { isUserRejection, TransactionRevertedError, transactionFailure } from './failure.ts';
import { confirmPriced, fundingEnabled } from './funding.ts';
import type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from './options.ts';
import type {
  SigningCallOptions,
  SignMessageParameters,
  SignTypedDataParameters,
  UnsignedTransactionRequest,
} from './parameters.ts';
import { SigningCancelledError, type SigningUiOptions } from './queue.ts';
import { waitForReceipt } from './receipt.ts';
import { openSigning, type SigningContext, showWalletUIs, signingEmbeddedWallets } from './session.ts';

/**
 * The Ethereum signing calls (react's signing hooks call these), loaded on their first call: each request goes to the embedded
 * wallet's EIP-1193 provider with a per-call confirm hook that drives the modal through
 * confirm → submitting → receipt (or error, with retry).
 */

async function providerFor(ctx: SigningContext, address: string | undefined) {
  if (!ctx.client.getState().user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before signing with a Latchkey wallet',
    );
  const embedded: EmbeddedWallets = await embeddedController(ctx.client).load();
  const wallet = address
    ? embedded
        .list()
        .find((w) => w.chainType === 'ethereum' && w.address.toLowerCase() === address.toLowerCase())
    : embedded.list().find((w) => w.chainType === 'ethereum');
  if (!wallet)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
  // On this device, with the confirmation screens installed.
  await signingEmbeddedWallets(ctx, wallet.address);
  // Through the controller, so useWallets sees the chain the provider is on.
  return embeddedController(ctx.client).ethereumProvider(wallet.address, ctx.openModal);
}

/** A message or typed-data signature through the 'Sign message' screen; it closes 1.4 s after. */
async function signWithScreen(
  ctx: SigningContext,
  method: 'personal_sign' | 'eth_signTypedData_v4',
  payload: string,
  options: SigningCallOptions<SignMessageModalUIOptions>,
): Promise<string> {
  const provider = await providerFor(ctx, options.address);
  const params = method === 'personal_sign' ? [payload, provider.address] : [provider.address, payload];
  const ui: SigningUiOptions = options.uiOptions ?? {};
  if (!showWalletUIs(ctx, ui))
    return (await provider.request({ method, params }, { confirm: null })) as string;
  const session = openSigning(ctx, { ui, signOnly: false });
  try {
    const signature = (await provider.request(
      { method, params },
      {
        confirm: async (request) => {
          await session.confirm(messageContent(request));
        },
      },
    )) as string;
    session.update({ stage: 'complete' });
    return signature;
  } catch (error) {
    session.finish();
    throw error;
  }
}

/**
 * personal_sign with the 'Sign message' screen.
 *
 * @example
 * const { signature } = await signMessage(ctx, { message: 'Hello' }, { uiOptions: { isCancellable: true } });
 */
export async function signMessage(
  ctx: SigningContext,
  { message }: SignMessageParameters,
  options: SigningCallOptions<SignMessageModalUIOptions> = {},
): Promise<{ signature: `0x${string}` }> {
  if (typeof message !== 'string' || message.length === 0)
    throw new LatchkeyClientError('invalid_message', embeddedMessages.emptyMessage);
  return { signature: (await signWithScreen(ctx, 'personal_sign', message, options)) as `0x${string}` };
}

/** eth_signTypedData_v4 with the typed data shown as a tree. */
export async function signTypedData(
  ctx: SigningContext,
  typedData: SignTypedDataParameters,
  options: SigningCallOptions<SignMessageModalUIOptions> = {},
): Promise<{ signature: `0x${string}` }> {
  // bigint values (viem's typed data) travel as decimal strings, as EIP-712 JSON allows.
  const json = JSON.stringify(typedData, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return { signature: (await signWithScreen(ctx, 'eth_signTypedData_v4', json, options)) as `0x${string}` };
}

/**
 * A transaction through the confirm screen. Sending waits for the receipt and shows 'Transaction
 * complete!' (a revert shows 'Transaction failed'); signing only shows 'Transaction signed!'. A
 * failure shows the error screen, whose 'Retry transaction' prepares it afresh (new nonce). A short
 * balance offers 'Add funds' when the app funds wallets; once funds arrived the request is priced
 * again.
 */
async function transactionWithScreens(
  ctx: SigningContext,
  method: 'eth_sendTransaction' | 'eth_signTransaction',
  transaction: UnsignedTransactionRequest,
  options: SigningCallOptions<SendTransactionModalUIOptions>,
): Promise<string> {
  const provider = await providerFor(ctx, options.address);
  const args = { method, params: [transaction] };
  const ui: SigningUiOptions = options.uiOptions ?? {};
  if (!showWalletUIs(ctx, ui)) return (await provider.request(args, { confirm: null })) as string;
  const signOnly = method === 'eth_signTransaction';
  const fund = fundingEnabled(ctx.client.getState().appConfig);
  const session = openSigning(ctx, { ui, signOnly });
  for (;;) {
    let chain: EvmChain | null = null;
    let hash: string | null = null;
    try {
      const result = (await provider.request(args, {
        confirm: async (request) => {
          chain = request.chain;
          const prepared = request.transaction!;
          await confirmPriced(session, () =>
            transactionContent({ transaction: prepared, chain: request.chain, ui, fundingEnabled: fund }),
          );
        },
      })) as string;
      if (signOnly) {
        session.update({ stage: 'complete' });
        return result;
      }
      hash = result;
      session.update({ hash });
      const receipt = await waitForReceipt({ rpc: chainRpc(chain!), hash, stopped: () => session.closed });
      if (receipt && receipt.status !== '0x1') throw new TransactionRevertedError(hash);
      session.update({ stage: 'complete' });
      return hash;
    } catch (error) {
      if (isUserRejection(error) || session.closed) {
        session.finish();
        throw error;
      }
      if (!(await session.failed(transactionFailure(error, 'ethereum'), hash))) throw error;
    }
  }
}

/** A request with the chain it goes to, as prepared for its confirm screen. */
interface PricedRequest {
  transaction: PreparedTransaction;
  chain: EvmChain;
  /** The gas could not be estimated before the batch's earlier requests are mined. */
  feeUnknown: boolean;
}

/**
 * Prepares batch request `index` for its screen. A request after the first may depend on the ones
 * before it (approve, then swap): when its gas cannot be estimated yet, it is shown with the fee
 * unknown, and estimated for real when it is sent.
 */
async function priceBatchRequest(
  provider: EmbeddedEthereumProvider,
  transaction: UnsignedTransactionRequest,
  index: number,
): Promise<PricedRequest> {
  try {
    return { ...(await provider.prepareTransaction(transaction)), feeUnknown: false };
  } catch (error) {
    if (index === 0 || transaction.gas !== undefined || transaction.gasLimit !== undefined) throw error;
    return { ...(await provider.prepareTransaction({ ...transaction, gas: 0 })), feeUnknown: true };
  }
}

/** A refused batch screen is refused as the provider refuses a single request: 4001. */
function rejected(error: unknown): never {
  if (error instanceof SigningCancelledError)
    throw new ProviderRpcError(4001, embeddedMessages.userRejected, { cause: error });
  throw error;
}

/** Value plus the most the fee can be: what a request takes from the balance. */
const spent = ({ transaction, feeUnknown }: PricedRequest) =>
  BigInt(transaction.value ?? '0x0') + (feeUnknown ? 0n : maxFee(transaction));

/**
 * Sends `transaction` (approved already, with the rest of its batch) and waits until it is mined: a
 * revert throws. The provider's confirm hook only notes the chain it prepared the request for,
 * whose node then reports the receipt.
 */
async function sendMined(
  provider: EmbeddedEthereumProvider,
  transaction: UnsignedTransactionRequest,
  onHash: (hash: string) => void,
  stopped: () => boolean,
): Promise<string> {
  let chain: EvmChain | null = null;
  const hash = (await provider.request(
    { method: 'eth_sendTransaction', params: [transaction] },
    {
      confirm: async (request) => {
        chain = request.chain;
      },
    },
  )) as string;
  onHash(hash);
  const receipt = await waitForReceipt({ rpc: chainRpc(chain!), hash, stopped });
  if (receipt && receipt.status !== '0x1') throw new TransactionRevertedError(hash);
  return hash;
}

/**
 * A batch (spec document 2 §4 Ethereum transaction): the user steps through the requests with
 * 'Continue' and 'Back', each titled '(n / m)'; only the last screen approves, and then they are
 * sent in order, each mined before the next is prepared (so a request may rely on the one before).
 * A failure shows the error screen; 'Retry transaction' goes on from the request that failed.
 */
async function batchWithScreens(
  ctx: SigningContext,
  transactions: readonly UnsignedTransactionRequest[],
  options: SigningCallOptions<SendTransactionModalUIOptions>,
): Promise<string[]> {
  const provider = await providerFor(ctx, options.address);
  const ui: SigningUiOptions = options.uiOptions ?? {};
  const count = transactions.length;
  const hashes: string[] = [];
  if (!showWalletUIs(ctx, ui)) {
    for (const transaction of transactions)
      hashes.push(
        await sendMined(
          provider,
          transaction,
          () => undefined,
          () => false,
        ),
      );
    return hashes;
  }
  const fund = fundingEnabled(ctx.client.getState().appConfig);
  const session = openSigning(ctx, { ui, signOnly: false });
  const priced: PricedRequest[] = [];
  const price = async (index: number) => {
    for (let i = priced.length; i <= index; i += 1)
      priced.push(await priceBatchRequest(provider, transactions[i]!, i));
    const request = priced[index]!;
    let committed = 0n;
    for (const earlier of priced.slice(0, index)) committed += spent(earlier);
    return transactionContent({ ...request, ui, fundingEnabled: fund, committed });
  };
  let approved = false;
  for (;;) {
    let hash: string | null = null;
    try {
      for (let index = 0; !approved; ) {
        const choice = await confirmPriced(session, () => price(index), { index, count }).catch(rejected);
        if (choice === 'continue') index += 1;
        else if (choice === 'back') index -= 1;
        else approved = true;
      }
      session.update({ stage: 'submitting' });
      while (hashes.length < count) {
        const sent = await sendMined(
          provider,
          transactions[hashes.length]!,
          (known) => {
            hash = known;
            session.update({ hash: known });
          },
          () => session.closed,
        );
        hashes.push(sent);
      }
      session.update({ stage: 'complete' });
      return hashes;
    } catch (error) {
      if (isUserRejection(error) || session.closed) {
        session.finish();
        throw error;
      }
      if (!(await session.failed(transactionFailure(error, 'ethereum'), hash))) throw error;
      // Not yet approved: the screens start again from the first request, priced afresh.
      if (!approved) priced.length = 0;
    }
  }
}

/**
 * eth_sendTransaction through the confirm and receipt screens; resolves once the transaction is
 * mined. A list is a batch: stepped through, then sent in order; `hashes` holds every hash and
 * `hash` the last.
 *
 * @example
 * const { hash } = await sendTransaction(ctx, { to, value: 10n ** 16n });
 * const { hashes } = await sendTransaction(ctx, [approveCall, swapCall]);
 */
export async function sendTransaction(
  ctx: SigningContext,
  transaction: UnsignedTransactionRequest | readonly UnsignedTransactionRequest[],
  options: SigningCallOptions<SendTransactionModalUIOptions> = {},
): Promise<{ hash: `0x${string}`; hashes?: `0x${string}`[] }> {
  if (!Array.isArray(transaction))
    return {
      hash: (await transactionWithScreens(
        ctx,
        'eth_sendTransaction',
        transaction as UnsignedTransactionRequest,
        options,
      )) as `0x${string}`,
    };
  if (transaction.length === 0)
    throw new LatchkeyClientError('invalid_input', embeddedMessages.invalidTransaction);
  if (transaction.length === 1) return sendTransaction(ctx, transaction[0]!, options);
  const hashes = (await batchWithScreens(ctx, transaction, options)) as `0x${string}`[];
  return { hash: hashes.at(-1)!, hashes };
}

/** eth_signTransaction through the confirm screen: the signed, serialized transaction. */
export async function signTransaction(
  ctx: SigningContext,
  transaction: UnsignedTransactionRequest,
  options: SigningCallOptions<SendTransactionModalUIOptions> = {},
): Promise<{ signature: `0x${string}` }> {
  return {
    signature: (await transactionWithScreens(
      ctx,
      'eth_signTransaction',
      transaction,
      options,
    )) as `0x${string}`,
  };
}
