import { limits } from '@latchkey/protocol';
import { z } from 'zod';
import { codeInput } from '../codes/send-code.ts';
import { boundedString } from '../http/body.ts';
import { assertion, credentialId, relyingParty } from '../passkeys/bodies.ts';

/** The request bodies of `/mfa/*` and `/mfa_auth/*` (WIRE.md §3.7; protocol api/mfa.ts). */
const phoneNumber = boundedString(64);

export const smsInitBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify') }),
  z.object({ action: z.literal('enroll'), phoneNumber }),
]);
export const smsEnrollBody = z.object({ phoneNumber, code: codeInput });
export const codeBody = z.object({ code: codeInput });
export const emptyBody = z.object({});
export const passkeyInitBody = z.object({ relying_party: relyingParty });
export const passkeyVerifyBody = z.object({ authenticator_response: assertion, relying_party: relyingParty });
export const passkeyEnrollmentBody = z.object({
  credential_ids: z.array(credentialId).max(limits.maxPasskeysPerUser),
  remove_for_login: z.boolean().optional(),
});
