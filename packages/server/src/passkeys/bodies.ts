import type { PasskeyAssertion, PasskeyRegistration } from '@latchkey/protocol';
import { z } from 'zod';
import { boundedString } from '../http/body.ts';

/** base64url (padding tolerated), at most `max` characters: every binary WebAuthn value on the wire. */
const base64url = (max: number) => boundedString(max).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** A WebAuthn credential id (base64url). */
export const credentialId = base64url(1024);
const transports = z.array(boundedString(32)).max(10);
const extensionResults = z.object({
  app_id: z.boolean().optional(),
  cred_props: z.object({ rk: z.boolean().optional() }).optional(),
  hmac_create_secret: z.boolean().optional(),
});
const responseBase = {
  id: credentialId,
  raw_id: credentialId,
  type: z.literal('public-key'),
  authenticator_attachment: boundedString(32).optional(),
  // Browsers send `{}` when no extension ran; some clients leave it out.
  client_extension_results: extensionResults.optional().default({}),
};

/** WIRE.md §3.5 Registration: a new credential and its attestation. */
export const registration = z.object({
  ...responseBase,
  response: z.object({
    client_data_json: base64url(4096),
    // Attestation statements with certificate chains run to a few KiB.
    attestation_object: base64url(16_384),
    authenticator_data: base64url(4096).optional(),
    public_key: base64url(4096).optional(),
    public_key_algorithm: z.number().int().optional(),
    transports: transports.optional(),
  }),
}) satisfies z.ZodType<PasskeyRegistration>;

/** WIRE.md §3.5 Assertion: a signature by an existing credential. */
export const assertion = z.object({
  ...responseBase,
  response: z.object({
    client_data_json: base64url(4096),
    authenticator_data: base64url(4096),
    signature: base64url(1024),
    user_handle: base64url(256).optional(),
  }),
}) satisfies z.ZodType<PasskeyAssertion>;

/** The page origin the ceremony runs on (checked against the app's domains: relying-party.ts). */
export const relyingParty = boundedString(300).optional();

export const initBody = z.object({ token: boundedString(4096).optional(), relying_party: relyingParty });
export const linkInitBody = z.object({ relying_party: relyingParty });
export const registerBody = z.object({ authenticator_response: registration, relying_party: relyingParty });
export const authenticateBody = z.object({
  authenticator_response: assertion,
  challenge: base64url(256),
  relying_party: relyingParty,
});
// `remove_as_mfa`: an unlinked passkey stops being a factor whatever it says (the account is gone);
// accepted because the incumbent's clients send it. Unlinking a factor passkey needs MFA (feature.ts).
export const unlinkBody = z.object({ credential_id: credentialId, remove_as_mfa: z.boolean().optional() });
