import { type EthereumSigner, ethereumRpc, InvalidRequestError, signHashAs } from '@latchkey/keys';
import { type Hex, hashMessage, serializeSignature } from 'viem';
import { hashAuthorization } from 'viem/utils';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { rpcTransactionFromWire } from './wire-transaction.ts';

/**
 * The Ethereum signing methods of spec document 2 §7 that answer without a chain: what is signed is
 * computed by viem and `@latchkey/keys` (the frame's own signing code), the response in the shape of
 * `@privy-io/node`'s `*RpcResponseData`.
 */

const quantity = z.union([
  z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be a 0x-hex quantity without a decimal point'),
  z.number().int().nonnegative(),
]);

export const ethereumParams = {
  personal_sign: z.object({ message: z.string().max(1_000_000), encoding: z.enum(['utf-8', 'hex']) }),
  eth_signTypedData_v4: z.object({
    typed_data: z.object({
      domain: z.record(z.string(), z.unknown()),
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
      message: z.record(z.string(), z.unknown()),
      primary_type: z.string().min(1),
    }),
  }),
  eth_signTransaction: z.object({ transaction: z.record(z.string(), z.unknown()) }),
  secp256k1_sign: z.object({
    hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte 0x-hex hash'),
  }),
  eth_sign7702Authorization: z.object({
    contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'),
    chain_id: quantity,
    // Absent: the account's next nonce on that chain (authorization-nonce.ts fills it in first).
    nonce: quantity,
    executor: z.literal('self').optional(),
  }),
} as const;

export type EthereumSigningMethod = keyof typeof ethereumParams;

/** The params of `method`, checked; `invalid_data` naming the field otherwise. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = ['params', ...(issue?.path ?? []).map(String)].join('.');
  throw new ApiError('invalid_data', `Invalid ${field}: ${issue?.message ?? 'invalid'}`);
}

const toBigInt = (value: string | number) => BigInt(value);

/** `@latchkey/keys` refuses bad typed data or transactions as request errors: those are `invalid_data` here. */
async function asInvalidData<T>(sign: () => T | Promise<T>): Promise<T> {
  try {
    return await sign();
  } catch (error) {
    if (error instanceof InvalidRequestError) throw new ApiError('invalid_data', error.message);
    throw error;
  }
}

export async function signEthereum(
  signer: EthereumSigner,
  method: EthereumSigningMethod,
  params: unknown,
): Promise<Record<string, unknown>> {
  switch (method) {
    case 'personal_sign': {
      const { message, encoding } = parseParams(ethereumParams.personal_sign, params);
      // Hex is signed as its bytes, with or without 0x (server-auth sends it, the React SDK does not).
      const raw = encoding === 'hex' ? (`0x${message.replace(/^0x/, '')}` as Hex) : null;
      if (raw && !/^0x([0-9a-fA-F]{2})*$/.test(raw))
        throw new ApiError('invalid_data', 'Invalid params.message: not hex bytes');
      const hash = hashMessage(raw ? { raw } : message);
      return {
        signature: serializeSignature(await signHashAs(signer, hash)),
        encoding: 'hex',
      };
    }
    case 'eth_signTypedData_v4': {
      const { typed_data: data } = parseParams(ethereumParams.eth_signTypedData_v4, params);
      const typedData = {
        domain: data.domain,
        types: data.types,
        message: data.message,
        primaryType: data.primary_type,
      };
      const signature = await asInvalidData(() =>
        ethereumRpc(signer, { method: 'eth_signTypedData_v4', params: [signer.address, typedData] }),
      );
      return { signature, encoding: 'hex' };
    }
    case 'eth_signTransaction': {
      const { transaction } = parseParams(ethereumParams.eth_signTransaction, params);
      const signed = await asInvalidData(() =>
        ethereumRpc(signer, { method: 'eth_signTransaction', params: [rpcTransactionFromWire(transaction)] }),
      );
      return { signed_transaction: signed, encoding: 'rlp' };
    }
    case 'secp256k1_sign': {
      const { hash } = parseParams(ethereumParams.secp256k1_sign, params);
      return {
        signature: serializeSignature(await signHashAs(signer, hash as Hex)),
        encoding: 'hex',
      };
    }
    case 'eth_sign7702Authorization': {
      const input = parseParams(ethereumParams.eth_sign7702Authorization, params);
      const chainId = Number(toBigInt(input.chain_id));
      const nonce = Number(toBigInt(input.nonce));
      if (!Number.isSafeInteger(chainId) || !Number.isSafeInteger(nonce))
        throw new ApiError('invalid_data', 'Invalid params: chain_id and nonce must be below 2^53');
      const hash = hashAuthorization({ contractAddress: input.contract as Hex, chainId, nonce });
      const { r, s, yParity } = await signHashAs(signer, hash);
      return {
        authorization: {
          contract: input.contract,
          chain_id: input.chain_id,
          nonce: input.nonce,
          r,
          s,
          y_parity: yParity,
        },
      };
    }
  }
}
