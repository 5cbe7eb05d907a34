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
  // PostgreSQL text cannot hold U+0000 and no field of ours needs it: refuse it here, once, rather
  // than let it surface as a database error (a 500) wherever a string reaches storage.
  if (containsNul(raw))
    throw new ApiError('invalid_data', 'Invalid request body: NUL characters are not allowed.');
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError('invalid_data', describeIssue(result.error));
  return result.data;
}

/** True when any string or key inside a parsed JSON value contains U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(containsNul);
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
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
export const loginMode = z.enum(['login-or-sign-up', 'no-signup']).optional();
