import { ApiError } from '../http/api-error.ts';
import type { Delivery } from './delivery.ts';

/**
 * A channel with no provider outside development: every send is refused with `not_supported`.
 * Codes must never fall back to the dev outbox there, which would print them to the log.
 */
export function unconfiguredDelivery(channel: 'Email' | 'SMS'): Delivery {
  return {
    async send() {
      throw new ApiError('not_supported', `${channel} is not configured on this server.`);
    },
  };
}
