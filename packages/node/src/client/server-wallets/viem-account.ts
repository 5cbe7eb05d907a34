import type { Address, Hex, SignableMessage, TransactionSerializable } from 'viem';
import { type LocalAccount, toAccount } from 'viem/accounts';
import type { AuthorizationContext } from './authorization.ts';
import type { EthereumTransaction, Quantity } from './rpc-methods.ts';
import type { WriteOptions } from './signed-call.ts';
import type { Wallets } from './wallets.ts';

/**
 * `@latchkey/node/viem`: a viem account whose keys stay on the Latchkey server. Each signature is one
 * RPC call of the server wallet (`personal_sign`, `eth_signTypedData_v4`, `eth_signTransaction`,
 * `secp256k1_sign`, `eth_sign7702Authorization`), so the wallet's policies and owner apply to every
 * one. viem is an optional peer dependency, imported only by this entry point.
 */

export interface ToViemAccountParameters {
  walletId: string;
  /** The wallet's address (`ServerWallet.address`). */
  address: Address;
  /** The owner's keys, for an owned wallet: every signature the account makes is authorized with them. */
  authorizationContext?: AuthorizationContext;
}

const typeNumbers = { legacy: 0, eip2930: 1, eip1559: 2 } as const;

/** A viem transaction as `eth_signTransaction` takes it: snake_case, quantities as 0x-hex. */
export function toEthereumTransaction(transaction: TransactionSerializable): EthereumTransaction {
  const type = transaction.type ?? (transaction.gasPrice !== undefined ? 'legacy' : 'eip1559');
  if (!(type in typeNumbers))
    throw new TypeError(
      `A ${type} transaction cannot be signed by a server wallet: use legacy, eip2930 or eip1559.`,
    );
  if ('accessList' in transaction && transaction.accessList && transaction.accessList.length > 0)
    throw new TypeError('A transaction with an access list cannot be signed by a server wallet.');
  const hex = (value: bigint | number | undefined): Quantity | undefined =>
    value === undefined ? undefined : `0x${value.toString(16)}`;
  return {
    type: typeNumbers[type as keyof typeof typeNumbers],
    to: transaction.to ?? undefined,
    data: transaction.data,
    value: hex(transaction.value),
    // Nonce 0 is a nonce: sent as 0x0, never dropped.
    nonce: hex(transaction.nonce),
    chain_id: hex(transaction.chainId),
    gas_limit: hex(transaction.gas),
    gas_price: hex(transaction.gasPrice ?? undefined),
    max_fee_per_gas: hex(transaction.maxFeePerGas ?? undefined),
    max_priority_fee_per_gas: hex(transaction.maxPriorityFeePerGas ?? undefined),
  };
}

/** The bytes or text of a viem `SignableMessage`. */
const messageOf = (message: SignableMessage): string | Uint8Array => {
  if (typeof message === 'string') return message;
  return typeof message.raw === 'string' ? Buffer.from(message.raw.slice(2), 'hex') : message.raw;
};

/**
 * A viem `LocalAccount` backed by a server wallet: use it with `createWalletClient`, or call its
 * `signMessage`, `signTypedData`, `signTransaction`, `sign` and `signAuthorization` directly.
 *
 * @example
 * import { toViemAccount } from '@latchkey/node/viem';
 *
 * const account = toViemAccount(latchkey, { walletId: wallet.id, address: wallet.address as Address });
 * const client = createWalletClient({ account, chain: base, transport: http() });
 * await client.sendTransaction({ to, value: parseEther('0.01') });
 */
export function toViemAccount(
  client: { wallets: Wallets },
  { walletId, address, authorizationContext }: ToViemAccountParameters,
): LocalAccount {
  const options: WriteOptions = authorizationContext ? { authorizationContext } : {};
  const { ethereum } = client.wallets;
  return toAccount({
    address,
    async sign({ hash }) {
      return (await ethereum.signSecp256k1(walletId, hash, options)).signature;
    },
    async signMessage({ message }) {
      return (await ethereum.signMessage(walletId, messageOf(message), options)).signature;
    },
    async signTypedData(typedData) {
      const { domain, types, primaryType, message } = typedData as {
        domain?: Record<string, unknown>;
        types: Record<string, readonly { name: string; type: string }[]>;
        primaryType: string;
        message?: Record<string, unknown>;
      };
      const typed_data = { domain: domain ?? {}, types, primary_type: primaryType, message: message ?? {} };
      return (await ethereum.signTypedData(walletId, typed_data, options)).signature;
    },
    async signTransaction(transaction) {
      const wire = toEthereumTransaction(transaction as TransactionSerializable);
      return (await ethereum.signTransaction(walletId, wire, options)).signed_transaction;
    },
    async signAuthorization(request) {
      const contract = request.contractAddress ?? request.address;
      const { authorization } = await ethereum.sign7702Authorization(
        walletId,
        { contract, chain_id: request.chainId, nonce: request.nonce },
        options,
      );
      return {
        address: authorization.contract as Address,
        chainId: Number(authorization.chain_id),
        nonce: Number(authorization.nonce),
        r: authorization.r as Hex,
        s: authorization.s as Hex,
        yParity: authorization.y_parity,
      };
    },
  });
}
