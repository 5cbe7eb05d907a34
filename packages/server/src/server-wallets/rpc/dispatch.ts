import type { ServerWalletRpcMethod, WalletRpcRequest } from '@latchkey/protocol';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { exportPrivateKeyRpc } from '../hpke/export.ts';
import { enforcePolicies } from '../policies/enforce.ts';
import { policyRequestFromRpc } from '../policies/request.ts';
import { sendEthereumTransaction } from '../transactions/ethereum-send.ts';
import { sendSolanaTransaction } from '../transactions/solana-send.ts';
import { withWalletKey } from '../wallet-keys.ts';
import type { ServerWalletRow } from '../wallet-view.ts';
import { withAuthorizationNonce } from './authorization-nonce.ts';
import { type EthereumSigningMethod, signEthereum } from './ethereum-signing.ts';
import { signSolanaMessage, signSolanaTransaction } from './solana-signing.ts';

/** The chain type each method belongs to; `exportPrivateKey` belongs to both. */
const chainOf: Record<ServerWalletRpcMethod, 'ethereum' | 'solana' | 'any'> = {
  eth_sendTransaction: 'ethereum',
  eth_signTransaction: 'ethereum',
  personal_sign: 'ethereum',
  eth_signTypedData_v4: 'ethereum',
  secp256k1_sign: 'ethereum',
  eth_sign7702Authorization: 'ethereum',
  signTransaction: 'solana',
  signAndSendTransaction: 'solana',
  signMessage: 'solana',
  exportPrivateKey: 'any',
};

/** What the RPC route checked before it runs a method: the wallet, and the policies that govern the caller. */
export interface RpcCall {
  wallet: ServerWalletRow;
  request: WalletRpcRequest;
  policyIds: string[];
}

/** Refuses a request meant for another wallet or chain before anything is checked or signed. */
export function checkRpcTarget(wallet: ServerWalletRow, request: WalletRpcRequest): void {
  const chain = chainOf[request.method];
  if (chain !== 'any' && chain !== wallet.chain_type)
    throw new ApiError('invalid_data', `${request.method} is not a method of ${wallet.chain_type} wallets`);
  if (request.chain_type !== undefined && request.chain_type !== wallet.chain_type)
    throw new ApiError('invalid_data', 'chain_type does not match this wallet');
  if (request.wallet_id !== undefined && request.wallet_id !== wallet.id)
    throw new ApiError('invalid_data', 'wallet_id does not match this wallet');
  const sameAddress =
    wallet.chain_type === 'ethereum'
      ? request.address?.toLowerCase() === wallet.address.toLowerCase()
      : request.address === wallet.address;
  if (request.address !== undefined && !sameAddress)
    throw new ApiError('invalid_data', 'address does not match this wallet');
}

async function execute(ctx: ServerContext, { wallet, request }: RpcCall): Promise<Record<string, unknown>> {
  switch (request.method) {
    case 'eth_sendTransaction': {
      const sent = await sendEthereumTransaction(ctx, {
        wallet,
        caip2: request.caip2 ?? '',
        transaction: (request.params as { transaction?: unknown }).transaction,
        referenceId: request.reference_id ?? null,
      });
      return { ...sent };
    }
    case 'signAndSendTransaction': {
      const signed = await withWalletKey(ctx, wallet, (seed) => signSolanaTransaction(seed, request.params));
      const sent = await sendSolanaTransaction(ctx, {
        wallet,
        caip2: request.caip2 ?? '',
        signedTransaction: signed,
        referenceId: request.reference_id ?? null,
      });
      return { ...sent };
    }
    case 'exportPrivateKey':
      return { ...(await exportPrivateKeyRpc(ctx, wallet, request.params)) };
    case 'signMessage':
      return withWalletKey(ctx, wallet, (seed) => signSolanaMessage(seed, request.params));
    case 'signTransaction': {
      const signed = await withWalletKey(ctx, wallet, (seed) => signSolanaTransaction(seed, request.params));
      return { signed_transaction: Buffer.from(signed).toString('base64'), encoding: 'base64' };
    }
    default: {
      const method: EthereumSigningMethod = request.method;
      const params =
        method === 'eth_sign7702Authorization'
          ? await withAuthorizationNonce(ctx, wallet, request.params)
          : request.params;
      return withWalletKey(ctx, wallet, (privateKey, secp256k1) =>
        signEthereum(
          { privateKey, address: wallet.address as `0x${string}`, sign: secp256k1.sign },
          method,
          params,
        ),
      );
    }
  }
}

/**
 * Runs one authorized RPC call: the policies first (a grant that reserves any rolling-window limit),
 * then the method; a method that fails gives its reservation back.
 */
export async function runRpc(
  ctx: ServerContext,
  call: RpcCall,
): Promise<{ method: string; data: Record<string, unknown> }> {
  const chainType = call.wallet.chain_type as 'ethereum' | 'solana';
  const grant = await enforcePolicies(
    ctx,
    call.wallet.app_id,
    call.policyIds,
    policyRequestFromRpc(call.request, { chain_type: chainType, address: call.wallet.address }),
  );
  try {
    return { method: call.request.method, data: await execute(ctx, call) };
  } catch (error) {
    await grant.release();
    throw error;
  }
}
