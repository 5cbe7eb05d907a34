/**
 * `@latchkey/test/webauthn`: a software passkey authenticator speaking WIRE.md §3.5's bodies, and
 * `navigator.credentials` backed by it for WebAuthn code that runs in Node.
 */
export * from './navigator-credentials.ts';
export * from './software-authenticator.ts';
