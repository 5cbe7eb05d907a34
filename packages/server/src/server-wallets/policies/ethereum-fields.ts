import type { PolicyAbi, PolicyCondition, PolicyTypedDataInput } from '@latchkey/protocol';
import { type Abi, type AbiParameter, decodeFunctionData, type Hex } from 'viem';
import { absent, type FieldKind, type Seen, seenAs } from './coercion.ts';
import { atPath, type PolicyRequest, prop } from './request.ts';

/*
 * The EVM field sources (REFERENCES §1.2): a transaction's fields, its calldata decoded with the
 * condition's ABI, EIP-712 typed data's domain and message, and EIP-7702 authorizations. A source
 * that does not apply to the request's method, or a field the request lacks, is absent.
 */

const transactionMethods = new Set(['eth_signTransaction', 'eth_sendTransaction']);

/** `params.transaction` of a transaction method, or undefined. */
function transactionOf(request: PolicyRequest): unknown {
  return transactionMethods.has(request.method) ? prop(request.params, 'transaction') : undefined;
}

/** The chain id of `eip155:<id>`, else undefined. */
function caip2ChainId(caip2: string | undefined): string | undefined {
  const match = caip2 ? /^eip155:([0-9]{1,20})$/.exec(caip2) : null;
  return match?.[1];
}

/** `ethereum_transaction`: `to` (address), `value` and `chain_id` (quantities). */
export function transactionField(request: PolicyRequest, field: string): Seen {
  const tx = transactionOf(request);
  if (tx === undefined) return absent('not a transaction request');
  switch (field) {
    case 'to':
      return seenAs('address', prop(tx, 'to'));
    case 'value':
      // A transaction without `value` sends 0, as the chain reads it (the one absent field with a
      // meaning: a contract call with no value is not "undecodable").
      return seenAs('quantity', prop(tx, 'value') ?? 0);
    case 'chain_id':
      return seenAs('quantity', prop(tx, 'chain_id') ?? caip2ChainId(request.caip2));
    default:
      return absent('unknown field');
  }
}

/** The kind an ABI (or EIP-712) type compares as. */
export function kindOfType(type: string): FieldKind {
  if (type === 'address') return 'address';
  if (/^u?int[0-9]*$/.test(type)) return 'quantity';
  if (/^bytes[0-9]*$/.test(type)) return 'hex';
  return 'string';
}

/**
 * A decoded ABI value at a path of component names or array indexes below `parameter`, with the
 * kind of the leaf; arrays and tuples themselves are not comparable (absent).
 */
function abiLeaf(parameter: AbiParameter, value: unknown, rest: string[]): Seen {
  const array = /^(.*)\[[0-9]*\]$/.exec(parameter.type);
  if (array) {
    const [index, ...more] = rest;
    if (index === undefined || !/^[0-9]{1,6}$/.test(index) || !Array.isArray(value))
      return absent('an array needs an index');
    return abiLeaf({ ...parameter, type: array[1]! } as AbiParameter, value[Number(index)], more);
  }
  if (parameter.type === 'tuple') {
    const [name, ...more] = rest;
    const components = 'components' in parameter ? parameter.components : [];
    const position = components.findIndex((c, i) => c.name === name || String(i) === name);
    const component = components[position];
    if (name === undefined || !component) return absent('no such tuple component');
    const child = Array.isArray(value) ? value[position] : prop(value, component.name ?? String(position));
    return abiLeaf(component, child, more);
  }
  if (rest.length > 0) return absent('no such field');
  const kind = kindOfType(parameter.type);
  if (typeof value === 'bigint') return value < 0n ? absent('negative') : { kind: 'quantity', value };
  return seenAs(kind, value);
}

/**
 * `ethereum_calldata`: `function_name`, or `<function>.<parameter>[.<component or index>…]` of the
 * calldata decoded with `abi` (viem's decodeFunctionData). Calldata the ABI does not decode, or a
 * different function than the field names, is absent.
 */
export function calldataField(request: PolicyRequest, field: string, abi: PolicyAbi | undefined): Seen {
  const data = prop(transactionOf(request), 'data');
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{8,}$/.test(data)) return absent('no calldata');
  if (!abi) return absent('no abi');
  let decoded: { functionName: string; args: readonly unknown[] | undefined };
  try {
    decoded = decodeFunctionData({ abi: abi as unknown as Abi, data: data as Hex });
  } catch {
    return absent('calldata does not decode with the abi');
  }
  if (field === 'function_name') return { kind: 'string', text: decoded.functionName };
  const [functionName, parameterName, ...rest] = field.split('.');
  if (functionName !== decoded.functionName || parameterName === undefined)
    return absent(`calldata calls ${decoded.functionName}`);
  const item = (abi as unknown as Abi).find(
    (entry) => entry.type === 'function' && entry.name === decoded.functionName,
  );
  const inputs = item && 'inputs' in item ? item.inputs : [];
  const position = inputs.findIndex((p, i) => p.name === parameterName || String(i) === parameterName);
  const parameter = inputs[position];
  if (!parameter) return absent('no such parameter');
  return abiLeaf(parameter, decoded.args?.[position], rest);
}

