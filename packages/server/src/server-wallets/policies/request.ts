import type { Policy } from '@latchkey/protocol';

/**
 * A signing request as the policy engine evaluates it, built by the RPC handler from the request
 * body (`@privy-io/node`'s wire shape).
 */
export interface PolicyRequest {
  /** `eth_sendTransaction`, `personal_sign`, `signTransaction`, … (REFERENCES §1.3). */
  method: string;
  chainType: 'ethereum' | 'solana';
  walletAddress: string;
  /** E.g. `eip155:31337`: a transaction's `chain_id` falls back to it. */
  caip2?: string;
  /**
   * The RPC body's `params` as sent: `transaction` for EVM transactions (snake_case fields,
   * quantities hex or number), `typed_data {domain, types, message, primary_type}`, `message` +
   * `encoding`, Solana `transaction` (base64), 7702 `{contract, chain_id, nonce}`.
   */
  params: Record<string, unknown>;
  /** The whole request body (`action_request_body`). */
  body: unknown;
}

/** What the engine reads besides the policy and the request; the database fills it (enforce.ts). */
export interface EvaluationContext {
  /** Unix seconds (`system.current_unix_timestamp`). */
  now: number;
  /** Condition sets' values by id (`in_condition_set`); a set not here is unknown (the condition is false). */
  conditionSets: ReadonlyMap<string, readonly string[]>;
  /**
   * Aggregations' values by id (`reference` `aggregation.<id>`): the window's sum for this wallet and
   * group, including this request's own contribution.
   */
  aggregations: ReadonlyMap<string, bigint>;
}

/** A policy as the engine takes it: the wire object (rules with their ids). */
export type EvaluatedPolicy = Pick<Policy, 'id' | 'chain_type' | 'rules'>;

/** An object's own property, or undefined (never one from the prototype). */
export function prop(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A dotted path into plain JSON (`source.amount`, `params.0.to`): own properties and array indexes only. */
export function atPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]{0,5})$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else current = prop(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The engine's request from an RPC body (`{method, caip2?, params, …}`, `@privy-io/node`'s wire
 * shape) and the wallet it is for: what the RPC handler and the dry run both evaluate.
 *
 * @example
 * const request = policyRequestFromRpc(body, { chain_type: 'ethereum', address: wallet.address });
 */
export function policyRequestFromRpc(
  body: { method: string; caip2?: string | undefined; params?: unknown },
  wallet: { chain_type: 'ethereum' | 'solana'; address: string },
): PolicyRequest {
  const params = body.params;
  return {
    method: body.method,
    chainType: wallet.chain_type,
    walletAddress: wallet.address,
    ...(body.caip2 === undefined ? {} : { caip2: body.caip2 }),
    params:
      typeof params === 'object' && params !== null && !Array.isArray(params)
        ? (params as Record<string, unknown>)
        : {},
    body,
  };
}
