/**
 * The Ethereum signing methods the frame answers for `privy:wallets:rpc` (WIRE §6). Every result is a
 * 0x-hex string: a signature, or the signed serialized transaction.
 */
import type { Hex, PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { InvalidRequestError } from './errors.ts';
import { parseRpcTransaction, transactionFrom } from './ethereum-transaction.ts';

type Params = readonly unknown[];

function paramList(method: string, params: unknown): Params {
  if (!Array.isArray(params)) throw new InvalidRequestError(`${method} expects its params as an array`);
  return params;
}

/** The request names the account it wants; signing with a different key would answer for the wrong wallet. */
function checkAddress(account: PrivateKeyAccount, address: unknown): void {
  if (typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase()) {
    throw new InvalidRequestError('The address does not match this wallet');
  }
}

/** viem rejects malformed typed data or transactions while signing; those are request errors too. */
async function asRequestError<T>(what: string, sign: () => Promise<T>): Promise<T> {
  try {
    return await sign();
  } catch (error) {
    if (error instanceof InvalidRequestError) throw error;
    const detail =
      error instanceof Error
        ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
        : '';
    throw new InvalidRequestError(detail ? `${what}: ${detail}` : what);
  }
}

/** Hex of whole bytes is signed as those bytes (as MetaMask does); anything else as its UTF-8 text. */
function personalSign(account: PrivateKeyAccount, params: Params): Promise<Hex> {
  const [message, address] = params;
  if (typeof message !== 'string') throw new InvalidRequestError('personal_sign expects [message, address]');
  checkAddress(account, address);
  const raw = /^0x([0-9a-fA-F]{2})*$/.test(message);
  return account.signMessage({ message: raw ? { raw: message as Hex } : message });
}

/** eth_sign signs the 32-byte hash itself, with no EIP-191 prefix. */
function ethSign(account: PrivateKeyAccount, params: Params): Promise<Hex> {
  const [address, hash] = params;
  checkAddress(account, address);
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidRequestError('eth_sign expects [address, 32-byte hash]');
  }
  return account.sign({ hash: hash as Hex });
}

function parseTypedData(value: unknown): Record<string, unknown> {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw new InvalidRequestError('Typed data is not valid JSON');
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InvalidRequestError('eth_signTypedData_v4 expects [address, typedData]');
  }
  return data as Record<string, unknown>;
}

/**
 * The dapp's EIP712Domain type, when it sends one, is kept: viem hashes the domain with it (its own inferred
 * domain type only fills in when it is missing), which is what MetaMask does, so a domain whose fields are in
 * a non-canonical order still hashes to the contract's domain separator.
 */
function signTypedData(account: PrivateKeyAccount, params: Params): Promise<Hex> {
  const [address, typedData] = params;
  checkAddress(account, address);
  const { domain, types, primaryType, message } = parseTypedData(typedData);
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string') {
    throw new InvalidRequestError('Typed data needs types and primaryType');
  }
  type TypedDataArgs = Parameters<PrivateKeyAccount['signTypedData']>[0];
  const args = { domain: domain ?? undefined, types, primaryType, message } as unknown as TypedDataArgs;
  return asRequestError('Invalid typed data', () => account.signTypedData(args));
}

function signTransaction(account: PrivateKeyAccount, params: Params): Promise<Hex> {
  const [tx] = params;
  const from = transactionFrom(tx);
  if (from !== undefined && from !== null) checkAddress(account, from);
  const transaction = parseRpcTransaction(tx);
  return asRequestError('Invalid transaction', () => account.signTransaction(transaction));
}

const METHODS: Record<string, (account: PrivateKeyAccount, params: Params) => Promise<Hex>> = {
  personal_sign: personalSign,
  eth_sign: ethSign,
  eth_signTypedData_v4: signTypedData,
  eth_signTransaction: signTransaction,
};

export async function ethereumRpc(
  privateKey: `0x${string}`,
  request: { method: string; params?: unknown },
): Promise<string> {
  const method =
    typeof request?.method === 'string' && Object.hasOwn(METHODS, request.method) ? request.method : '';
  const handler = METHODS[method];
  if (!handler) throw new InvalidRequestError('Unsupported method');
  return handler(privateKeyToAccount(privateKey), paramList(method, request.params));
}
