/**
 * What each feature tells the generated hostile-input suite (test/integration/hostile-input.test.ts)
 * about its routes: a valid request, and what hostile variants of it must get. The suite sends the
 * rest (malformed JSON, missing and wrong-typed fields, hostile strings, prototype-pollution keys,
 * deep nesting, oversized bodies, hostile headers and queries) to every route the app registers.
 */

/** What a request must produce: a status and, for errors, the spec's code. */
export interface Outcome {
  status: number;
  code?: string;
}

/** The hostile strings sent in every string field. */
export type HostileString = 'sql' | 'nul' | 'long' | 'unicode' | 'nulInside';

/** What the suite made before it starts: the apps, the victim's wallet, a counter for fresh values. */
export interface FixtureEnv {
  appId: string;
  /** Another app, for the admin routes to change. */
  adminTargetId: string;
  /** The test server's admin key (the dashboard login's body). */
  adminKey: string;
  /** The victim's embedded wallet (its entropy id). */
  entropyId: string;
  /** A number no earlier call got: for identifiers that must not repeat (codes are counted per identifier). */
  next(): number;
  /** Key material only the test kit makes: a new wallet's create body, recovery fields, a random share (base64). */
  kit: {
    walletBody(): Record<string, unknown>;
    recoveryFields(): Record<string, unknown>;
    share(bytes?: number): string;
  };
}

export interface RouteFixture {
  /** The path to call, for a route with parameters. */
  path?: (env: FixtureEnv) => string;
  /** A well-formed body, fresh per call (routes with a body). */
  body?: (env: FixtureEnv) => Record<string, unknown>;
  /** What the well-formed request gets. */
  valid: Outcome;
  /** Fields whose absence gets `bad`. */
  required?: string[];
  /** What a hostile string in each string field gets. */
  strings?: Record<string, (kind: HostileString) => Outcome>;
  /** Malformed JSON, a non-object or a wrong-typed field (default `invalid_data`). */
  bad?: Outcome;
  /** No body at all (default `invalid_data`). */
  empty?: Outcome;
  /** The body plus `__proto__` / `constructor` keys (default `valid`: the keys are dropped). */
  extraKeys?: (raw: string) => Outcome;
  /** The success body is a JSON array. */
  array?: boolean;
  /** Not JSON (HTML, scripts): hostile input to it is checked by the named test instead. */
  coveredBy?: string;
}

export const ok: Outcome = { status: 200 };
export const invalidData: Outcome = { status: 400, code: 'invalid_data' };
export const invalidCredentials: Outcome = { status: 401, code: 'invalid_credentials' };
export const invalidToken: Outcome = { status: 401, code: 'missing_or_invalid_token' };
export const invalidKeyProof: Outcome = { status: 400, code: 'invalid_key_proof' };
export const linkedAccountNotFound: Outcome = { status: 404, code: 'linked_account_not_found' };

/** The same outcome for every hostile string. */
export const always =
  (outcome: Outcome) =>
  (_kind: HostileString): Outcome =>
    outcome;

/** A free label (a client type, an id): any bounded text is data (`otherwise`); NUL and 10k are refused. */
export const label = (otherwise: Outcome) => (kind: HostileString) =>
  kind === 'sql' || kind === 'unicode' ? otherwise : invalidData;

/** A code that was never sent. */
export const wrongCode = '123456';
/** Shaped like an issued transfer nonce (base64url of 32 bytes), but never issued. */
export const neverIssuedTransfer = Buffer.alloc(32, 7).toString('base64url');
