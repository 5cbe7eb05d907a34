/**
 * `@latchkey/core/mfa`: multi-factor verification and enrolment (spec document 1 §2 'Multi-factor',
 * §4 'MFA'). Loaded with the embedded wallets (a wallet operation the server gates asks for a code
 * here) or by the MFA hooks, never in an app's first load.
 */
export {
  createMfaBroker,
  type MfaBroker,
  type MfaPrompt,
  type MfaPromptStatus,
  type MfaRequiredListener,
  mfaBroker,
} from '../embedded/mfa/broker.ts';
export {
  errorIndicatesMaxMfaRetries,
  errorIndicatesMfaCanceled,
  errorIndicatesMfaTimeout,
  errorIndicatesMfaVerificationFailed,
  mfaMessages,
} from '../embedded/mfa/errors.ts';
export { type MfaCode, type MfaGate, mfaFields } from '../embedded/mfa/gate.ts';
export { userMfaMethods } from '../embedded/mfa/methods.ts';
export { type WithMfaOptions, withMfa } from '../embedded/mfa/with-mfa.ts';
export { createMfaClient, type MfaClient } from './client.ts';
export { initMfaPasskey, passkeyMfaCode, sendMfaSmsCode } from './verification.ts';
