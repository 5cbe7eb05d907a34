import type { OAuthProviderName, OAuthTransferRequest } from '@latchkey/protocol';
import { z } from 'zod';
import { boundedString, checkedByHandler } from '../http/body.ts';
import { transferNonceInput } from '../login/transfer-nonces.ts';

const base64url = /^[A-Za-z0-9_-]+$/;

/**
 * A provider id; which ones exist is checked with the app (credentials.ts `parseProvider`), which
 * names them in its refusal.
 */
export const providerInput = checkedByHandler<OAuthProviderName>()(boundedString(100));

/** `POST /oauth/init` (WIRE.md §3.4). */
export const initBody = z.object({
  provider: providerInput,
  redirect_to: boundedString(2048),
  token: boundedString(4096).optional(),
  // PKCE S256 (RFC 7636 §4.2): base64url of a SHA-256, 43 characters.
  code_challenge: z.string().length(43).regex(base64url, 'must be base64url (S256)'),
  // The client's state: base64url of 36 random bytes (48); spec document 2 §9 allows 43 to 128.
  state_code: z.string().min(43).max(128).regex(base64url, 'must be base64url'),
});
export type InitBody = z.infer<typeof initBody>;

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const codeVerifier = z
  .string()
  .min(43)
  .max(128)
  .regex(/^[A-Za-z0-9._~-]+$/, 'must be an RFC 7636 code verifier');

/** The fields that redeem a `privy_oauth_code`, in authenticate, link and the native transfer. */
export const codeProof = {
  authorization_code: boundedString(512),
  state_code: boundedString(128),
  // Its absence is `invalid_pkce_parameters` (redeem-code.ts), so the schema lets it be absent.
  code_verifier: checkedByHandler<string>()(codeVerifier.optional()),
  // `raw` (a native sign-in's code) is refused as `not_supported` by redeem-code.ts.
  code_type: checkedByHandler<'raw'>()(boundedString(20)).optional(),
  /** Sent by the cross-app flow only (`not_supported`). */
  provider: boundedString(100).optional(),
};
export type CodeProof = z.output<z.ZodObject<typeof codeProof>>;

export const unlinkBody = z.object({ provider: providerInput, subject: boundedString(256) });

const userInfo = z
  .object({
    subject: boundedString(256),
    email: boundedString(320).nullish(),
    name: boundedString(1024).nullish(),
    username: boundedString(1024).nullish(),
    vanityName: boundedString(1024).nullish(),
    profilePictureUrl: boundedString(2048).nullish(),
    embeddedWalletAddresses: z.array(boundedString(100)).max(20).nullish(),
    smartWalletAddresses: z.array(boundedString(100)).max(20).nullish(),
    meta: z.object({ providerAppId: boundedString(100).nullish() }).nullish(),
  })
  .strip();

/**
 * `POST /oauth/transfer`: web `{nonce, userInfo}`, or native `{nonce, authorization_code,
 * state_code, code_verifier}` (WIRE.md §3.4). One object here: the handler tells the two apart and
 * refuses a body that is neither with `invalid_data` naming what is missing.
 */
export const transferBody = checkedByHandler<OAuthTransferRequest>()(
  z.object({
    nonce: transferNonceInput,
    userInfo: userInfo.optional(),
    ...codeProof,
    authorization_code: codeProof.authorization_code.optional(),
    state_code: codeProof.state_code.optional(),
    code_verifier: codeVerifier.optional(),
  }),
);
export type TransferBody = z.infer<typeof transferBody>;
