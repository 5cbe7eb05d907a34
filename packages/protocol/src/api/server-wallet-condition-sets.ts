import type { PolicyOwnerInput } from './server-wallet-policies.ts';

/*
 * Condition sets (REFERENCES §1.4): named lists of values that a policy condition tests with
 * `in_condition_set` / `not_in_condition_set`, and their items. Routes in server-wallet-policy-routes.ts.
 */

export interface ConditionSet {
  id: string;
  name: string;
  owner_id: string | null;
  /** Unix milliseconds. */
  created_at: number;
}

export interface ConditionSetItem {
  id: string;
  condition_set_id: string;
  value: string;
  /** Unix milliseconds. */
  created_at: number;
}

export interface CreateConditionSetRequest {
  name: string;
  owner?: PolicyOwnerInput | null;
  owner_id?: string | null;
}

export interface UpdateConditionSetRequest {
  name?: string;
  owner?: PolicyOwnerInput | null;
  owner_id?: string | null;
}

/** `POST` (add) and `PUT` (replace all) of condition set items: a JSON array, at most 100. */
export type ConditionSetItemsRequest = { value: string }[];

/** `GET …/condition_set_items?cursor=&limit=&query=`: `query` keeps values containing it. */
export interface ConditionSetItemsPage {
  items: ConditionSetItem[];
  next_cursor: string | null;
}
