/**
 * When a route's zod body schema matches its protocol request type (feature.ts `route` states the
 * rule; this file computes it). Types only: nothing here runs.
 *
 * `S` is what the schema accepts (`z.input`), `C` the contract's request type. They match when:
 * 1. each is assignable to the other (not distributed over unions): a missing or extra required
 *    field, a wrong type, a wrong enum member, or a field required on one side and optional on the
 *    other fails this;
 * 2. and, walking objects and arrays field by field: both sides name the same fields, and the same
 *    ones are optional. Assignability alone lets an optional field exist on one side only
 *    (`{a}` and `{a; b?}` are assignable both ways); this catches it.
 * Index signatures (`Record<string, never>`, a passthrough object) are not fields. In a union of
 * object types, the fields named by any member are compared, and the walk stops there.
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** The named fields of an object type (index signatures dropped). */
type FieldsOf<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
};

/** Fields of any member of a union. */
type AnyMemberFields<T> = T extends unknown ? FieldsOf<T> : never;

type OptionalFields<T> = T extends unknown
  ? { [K in FieldsOf<T>]-?: Record<never, never> extends Pick<T, K> ? K : never }[FieldsOf<T>]
  : never;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | ((...args: never[]) => unknown);

/** Where a schema and a contract type differ, and how. */
export interface BodyMismatch<At extends string, Schema, Contract> {
  at: At;
  schema: Schema;
  contract: Contract;
}

type Absent = null | undefined;

/** `never` when `S` matches `C`; otherwise the mismatches, each with its field path. */
export type Mismatch<S, C, At extends string = 'body'> = [NonNullable<S>, NonNullable<C>] extends [
  Exclude<NonNullable<S>, Leaf>,
  Exclude<NonNullable<C>, Leaf>,
]
  ? Found<
      | (Same<Extract<S, Absent>, Extract<C, Absent>> extends false
          ? BodyMismatch<`${At} (null or undefined)`, S, C>
          : never)
      | StructureMismatch<NonNullable<S>, NonNullable<C>, At>,
      S,
      C,
      At
    >
  : Same<S, C> extends false
    ? BodyMismatch<At, S, C>
    : never;

/** The mismatches found inside; none, though the types differ (a union, an index signature): this level. */
type Found<Inside, S, C, At extends string> = [Inside] extends [never]
  ? Same<S, C> extends false
    ? BodyMismatch<At, S, C>
    : never
  : Inside;

type StructureMismatch<S, C, At extends string> = [S] extends [readonly (infer ES)[]]
  ? [C] extends [readonly (infer EC)[]]
    ? Mismatch<ES, EC, `${At}[]`>
    : BodyMismatch<At, S, C>
  : [C] extends [readonly unknown[]]
    ? BodyMismatch<At, S, C>
    : Same<AnyMemberFields<S>, AnyMemberFields<C>> extends false
      ? BodyMismatch<`${At} (fields)`, AnyMemberFields<S>, AnyMemberFields<C>>
      : Same<OptionalFields<S>, OptionalFields<C>> extends false
        ? BodyMismatch<`${At} (optional fields)`, OptionalFields<S>, OptionalFields<C>>
        : true extends IsUnion<S> | IsUnion<C>
          ? never
          : {
              [K in FieldsOf<S>]-?: Mismatch<S[K], K extends keyof C ? C[K] : never, `${At}.${K & string}`>;
            }[FieldsOf<S>];

/** True when the schema input `S` matches the contract type `C`. */
export type BodyMatches<S, C> = [Mismatch<S, C>] extends [never] ? true : false;
