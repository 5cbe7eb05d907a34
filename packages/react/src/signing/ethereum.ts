import { LatchkeyClientError } from '@latchkey/core';
import {
  EmbeddedWalletError,
  type EmbeddedWallets,
  type EvmChain,
  embeddedMessages,
} from '@latchkey/core/embedded';
import { embeddedController } from '../embedded/embeddedController.ts';
import { chainRpc, messageContent, transactionContent } from './ethereumContent.ts';
import { isUserRejection, TransactionRevertedError, transactionFailure } from './failure.ts';
import { waitForReceipt } from './receipt.ts';
import { openSigning, type SigningContext, showWalletUIs, signingEmbeddedWallets } from './session.ts';
import type { SigningUiOptions } from './store.ts';
import type {
  SendTransactionModalUIOptions,
  SigningCallOptions,
  SignMessageModalUIOptions,
  SignMessageParameters,
  SignTypedDataParameters,
  UnsignedTransactionRequest,
} from './types.ts';

/**
 * The signing hooks' work, loaded on their first call: each request goes to the embedded
 * wallet's EIP-1193 provider with a per-call confirm hook that drives the modal through
 * confirm → submitting → receipt (or error, with retry).
 */

async function providerFor(ctx: SigningContext, address: string | undefined) {
  if (!ctx.client.getState().user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before signing with a Latchkey wallet',
    );
  const embedded: EmbeddedWallets = await signingEmbeddedWallets(ctx);
  const wallet = address
    ? embedded
        .list()
        .find((w) => w.chainType === 'ethereum' && w.address.toLowerCase() === address.toLowerCase())
    : embedded.list().find((w) => w.chainType === 'ethereum');
  if (!wallet)
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
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
      { confirm: (request) => session.confirm(messageContent(request)) },
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
 * failure shows the error screen, whose 'Retry transaction' prepares it afresh (new nonce).
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
  const session = openSigning(ctx, { ui, signOnly });
  for (;;) {
    let chain: EvmChain | null = null;
    let hash: string | null = null;
    try {
      const result = (await provider.request(args, {
        confirm: async (request) => {
          chain = request.chain;
          const content = await transactionContent({ transaction: request.transaction!, chain, ui });
          await session.confirm(content);
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

/**
 * eth_sendTransaction through the confirm and receipt screens; resolves once the transaction is mined.
 *
 * @example
 * const { hash } = await sendTransaction(ctx, { to, value: 10n ** 16n });
 */
export async function sendTransaction(
  ctx: SigningContext,
  transaction: UnsignedTransactionRequest,
  options: SigningCallOptions<SendTransactionModalUIOptions> = {},
): Promise<{ hash: `0x${string}` }> {
  return {
    hash: (await transactionWithScreens(ctx, 'eth_sendTransaction', transaction, options)) as `0x${string}`,
  };
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
