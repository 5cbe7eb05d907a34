/**
 * Compiled by `npm run typecheck` (no test runs it): the compiler must refuse every body schema
 * below marked `@ts-expect-error`, and accept the others. If `route` stopped checking bodies
 * against the contract, the expected errors would vanish and typecheck would fail on the unused
 * directives.
 */
import type { AppPatchRequest, Route } from '@latchkey/protocol';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import type { appPatch } from './app-config/config-schema.ts';
import type { BodyMatches } from './body-match.ts';
import { bindBody, lenientRoute, route } from './feature.ts';
import { checkedByHandler } from './http/body.ts';

interface Request {
  email: string;
  code: string;
  mode?: 'login-or-sign-up' | 'no-signup';
  device?: { id: string; label?: string | null };
}
declare const login: Route<'POST', '/login', { request: Request; response: unknown }>;
declare const noBody: Route<'GET', '/me', { request: undefined; response: unknown }>;
const handler = () => new Response();

const email = z.string().max(320);
const mode = z.enum(['login-or-sign-up', 'no-signup']).optional();
const device = z.object({ id: z.string(), label: z.string().nullish() }).optional();
const fields = { email, code: z.string(), mode, device };

// Accepted: the same fields, types and optionality.
route(login, { auth: 'app', body: z.object(fields), handler });
bindBody(login, z.object(fields));
lenientRoute(login, { auth: 'app', schema: z.object(fields), handler });

// A transform changes what the handler gets, not what the wire carries: the input is compared.
route(login, {
  auth: 'app',
  body: z.object({ ...fields, code: z.string().transform((code) => code.length) }),
  handler: (_c, body) => {
    expectTypeOf(body.code).toEqualTypeOf<number>();
    return new Response();
  },
});

// A default makes a field optional on the wire: the contract must say so.
route(login, {
  auth: 'app',
  body: z.object({ ...fields, mode: z.enum(['login-or-sign-up', 'no-signup']).default('login-or-sign-up') }),
  handler,
});
declare const strictMode: Route<
  'POST',
  '/login',
  { request: Omit<Request, 'mode'> & { mode: Request['mode'] & {} }; response: unknown }
>;
route(strictMode, {
  auth: 'app',
  // @ts-expect-error: the default lets `mode` be absent; the contract requires it
  body: z.object({ ...fields, mode: z.enum(['login-or-sign-up', 'no-signup']).default('login-or-sign-up') }),
  handler,
});

route(login, {
  auth: 'app',
  // @ts-expect-error: `code` is missing
  body: z.object({ email, mode, device }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: `token` is not in the contract
  body: z.object({ ...fields, token: z.string() }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: an optional extra field is still an extra field
  body: z.object({ ...fields, token: z.string().optional() }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: `code` is a string in the contract
  body: z.object({ ...fields, code: z.number() }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: 'sign-up' is not a login mode
  body: z.object({ ...fields, mode: z.enum(['login-or-sign-up', 'sign-up']).optional() }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: a login mode is missing
  body: z.object({ ...fields, mode: z.enum(['login-or-sign-up']).optional() }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: `code` is required in the contract
  body: z.object({ ...fields, code: z.string().optional() }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: `mode` is optional in the contract
  body: z.object({ ...fields, mode: z.enum(['login-or-sign-up', 'no-signup']) }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: `device.label` may be null in the contract
  body: z.object({
    ...fields,
    device: z.object({ id: z.string(), label: z.string().optional() }).optional(),
  }),
  handler,
});
route(login, {
  auth: 'app',
  // @ts-expect-error: `device` has an extra optional field
  body: z.object({
    ...fields,
    device: z.object({ id: z.string(), label: z.string().nullish(), kind: z.string().optional() }).optional(),
  }),
  handler,
});
// @ts-expect-error: a route with a request declares its body
route(login, { auth: 'app', handler });
// @ts-expect-error: a route whose request is `undefined` takes none
route(noBody, { auth: 'app', body: z.object({}), handler });
route(noBody, { auth: 'app', handler });
// @ts-expect-error: bound bodies are checked the same way
bindBody(login, z.object({ email, mode, device }));
lenientRoute(login, {
  auth: 'app',
  // @ts-expect-error: and lenient ones
  schema: z.object({ email, mode, device }),
  handler,
});

// `checkedByHandler` states the contract's type of what the schema lets through: accepted when the
// schema accepts all of it, refused when the schema would refuse some of what the contract allows.
route(login, {
  auth: 'app',
  body: z.object({ ...fields, code: checkedByHandler<string>()(z.string().optional()) }),
  handler,
});
// @ts-expect-error: the schema refuses strings the contract allows
checkedByHandler<string>()(z.number());

// The admin PATCH reads a record and checks it with `appPatch` in `updateApp`: that schema is the contract's.
expectTypeOf<BodyMatches<z.input<typeof appPatch>, AppPatchRequest>>().toEqualTypeOf<true>();
