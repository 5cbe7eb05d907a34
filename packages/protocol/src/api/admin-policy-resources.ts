import type { AdminPage } from './common.ts';
import type { Aggregation, CreateAggregationRequest } from './server-wallet-aggregations.ts';
import type {
  ConditionSet,
  ConditionSetItem,
  ConditionSetItemsPage,
  ConditionSetItemsRequest,
} from './server-wallet-condition-sets.ts';
import type { PolicyDeleteResponse } from './server-wallet-policies.ts';

/*
 * The policy resources a dashboard user builds policies from (`/admin/v1/apps/:id/...`): condition
 * sets with their items, and aggregations. Listed (the REST API has no list), read, and written
 * only without an owner: an owned set or aggregation changes only with its owner's signature, which
 * the dashboard does not hold, so it is read-only here. Part of `adminServerWalletsApi`.
 */

/** A condition set in the dashboard's list: the REST view, and how many values it holds. */
export interface AdminConditionSet extends ConditionSet {
  item_count: number;
}

/** A condition set opened: one page of its items (`?cursor=&limit=`, oldest first). */
export interface AdminConditionSetDetail extends AdminConditionSet, ConditionSetItemsPage {}

/** A condition set the admin makes or renames: never an owner. */
export interface AdminConditionSetRequest {
  name: string;
}

/** Values added to a set (at most 100 per call; a value already there stays as it was). */
export interface AdminConditionSetItemsRequest {
  items: ConditionSetItemsRequest;
}

/** An aggregation the admin makes: the REST API's body without an owner. */
export type AdminAggregationCreateRequest = Omit<CreateAggregationRequest, 'owner' | 'owner_id'>;

/** The routes, spread into `adminServerWalletsApi`'s table. */
export const adminPolicyResourcesTable = {
  adminConditionSetsList: { method: 'GET', path: '/admin/v1/apps/:id/condition_sets' },
  adminConditionSetsCreate: { method: 'POST', path: '/admin/v1/apps/:id/condition_sets' },
  adminConditionSetGet: { method: 'GET', path: '/admin/v1/apps/:id/condition_sets/:condition_set_id' },
  adminConditionSetUpdate: {
    method: 'PATCH',
    path: '/admin/v1/apps/:id/condition_sets/:condition_set_id',
  },
  adminConditionSetDelete: {
    method: 'DELETE',
    path: '/admin/v1/apps/:id/condition_sets/:condition_set_id',
  },
  adminConditionSetItemsAdd: {
    method: 'POST',
    path: '/admin/v1/apps/:id/condition_sets/:condition_set_id/condition_set_items',
  },
  adminConditionSetItemDelete: {
    method: 'DELETE',
    path: '/admin/v1/apps/:id/condition_sets/:condition_set_id/condition_set_items/:condition_set_item_id',
  },
  adminAggregationsList: { method: 'GET', path: '/admin/v1/apps/:id/aggregations' },
  adminAggregationsCreate: { method: 'POST', path: '/admin/v1/apps/:id/aggregations' },
  adminAggregationGet: { method: 'GET', path: '/admin/v1/apps/:id/aggregations/:aggregation_id' },
  adminAggregationDelete: {
    method: 'DELETE',
    path: '/admin/v1/apps/:id/aggregations/:aggregation_id',
  },
} as const;

/** Their body types. Lists take `?cursor=&limit=` (≤ 100), newest first. */
export interface AdminPolicyResourcesTypes {
  adminConditionSetsList: { request: undefined; response: AdminPage<AdminConditionSet> };
  adminConditionSetsCreate: { request: AdminConditionSetRequest; response: AdminConditionSet };
  adminConditionSetGet: { request: undefined; response: AdminConditionSetDetail };
  adminConditionSetUpdate: { request: AdminConditionSetRequest; response: AdminConditionSet };
  adminConditionSetDelete: { request: undefined; response: PolicyDeleteResponse };
  adminConditionSetItemsAdd: { request: AdminConditionSetItemsRequest; response: ConditionSetItem[] };
  adminConditionSetItemDelete: { request: undefined; response: PolicyDeleteResponse };
  adminAggregationsList: { request: undefined; response: AdminPage<Aggregation> };
  adminAggregationsCreate: { request: AdminAggregationCreateRequest; response: Aggregation };
  adminAggregationGet: { request: undefined; response: Aggregation };
  adminAggregationDelete: { request: undefined; response: PolicyDeleteResponse };
}
