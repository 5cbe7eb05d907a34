import type {
  Address,
  MessagePartialSigner,
  SignableMessage,
  SignatureBytes,
  SignatureDictionary,
  Transaction,
  TransactionPartialSigner,
  TransactionSendingSigner,
} from '@solana/kit';
import type { AuthorizationContext } from './authorization.ts';
import { base58Decode } from './base58.ts';
import type { WriteOptions } from './signed-call.ts';
import type { Wallets } from './wallets.ts';

/**
 * `@latchkey/node/solana`: a `@solana/kit` signer whose key stays on the Latchkey server. It signs
 * messages (`signMessage`) and transactions (`signTransaction`) through the server wallet's RPC, so
 * the wallet's policies and owner apply. Only @solana/kit's types are used: the wire format is written
 * and read here, and @solana/kit stays an optional peer dependency.
 */

export interface ToSolanaSignerParameters<TAddress extends string = string> {
  walletId: string;
  /** The wallet's address (`ServerWallet.address`), as a kit `Address`. */
  address: Address<TAddress>;
  /** The owner's keys, for an owned wallet. */
  authorizationContext?: AuthorizationContext;
  /**
   * The cluster to send on (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`): makes the signer a
   * `TransactionSendingSigner` too, which the server signs and broadcasts (`signAndSendTransaction`).
   */
  caip2?: string;
}

export type SolanaServerSigner<TAddress extends string = string> = MessagePartialSigner<TAddress> &
  TransactionPartialSigner<TAddress> &
  Readonly<{ walletId: string }>;

/** Solana's compact-u16 (shortvec) length prefix. */
function encodeLength(length: number): number[] {
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest & 0x7f;
    rest >>= 7;
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return bytes;
}

function decodeLength(bytes: Uint8Array): { length: number; size: number } {
  let length = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[size];
    if (byte === undefined) break;
    length |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { length, size: size + 1 };
  }
  throw new Error('The server answered a transaction that is not in the wire format.');
}

/** A kit `Transaction` in the wire format: its signatures (empty slots zeroed), then its message. */
export function wireTransaction(transaction: Transaction): Uint8Array {
  const signatures = Object.values(transaction.signatures) as (SignatureBytes | null)[];
  const prefix = encodeLength(signatures.length);
  const wire = new Uint8Array(prefix.length + 64 * signatures.length + transaction.messageBytes.length);
  wire.set(prefix, 0);
  signatures.forEach((signature, slot) => {
    if (signature) wire.set(signature, prefix.length + 64 * slot);
  });
  wire.set(transaction.messageBytes, prefix.length + 64 * signatures.length);
  return wire;
}

/** The signature in `slot` of a signed wire transaction, checked to be over the message that was sent. */
function signatureInSlot(signed: Uint8Array, slot: number, messageBytes: ArrayLike<number>): SignatureBytes {
  const { length, size } = decodeLength(signed);
  const message = signed.subarray(size + 64 * length);
  if (slot >= length || Buffer.compare(message, Uint8Array.from(messageBytes)) !== 0)
    throw new Error('The server answered another transaction than the one it was asked to sign.');
  return signed.slice(size + 64 * slot, size + 64 * (slot + 1)) as SignatureBytes;
}

/**
 * A `MessagePartialSigner` and `TransactionPartialSigner` backed by a server wallet: pass it where
 * @solana/kit takes a signer (`setTransactionMessageFeePayerSigner`, `signTransactionMessageWithSigners`).
 *
 * @example
 * import { toSolanaSigner } from '@latchkey/node/solana';
 *
 * const signer = toSolanaSigner(latchkey, { walletId: wallet.id, address: address(wallet.address) });
 * const signed = await signTransactionMessageWithSigners(
 *   pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayerSigner(signer, m), …),
 * );
 */
export function toSolanaSigner<TAddress extends string = string>(
  client: { wallets: Wallets },
  parameters: ToSolanaSignerParameters<TAddress> & { caip2: string },
): SolanaServerSigner<TAddress> & TransactionSendingSigner<TAddress>;
export function toSolanaSigner<TAddress extends string = string>(
  client: { wallets: Wallets },
  parameters: ToSolanaSignerParameters<TAddress>,
): SolanaServerSigner<TAddress>;
export function toSolanaSigner<TAddress extends string = string>(
  client: { wallets: Wallets },
  { walletId, address, authorizationContext, caip2 }: ToSolanaSignerParameters<TAddress>,
): SolanaServerSigner<TAddress> {
  const { solana } = client.wallets;
  // kit's `abortSignal` aborts the calls to the server.
  const optionsFor = (config?: { abortSignal?: AbortSignal }): WriteOptions => ({
    ...(authorizationContext ? { authorizationContext } : {}),
    ...(config?.abortSignal ? { signal: config.abortSignal } : {}),
  });
  const dictionary = (signature: SignatureBytes): SignatureDictionary =>
    Object.freeze({ [address]: signature }) as SignatureDictionary;
  const sending = caip2 && {
    async signAndSendTransactions(
      transactions: readonly Transaction[],
      config?: { abortSignal?: AbortSignal },
    ) {
      return Promise.all(
        transactions.map(async (transaction) => {
          const { hash } = await solana.signAndSendTransaction(
            walletId,
            { caip2, transaction: wireTransaction(transaction) },
            optionsFor(config),
          );
          // A Solana transaction's id is its first signature, base58.
          return base58Decode(hash) as SignatureBytes;
        }),
      );
    },
  };
  return Object.freeze({
    ...sending,
    address,
    walletId,
    async signMessages(messages: readonly SignableMessage[], config?: { abortSignal?: AbortSignal }) {
      return Promise.all(
        messages.map(async (message) => {
          const { signature } = await solana.signMessage(walletId, message.content, optionsFor(config));
          return dictionary(new Uint8Array(Buffer.from(signature, 'base64')) as SignatureBytes);
        }),
      );
    },
    async signTransactions(transactions: readonly Transaction[], config?: { abortSignal?: AbortSignal }) {
      return Promise.all(
        transactions.map(async (transaction) => {
          const slot = Object.keys(transaction.signatures).indexOf(address);
          if (slot < 0) throw new Error(`${address} is not a signer of this transaction.`);
          const { signed_transaction } = await solana.signTransaction(
            walletId,
            wireTransaction(transaction),
            optionsFor(config),
          );
          const signed = new Uint8Array(Buffer.from(signed_transaction, 'base64'));
          return dictionary(signatureInSlot(signed, slot, transaction.messageBytes));
        }),
      );
    },
  });
}
