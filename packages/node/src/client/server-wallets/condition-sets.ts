import {
  serverWalletPoliciesApi as api,
  type ConditionSet,
  type ConditionSetItem,
  type ConditionSetItemsPage,
  type CreateConditionSetRequest,
  type UpdateConditionSetRequest,
} from '@latchkey/protocol';
import { fillPath } from '../http.ts';
import type { CallOptions } from '../types.ts';
import { cursorPages } from './cursor-pages.ts';
import { type ServerWalletsTransport, signedCall, type WriteOptions } from './signed-call.ts';

const setPath = (path: string, setId: string, itemId?: string) =>
  fillPath(
    path,
    itemId === undefined
      ? { condition_set_id: setId }
      : { condition_set_id: setId, condition_set_item_id: itemId },
  );

/**
 * Condition sets: lists of values (addresses, program ids) a condition names with the
 * `in_condition_set` operator, kept apart from the policy so they change without touching its rules.
 */
export class ConditionSets {
  readonly #transport: ServerWalletsTransport;

  constructor(transport: ServerWalletsTransport) {
    this.#transport = transport;
  }

  create(input: CreateConditionSetRequest, options: WriteOptions = {}): Promise<ConditionSet> {
    return signedCall(
      this.#transport,
      { method: 'POST', path: api.conditionSetCreate.path, body: input },
      options,
    );
  }

  get(conditionSetId: string, options: CallOptions = {}): Promise<ConditionSet> {
    return this.#read(setPath(api.conditionSetGet.path, conditionSetId), options);
  }

  update(
    conditionSetId: string,
    input: UpdateConditionSetRequest,
    options: WriteOptions = {},
  ): Promise<ConditionSet> {
    const path = setPath(api.conditionSetUpdate.path, conditionSetId);
    return signedCall(this.#transport, { method: 'PATCH', path, body: input }, options);
  }

  async delete(conditionSetId: string, options: WriteOptions = {}): Promise<void> {
    await signedCall(
      this.#transport,
      { method: 'DELETE', path: setPath(api.conditionSetDelete.path, conditionSetId) },
      options,
    );
  }

  /** Adds values (at most 100 a call). */
  addItems(
    conditionSetId: string,
    values: readonly string[],
    options: WriteOptions = {},
  ): Promise<ConditionSetItem[]> {
    const path = setPath(api.conditionSetItemsAdd.path, conditionSetId);
    return signedCall(
      this.#transport,
      { method: 'POST', path, body: values.map((value) => ({ value })) },
      options,
    );
  }

  /** Replaces every value with these (at most 100). */
  replaceItems(
    conditionSetId: string,
    values: readonly string[],
    options: WriteOptions = {},
  ): Promise<ConditionSetItem[]> {
    const path = setPath(api.conditionSetItemsReplace.path, conditionSetId);
    return signedCall(
      this.#transport,
      { method: 'PUT', path, body: values.map((value) => ({ value })) },
      options,
    );
  }

  /** Every item, page by page; `query` keeps the values containing it. */
  items(
    conditionSetId: string,
    params: { query?: string; limit?: number } = {},
    options: CallOptions = {},
  ): AsyncGenerator<ConditionSetItem, void> {
    return cursorPages(async (cursor) => {
      const page = await this.#read<ConditionSetItemsPage>(
        setPath(api.conditionSetItemsList.path, conditionSetId),
        options,
        { ...params, cursor },
      );
      return { items: page.items, next_cursor: page.next_cursor };
    });
  }

  getItem(conditionSetId: string, itemId: string, options: CallOptions = {}): Promise<ConditionSetItem> {
    return this.#read(setPath(api.conditionSetItemGet.path, conditionSetId, itemId), options);
  }

  async deleteItem(conditionSetId: string, itemId: string, options: WriteOptions = {}): Promise<void> {
    const path = setPath(api.conditionSetItemDelete.path, conditionSetId, itemId);
    await signedCall(this.#transport, { method: 'DELETE', path }, options);
  }

  #read<T>(
    path: string,
    options: CallOptions,
    query?: Record<string, string | number | undefined>,
  ): Promise<T> {
    return this.#transport.http.request({ method: 'GET', path, query, idempotent: true, ...options });
  }
}