/** `params.typed_data` (or `typedData`, as some clients spell it). */
function typedDataOf(request: PolicyRequest): unknown {
  if (request.method !== 'eth_signTypedData_v4') return undefined;
  return prop(request.params, 'typed_data') ?? prop(request.params, 'typedData');
}

/** `ethereum_typed_data_domain`: `chainId` (quantity) and `verifyingContract` (address), snake aliases too. */
export function typedDataDomainField(request: PolicyRequest, field: string): Seen {
  const domain = prop(typedDataOf(request), 'domain');
  if (domain === undefined) return absent('not a typed-data request');
  if (field === 'chainId' || field === 'chain_id')
    return seenAs('quantity', prop(domain, 'chainId') ?? prop(domain, 'chain_id'));
  if (field === 'verifyingContract' || field === 'verifying_contract')
    return seenAs('address', prop(domain, 'verifyingContract') ?? prop(domain, 'verifying_contract'));
  return absent('unknown field');
}

type Types = Record<string, readonly { name: string; type: string }[]>;

/** The struct types apart from `EIP712Domain` (which clients add or leave out at will). */
function structTypes(types: unknown): Types | null {
  if (typeof types !== 'object' || types === null || Array.isArray(types)) return null;
  const result: Types = {};
  for (const [name, fields] of Object.entries(types)) {
    if (name === 'EIP712Domain') continue;
    if (!Array.isArray(fields)) return null;
    result[name] = fields.map((f) => ({ name: String(prop(f, 'name')), type: String(prop(f, 'type')) }));
  }
  return result;
}

const sameTypes = (a: Types, b: Types): boolean =>
  JSON.stringify(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))) ===
  JSON.stringify(Object.entries(b).sort(([x], [y]) => (x < y ? -1 : 1)));

/**
 * `ethereum_typed_data_message`: a dotted path into `message`, typed by the condition's
 * `typed_data`. The request's `primary_type` and struct types (apart from `EIP712Domain`) must equal
 * the condition's; otherwise the message is another kind of message and the field is absent.
 */
export function typedDataMessageField(
  request: PolicyRequest,
  field: string,
  typedData: PolicyTypedDataInput | undefined,
): Seen {
  const data = typedDataOf(request);
  if (data === undefined) return absent('not a typed-data request');
  if (!typedData) return absent('no typed_data');
  const primaryType = prop(data, 'primary_type') ?? prop(data, 'primaryType');
  const requestTypes = structTypes(prop(data, 'types'));
  const conditionTypes = structTypes(typedData.types);
  if (
    primaryType !== typedData.primary_type ||
    !requestTypes ||
    !conditionTypes ||
    !sameTypes(requestTypes, conditionTypes)
  )
    return absent('typed data of other types');
  // Walk the types beside the message, so the leaf's kind comes from its declared type.
  let type = typedData.primary_type;
  let value: unknown = prop(data, 'message');
  for (const segment of field.split('.')) {
    const array = /^(.*)\[[0-9]*\]$/.exec(type);
    if (array) {
      if (!/^[0-9]{1,6}$/.test(segment) || !Array.isArray(value)) return absent('an array needs an index');
      type = array[1]!;
      value = value[Number(segment)];
      continue;
    }
    const member = conditionTypes[type]?.find((f) => f.name === segment);
    if (!member) return absent('no such field in the types');
    type = member.type;
    value = prop(value, segment);
  }
  if (conditionTypes[type] || /\[[0-9]*\]$/.test(type)) return absent('a struct or array, not a value');
  return seenAs(kindOfType(type), value);
}

/** `ethereum_7702_authorization`: `contract` (address). */
export function authorizationField(request: PolicyRequest, field: string): Seen {
  if (request.method !== 'eth_sign7702Authorization') return absent('not a 7702 authorization');
  if (field !== 'contract') return absent('unknown field');
  return seenAs('address', prop(request.params, 'contract'));
}

/** `action_request_body`: a dotted path into the request body; scalars only. */
export function requestBodyField(request: PolicyRequest, field: string): Seen {
  const value = atPath(request.body, field);
  if (typeof value === 'object' && value !== null) return absent('an object, not a value');
  return seenAs('string', value);
}

/** The ABI's function names: `ethereum_calldata` fields must name one (validate.ts). */
export function abiFunctionNames(abi: PolicyAbi): string[] {
  return abi
    .filter((item) => item.type === 'function' && typeof item.name === 'string')
    .map((item) => String(item.name));
}

/** The condition's field on the request, for the EVM sources; null: not an EVM source. */
export function ethereumField(condition: PolicyCondition, request: PolicyRequest): Seen | null {
  switch (condition.field_source) {
    case 'ethereum_transaction':
      return transactionField(request, condition.field);
    case 'ethereum_calldata':
      return calldataField(request, condition.field, condition.abi);
    case 'ethereum_typed_data_domain':
      return typedDataDomainField(request, condition.field);
    case 'ethereum_typed_data_message':
      return typedDataMessageField(request, condition.field, condition.typed_data);
    case 'ethereum_7702_authorization':
      return authorizationField(request, condition.field);
    default:
      return null;
  }
}
