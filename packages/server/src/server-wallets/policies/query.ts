import { policyLimits } from '@latchkey/protocol';
import { ApiError } from '../../http/api-error.ts';

/** `?limit=`: 1 to 100, default 100. */
export function queryLimit(raw: string | undefined): number {
  if (raw === undefined) return policyLimits.itemsPerCall;
  const limit = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= policyLimits.itemsPerCall))
    throw new ApiError('invalid_data', `Invalid limit: an integer from 1 to ${policyLimits.itemsPerCall}.`);
  return limit;
}

export const cursorOf = (raw: string | undefined) => (raw ? raw : undefined);
