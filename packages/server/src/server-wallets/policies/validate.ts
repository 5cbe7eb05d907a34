import {
  aggregationReferencePrefix,
  conditionOperators,
  type PolicyAbi,
  type PolicyChainType,
  type PolicyCondition,
  type PolicyMethod,
  type PolicyRuleInput,
  type PolicyTypedDataInput,
  policyFieldSources,
  policyLimits,
  policyMethods,
} from '@latchkey/protocol';
import { ApiError } from '../../http/api-error.ts';
import { abiFunctionNames } from './ethereum-fields.ts';
import { prop } from './request.ts';

/*
 * Checks rules and conditions as written (spec document 2 §5, REFERENCES §1.1–1.4): anything
 * malformed inside them is `invalid_policy_format`, naming where (`rules[0].conditions[1].field`).
 * What is accepted is rebuilt with the known keys only, so nothing else is stored.
 */

const fail = (where: string, message: string): never => {
  throw new ApiError('invalid_policy_format', `Invalid ${where}: ${message}`);
};

/** Methods per chain type; the rest (`*`, exports, transfer, raw bytes) apply to both. */
const ethereumMethods = new Set<string>([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signUserOperation',
  'eth_signTypedData_v4',
  'personal_sign',
  'eth_sign7702Authorization',
  'wallet_sendCalls',
]);
const solanaMethods = new Set<string>(['signTransaction', 'signAndSendTransaction', 'signMessage']);

export function methodFits(method: string, chainType: PolicyChainType): boolean {
  if (ethereumMethods.has(method)) return chainType === 'ethereum';
  if (solanaMethods.has(method)) return chainType === 'solana';
  return true;
}

/** A dotted path of plain segments (letters, digits, `_`, `$`), at most 8 deep. */
const pathPattern = /^[A-Za-z0-9_$]{1,64}(\.[A-Za-z0-9_$]{1,64}){0,7}$/;
const forbiddenSegments = new Set(['__proto__', 'constructor', 'prototype']);
const isPath = (field: string) =>
  pathPattern.test(field) && !field.split('.').some((s) => forbiddenSegments.has(s));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const boundedText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= max;

function parseAbi(raw: unknown, where: string): PolicyAbi {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 200 || !raw.every(isRecord))
    return fail(where, 'expected a JSON ABI (an array of ABI items).');
  for (const [i, item] of raw.entries()) {
    const type = prop(item, 'type');
    if (!['function', 'constructor', 'event', 'fallback', 'receive', 'error'].includes(String(type)))
      fail(`${where}[${i}].type`, 'not an ABI item type.');
    if (type === 'function' && !boundedText(prop(item, 'name'), 256))
      fail(`${where}[${i}].name`, 'required.');
    const inputs = prop(item, 'inputs');
    if (
      inputs !== undefined &&
      (!Array.isArray(inputs) || !inputs.every((p) => typeof prop(p, 'type') === 'string'))
    )
      fail(`${where}[${i}].inputs`, 'each input needs a type.');
  }
  return raw as PolicyAbi;
}

function parseTypedData(raw: unknown, where: string): PolicyTypedDataInput {
  const primaryType = prop(raw, 'primary_type');
  const types = prop(raw, 'types');
  if (!boundedText(primaryType, 256)) return fail(`${where}.primary_type`, 'required.');
  if (!isRecord(types)) return fail(`${where}.types`, 'expected an object of EIP-712 types.');
  const parsed: PolicyTypedDataInput['types'] = {};
  for (const [name, fields] of Object.entries(types)) {
    if (!Array.isArray(fields) || fields.length > 100)
      return fail(`${where}.types.${name}`, 'expected a list of {name, type}.');
    parsed[name] = fields.map((f, i) => {
      const fieldName = prop(f, 'name');
      const fieldType = prop(f, 'type');
      if (!boundedText(fieldName, 256) || !boundedText(fieldType, 256))
        return fail(`${where}.types.${name}[${i}]`, 'expected {name, type}.');
      return { name: fieldName, type: fieldType };
    });
  }
  if (!parsed[primaryType]) fail(`${where}.primary_type`, 'not among the types.');
  return { primary_type: primaryType, types: parsed };
}

/** What rules refer to, for the caller to check exists in the app. */
export interface References {
  conditionSets: Set<string>;
  aggregations: Set<string>;
}

export const noReferences = (): References => ({ conditionSets: new Set(), aggregations: new Set() });

