import type { PolicyAbi, PolicyCondition, PolicyOwnerInput } from './server-wallet-policies.ts';

/*
 * Aggregations (REFERENCES §1.5): rolling-window sums of a request field, which policy conditions
 * compare against limits. Routes in server-wallet-policy-routes.ts.
 */

/** What an aggregation sums: a field of the request (a quantity), with the ABI for calldata. */
export interface AggregationMetric {
  field_source: string;
  field: string;
  function: 'sum';
  abi?: PolicyAbi;
}

export interface AggregationWindow {
  type: 'rolling';
  /** 3600 to 259200 (1 to 72 hours). */
  seconds: number;
}

/** A rule reads an aggregation as `{field_source: 'reference', field: 'aggregation.<id>'}`. */
export const aggregationReferencePrefix = 'aggregation.';

/**
 * The field sources a metric or group_by may read: the request's own fields (of an EVM request, the
 * methods an aggregation counts), never another aggregation (`reference`).
 */
export const aggregationFieldSources = [
  'ethereum_transaction',
  'ethereum_calldata',
  'ethereum_typed_data_domain',
  'ethereum_typed_data_message',
  'ethereum_7702_authorization',
  'message',
  'action_request_body',
  'system',
] as const;

export interface AggregationGroupBy {
  field_source: string;
  field: string;
  abi?: PolicyAbi;
}

/**
 * The methods an aggregation counts: the incumbent's two, and `eth_sendTransaction` (Latchkey: a
 * send is a signature too, and limits on sends are what most apps want).
 */
export const aggregationMethods = [
  'eth_signTransaction',
  'eth_sendTransaction',
  'eth_signUserOperation',
] as const;
export type AggregationMethod = (typeof aggregationMethods)[number];

export interface Aggregation {
  id: string;
  name: string;
  method: AggregationMethod;
  metric: AggregationMetric;
  window: AggregationWindow;
  conditions?: PolicyCondition[];
  group_by?: AggregationGroupBy[];
  owner_id: string | null;
  /** Unix milliseconds. */
  created_at: number;
}

export interface CreateAggregationRequest {
  name: string;
  method: AggregationMethod;
  metric: AggregationMetric;
  window: AggregationWindow;
  conditions?: PolicyCondition[];
  group_by?: AggregationGroupBy[];
  owner?: PolicyOwnerInput | null;
  owner_id?: string | null;
}
