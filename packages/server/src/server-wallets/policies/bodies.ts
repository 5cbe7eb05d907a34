import { type PolicyAbi, type PolicyCondition, policyLimits } from '@latchkey/protocol';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { checkedByHandler } from '../../http/body.ts';

/** Body pieces the policy resources' schemas share. */
export const name = (max: number) => z.string().min(1).max(max);

export const conditionsInput = checkedByHandler<PolicyCondition[]>()(
  z.array(z.unknown()).max(policyLimits.conditionsMax),
);
export const abiInput = checkedByHandler<PolicyAbi>()(z.array(z.unknown()).max(200).readonly());

export const noFields = z.object({});

export const atLeastOne = (body: Record<string, unknown>) => {
  if (Object.values(body).every((v) => v === undefined))
    throw new ApiError('invalid_data', 'An update needs at least one field.');
};
