import { loginModes } from '@latchkey/protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from './api-error.ts';

/**
 * Reads the JSON body and validates it with `schema`. Malformed JSON, a non-object, a wrong type
 * or a missing field all become `invalid_data`, naming the first offending field.
 */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError('invalid_data', 'Request body is not valid JSON.');
    }
  }
  const problem = jsonProblem(raw);
  if (problem) throw new ApiError('invalid_data', `Invalid request body: ${problem}`);
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError('invalid_data', describeIssue(result.error));
  return result.data;
}

/** No request body of ours is nested anywhere near this deep; hostile ones are (`[[[[…]]]]`). */
export const maxJsonDepth = 64;

/**
 * What is wrong with a parsed JSON value as a request body, or null. Walked iteratively with an
 * explicit stack: a recursive walk of a body nested thousands of levels deep overflows the call
 * stack (a 500), and the schemas after it would recurse too, so depth is bounded here.
 * - PostgreSQL text cannot hold U+0000 and no field of ours needs it: it is refused here, once,
 *   rather than surfacing as a database error wherever a string reaches storage.
 */
export function jsonProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, depth] = entry;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'NUL characters are not allowed.';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxJsonDepth) return 'nested too deeply.';
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'NUL characters are not allowed.';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request data.';
  const field = issue.path.map(String).join('.');
  return field ? `Invalid ${field}: ${issue.message}` : `Invalid request body: ${issue.message}`;
}

/** Bounded strings: every string input has a ceiling so hostile bodies cannot balloon storage. */
export const boundedString = (max = 1024) => z.string().max(max);

/** The `mode` field every login route accepts. */
export const loginMode = z.enum(loginModes).optional();

/**
 * A schema whose input type is the contract's `Wire`, where the schema itself lets more through
 * and the handler refuses the rest with a more specific error than `invalid_data` (an OAuth
 * provider this server does not know, a missing PKCE verifier: `invalid_pkce_parameters`), or
 * checks it piece by piece (a batch import answers per user). `route` then checks `Wire` against
 * the route's request type as it would the schema's own input. `Wire` must be something the schema
 * accepts, so the server never refuses at this step what the contract allows.
 *
 * @example
 * provider: checkedByHandler<OAuthProviderName>()(boundedString(100)) // parseProvider checks it
 */
export const checkedByHandler =
  <Wire>() =>
  <S extends z.ZodType>(
    schema: S & ([Wire] extends [z.input<S>] ? unknown : { 'accepts less than the contract type': Wire }),
  ): z.ZodType<z.output<S>, Wire> =>
    schema as z.ZodType<z.output<S>, Wire>;
