import type { LoginMode } from '../login-methods.ts';
import type { CodeSentResponse, LoginTypes, UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

export interface SmsInitRequest {
  phoneNumber: string;
  /** The captcha token. */
  token?: string;
}

export interface SmsAuthenticateRequest {
  phoneNumber: string;
  code: string;
  mode?: LoginMode;
}

export interface SmsLinkRequest {
  phoneNumber: string;
  code: string;
}

/** snake_case on the wire, unlike the rest of the group (WIRE.md §3.2). */
export interface SmsUpdateRequest {
  old_phone_number: string;
  new_phone_number: string;
  code: string;
}

export interface SmsUnlinkRequest {
  phoneNumber: string;
}

const smsTable = {
  smsInit: { method: 'POST', path: '/api/v1/passwordless_sms/init' },
  smsAuthenticate: { method: 'POST', path: '/api/v1/passwordless_sms/authenticate' },
  smsLink: { method: 'POST', path: '/api/v1/passwordless_sms/link' },
  smsUpdate: { method: 'POST', path: '/api/v1/passwordless_sms/update' },
  smsUnlink: { method: 'POST', path: '/api/v1/passwordless_sms/unlink' },
} as const;

/** SMS codes (`passwordless_sms`, WIRE.md §3.2). */
export const smsApi: TypedRoutes<
  typeof smsTable,
  {
    smsInit: { request: SmsInitRequest; response: CodeSentResponse };
    smsAuthenticate: LoginTypes<SmsAuthenticateRequest>;
    smsLink: UserChangeTypes<SmsLinkRequest>;
    smsUpdate: UserChangeTypes<SmsUpdateRequest>;
    smsUnlink: UserChangeTypes<SmsUnlinkRequest>;
  }
> = smsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const smsReference: ReferenceArea = {
  name: 'SMS',
  description: 'Login and account linking with an SMS code (WIRE.md §3.3).',
  tables: [[smsApi, 'user', { smsInit: 'app', smsAuthenticate: 'app' }]],
};
