import { aggregationReferencePrefix, type PolicyCondition } from '@latchkey/protocol';
import { absent, type Seen } from './coercion.ts';
import { ethereumField, requestBodyField } from './ethereum-fields.ts';
import { type EvaluationContext, type PolicyRequest, prop } from './request.ts';
import { solanaField } from './solana-fields.ts';
import type { DecodedInstruction } from './solana-transaction.ts';

/** The methods whose `message` is a message to sign (`message` field source). */
const messageMethods = new Set(['personal_sign', 'signMessage']);

/**
 * The bytes of a message to sign: `encoding` `hex` (with or without `0x`), `base64` (Solana), or
 * text (`utf-8`, the default). Null when they do not decode.
 */
function messageBytes(params: Record<string, unknown>): Uint8Array | null {
  const message = prop(params, 'message');
  if (typeof message !== 'string') return null;
  const encoding = prop(params, 'encoding');
  if (encoding === 'hex') {
    const hex = message.startsWith('0x') ? message.slice(2) : message;
    return /^([0-9a-fA-F]{2})*$/.test(hex) ? new Uint8Array(Buffer.from(hex, 'hex')) : null;
  }
  if (encoding === 'base64')
    return /^[A-Za-z0-9+/]*={0,2}$/.test(message) ? new Uint8Array(Buffer.from(message, 'base64')) : null;
  return new TextEncoder().encode(message);
}

/** `message`: `content` (the message as UTF-8 text; bytes that are not UTF-8 are undecodable) and `byte_length`. */
function messageField(request: PolicyRequest, field: string): Seen {
  if (!messageMethods.has(request.method)) return absent('not a message request');
  const bytes = messageBytes(request.params);
  if (!bytes) return absent('message does not decode');
  if (field === 'byte_length') return { kind: 'quantity', value: BigInt(bytes.length) };
  if (field !== 'content') return absent('unknown field');
  try {
    return { kind: 'string', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return absent('message is not UTF-8');
  }
}

/**
 * The condition's field in the request (and, for Solana transactions, in one instruction): what the
 * engine compares. Every source of REFERENCES §1.2 in Latchkey's scope.
 */
export function fieldOf(
  condition: PolicyCondition,
  request: PolicyRequest,
  context: EvaluationContext,
  instruction: DecodedInstruction | null,
): Seen {
  const ethereum = ethereumField(condition, request);
  if (ethereum) return ethereum;
  const solana = solanaField(condition, instruction);
  if (solana) return solana;
  switch (condition.field_source) {
    case 'system':
      return condition.field === 'current_unix_timestamp'
        ? { kind: 'quantity', value: BigInt(Math.floor(context.now)) }
        : absent('unknown field');
    case 'message':
      return messageField(request, condition.field);
    case 'action_request_body':
      return requestBodyField(request, condition.field);
    case 'reference': {
      if (!condition.field.startsWith(aggregationReferencePrefix)) return absent('unknown reference');
      const value = context.aggregations.get(condition.field.slice(aggregationReferencePrefix.length));
      return value === undefined
        ? absent('aggregation not measured for this request')
        : { kind: 'quantity', value };
    }
    default:
      return absent('unknown field source');
  }
}
