/** `@latchkey/test/webauthn`: a software passkey authenticator speaking WIRE.md §3.5's bodies. */
export * from './software-authenticator.ts';
