import {
  type FrameMfaData,
  limits,
  type MfaMethod,
  mfaMethods,
  type PasskeyAssertion,
} from '@latchkey/protocol';
import { FrameError } from '../frame-error.ts';
import type { RequestData } from '../request-data.ts';

/** A code to verify, as the host passed it in a request's `data` (WIRE.md §6 MFA fields). */
export type MfaCredential =
  | { method: 'sms' | 'totp'; code: string }
  | { method: 'passkey'; assertion: PasskeyAssertion; relyingParty: string | null };

function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

const isMfaMethod = (value: unknown): value is MfaMethod =>
  typeof value === 'string' && (mfaMethods as readonly string[]).includes(value);

/**
 * The request's MFA fields, checked; null when it carries none (the incumbent's SDK sends nulls for
 * "none"). A method without a code, or a code of the wrong shape, is refused before anything is sent:
 * the server would refuse it too, and it must not cost one of the user's attempts.
 */
export function mfaCredential(data: RequestData): MfaCredential | null {
  const { mfaMethod, mfaCode, relyingParty } = data as FrameMfaData & RequestData;
  if ((mfaMethod === undefined || mfaMethod === null) && (mfaCode === undefined || mfaCode === null))
    return null;
  if (!isMfaMethod(mfaMethod)) throw invalid('Invalid mfaMethod');
  if (mfaMethod !== 'passkey') {
    const code = typeof mfaCode === 'string' ? mfaCode.replace(/\s+/g, '') : null;
    if (code === null || !new RegExp(`^\\d{${limits.verificationCodeLength}}$`).test(code))
      throw invalid('Invalid mfaCode');
    return { method: mfaMethod, code };
  }
  return { method: 'passkey', assertion: passkeyAssertion(mfaCode), relyingParty: origin(relyingParty) };
}

/** The assertion's shape only (the server verifies it): an object of the WIRE.md §3.5 form, not huge. */
function passkeyAssertion(value: unknown): PasskeyAssertion {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid mfaCode');
  const { id, raw_id, type, response } = value as Record<string, unknown>;
  const fields = (response ?? {}) as Record<string, unknown>;
  const strings = [id, raw_id, fields.client_data_json, fields.authenticator_data, fields.signature];
  if (type !== 'public-key' || !strings.every((s) => typeof s === 'string' && s.length > 0))
    throw invalid('Invalid mfaCode');
  if (JSON.stringify(value).length > 32_768) throw invalid('Invalid mfaCode');
  return value as PasskeyAssertion;
}

/** `relyingParty`: the page origin the assertion was made on (the server checks it is allowed). */
function origin(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > 2048) throw invalid('Invalid relyingParty');
  return value;
}