/** One condition, checked for the chain type; `references` collects the sets and aggregations it names. */
export function parseCondition(
  raw: unknown,
  chainType: PolicyChainType,
  where: string,
  references: References,
): PolicyCondition {
  if (!isRecord(raw)) return fail(where, 'expected a condition object.');
  const fieldSource = raw.field_source;
  const field = raw.field;
  const operator = raw.operator;
  const value = raw.value;
  const source =
    typeof fieldSource === 'string' && Object.hasOwn(policyFieldSources, fieldSource)
      ? policyFieldSources[fieldSource]
      : null;
  if (!source) return fail(`${where}.field_source`, 'not a field source Latchkey knows.');
  if (!source.chains.includes(chainType))
    fail(`${where}.field_source`, `does not apply to ${chainType} policies.`);
  if (typeof field !== 'string' || field.length === 0 || field.length > 256)
    return fail(`${where}.field`, 'required.');
  if (source.fields ? !source.fields.includes(field) : !isPath(field))
    fail(`${where}.field`, `not a field of ${fieldSource}.`);
  if (typeof operator !== 'string' || !(conditionOperators as readonly string[]).includes(operator))
    return fail(`${where}.operator`, 'not an operator.');
  const listOperator = operator === 'in' || operator === 'not_in';
  if (listOperator) {
    if (
      !Array.isArray(value) ||
      value.length === 0 ||
      value.length > policyLimits.valuesMax ||
      !value.every((v) => boundedText(v, 1024))
    )
      fail(`${where}.value`, `expected a list of 1 to ${policyLimits.valuesMax} strings for ${operator}.`);
  } else if (!boundedText(value, 1024)) fail(`${where}.value`, `expected a string for ${operator}.`);
  const condition: PolicyCondition = {
    field_source: fieldSource as string,
    field,
    operator: operator as PolicyCondition['operator'],
    value: value as string | string[],
  };
  if (operator === 'in_condition_set' || operator === 'not_in_condition_set')
    references.conditionSets.add(value as string);
  if (fieldSource === 'ethereum_calldata') {
    const abi = parseAbi(raw.abi, `${where}.abi`);
    const names = abiFunctionNames(abi);
    const [functionName] = field.split('.');
    if (field !== 'function_name' && (!functionName || !names.includes(functionName) || !field.includes('.')))
      fail(`${where}.field`, 'expected function_name or <function>.<parameter> of a function in the abi.');
    condition.abi = abi;
  }
  if (fieldSource === 'ethereum_typed_data_message')
    condition.typed_data = parseTypedData(raw.typed_data, `${where}.typed_data`);
  if (fieldSource === 'reference') {
    const id = field.startsWith(aggregationReferencePrefix)
      ? field.slice(aggregationReferencePrefix.length)
      : '';
    if (!/^[a-z0-9]{1,64}$/.test(id)) fail(`${where}.field`, 'expected aggregation.<aggregation_id>.');
    references.aggregations.add(id);
  }
  return condition;
}

export function parseConditions(
  raw: unknown,
  chainType: PolicyChainType,
  where: string,
  references: References,
): PolicyCondition[] {
  if (!Array.isArray(raw) || raw.length > policyLimits.conditionsMax)
    return fail(where, `expected a list of at most ${policyLimits.conditionsMax} conditions.`);
  return raw.map((condition, i) => parseCondition(condition, chainType, `${where}[${i}]`, references));
}

/** One rule: name 1–50, a method for the chain type, ALLOW or DENY, its conditions. */
export function parseRule(
  raw: unknown,
  chainType: PolicyChainType,
  where: string,
  references: References,
): PolicyRuleInput {
  if (!isRecord(raw)) return fail(where, 'expected a rule object.');
  const { name, method, action } = raw;
  if (!boundedText(name, policyLimits.nameMaxLength))
    fail(`${where}.name`, `1 to ${policyLimits.nameMaxLength} characters.`);
  if (typeof method !== 'string' || !(policyMethods as readonly string[]).includes(method))
    return fail(`${where}.method`, 'not a method a rule can name.');
  if (!methodFits(method, chainType)) fail(`${where}.method`, `not a ${chainType} method.`);
  if (action !== 'ALLOW' && action !== 'DENY') return fail(`${where}.action`, 'expected ALLOW or DENY.');
  return {
    name: name as string,
    method: method as PolicyMethod,
    action,
    conditions: parseConditions(raw.conditions, chainType, `${where}.conditions`, references),
  };
}

export function parseRules(
  raw: unknown,
  chainType: PolicyChainType,
  references: References,
): PolicyRuleInput[] {
  if (!Array.isArray(raw) || raw.length > policyLimits.rulesMax)
    return fail('rules', `expected a list of at most ${policyLimits.rulesMax} rules.`);
  return raw.map((rule, i) => parseRule(rule, chainType, `rules[${i}]`, references));
}
