import { userIdPrefix, usersApiLimits } from '@latchkey/protocol';
import type { ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import type { Database } from '../storage/schema.ts';
import { emailIdentifier, phoneIdentifier, walletIdentifier } from './identifiers.ts';
import { containsPattern, identifierLike, pageLimit, usersPage } from './pages.ts';

const list = (max: number) => z.array(boundedString(max)).max(usersApiLimits.searchMaxValues).optional();

/** `POST /users/search` (WIRE.md §7.2): a term, or lists of emails, phone numbers and wallet addresses. */
export const searchBody = z.object({
  searchTerm: boundedString(256).optional(),
  emails: list(320),
  phoneNumbers: list(64),
  walletAddresses: list(100),
  cursor: boundedString(64).optional(),
  limit: z.number().optional(),
});

export type SearchBody = z.infer<typeof searchBody>;

/**
 * The users whose accounts match: with `searchTerm`, any account identifier (email, phone,
 * address, subject, custom id, fid) containing it, ignoring case, or the user id itself; with
 * lists, accounts equal to one of the values, normalised as login stores them.
 */
export async function searchUsers(ctx: ServerContext, appId: string, body: SearchBody) {
  const limit = pageLimit(body.limit);
  const term = body.searchTerm?.trim().toLowerCase();
  const lists = {
    email: body.emails?.map((e) => emailIdentifier(e, 'emails')) ?? [],
    phone: body.phoneNumbers?.map(phoneIdentifier) ?? [],
    wallet: body.walletAddresses?.map(walletIdentifier) ?? [],
  };
  if (term === undefined && !body.emails && !body.phoneNumbers && !body.walletAddresses)
    throw new ApiError('invalid_data', 'Give searchTerm, or emails, phoneNumbers or walletAddresses.');
  if (term === '') throw new ApiError('invalid_data', 'Invalid searchTerm: empty.');
  const matching = (eb: ExpressionBuilder<Database, 'linked_accounts'>) => {
    if (term !== undefined) return identifierLike(containsPattern(term));
    const any = Object.entries(lists)
      .filter(([, values]) => values.length > 0)
      .map(([type, values]) => eb.and([eb('type', '=', type), eb('identifier', 'in', values)]));
    return any.length > 0 ? eb.or(any) : eb.val(false);
  };
  const ownId = term?.startsWith(userIdPrefix) ? term.slice(userIdPrefix.length) : term;
  return usersPage(ctx, appId, {
    cursor: body.cursor,
    limit,
    filter: (eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('linked_accounts').select('user_id').where('app_id', '=', appId).where(matching),
        ),
        ...(ownId ? [eb('id', '=', ownId)] : []),
      ]),
  });
}
