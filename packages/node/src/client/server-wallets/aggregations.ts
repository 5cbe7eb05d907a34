import {
  type Aggregation,
  serverWalletPoliciesApi as api,
  type CreateAggregationRequest,
} from '@latchkey/protocol';
import { fillPath } from '../http.ts';
import type { CallOptions } from '../types.ts';
import { type ServerWalletsTransport, signedCall, type WriteOptions } from './signed-call.ts';

const aggregationPath = (path: string, id: string) => fillPath(path, { aggregation_id: id });

/**
 * Aggregations: a rolling-window sum (of a transaction's value, say) that a policy condition compares
 * (`field_source: 'reference'`); the server reserves a send's share before it signs, so two
 * concurrent sends cannot both pass a limit.
 */
export class Aggregations {
  readonly #transport: ServerWalletsTransport;

  constructor(transport: ServerWalletsTransport) {
    this.#transport = transport;
  }

  create(input: CreateAggregationRequest, options: WriteOptions = {}): Promise<Aggregation> {
    return signedCall(
      this.#transport,
      { method: 'POST', path: api.aggregationCreate.path, body: input },
      options,
    );
  }

  get(aggregationId: string, options: CallOptions = {}): Promise<Aggregation> {
    return this.#transport.http.request({
      method: 'GET',
      path: aggregationPath(api.aggregationGet.path, aggregationId),
      idempotent: true,
      ...options,
    });
  }

  async delete(aggregationId: string, options: WriteOptions = {}): Promise<void> {
    const path = aggregationPath(api.aggregationDelete.path, aggregationId);
    await signedCall(this.#transport, { method: 'DELETE', path }, options);
  }
}
