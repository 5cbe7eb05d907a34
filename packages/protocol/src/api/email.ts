import type { LoginMode } from '../login-methods.ts';
import type { CodeSentResponse, LoginTypes, UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/** `token` on an init call is the captcha token, when the app has captcha on (WIRE.md §3.1). */
export interface EmailInitRequest {
  email: string;
  token?: string;
}

export interface EmailAuthenticateRequest {
  email: string;
  code: string;
  mode?: LoginMode;
}

export interface EmailLinkRequest {
  email: string;
  code: string;
}

/** camelCase on the wire (WIRE.md §3.2); the code was sent to the new address. */
export interface EmailUpdateRequest {
  oldAddress: string;
  newAddress: string;
  code: string;
}

export interface EmailUnlinkRequest {
  address: string;
}

const emailTable = {
  emailInit: { method: 'POST', path: '/api/v1/passwordless/init' },
  emailAuthenticate: { method: 'POST', path: '/api/v1/passwordless/authenticate' },
  emailLink: { method: 'POST', path: '/api/v1/passwordless/link' },
  emailUpdate: { method: 'POST', path: '/api/v1/passwordless/update' },
  emailUnlink: { method: 'POST', path: '/api/v1/passwordless/unlink' },
} as const;

/** Email codes (`passwordless`, WIRE.md §3.2). */
export const emailApi: TypedRoutes<
  typeof emailTable,
  {
    emailInit: { request: EmailInitRequest; response: CodeSentResponse };
    emailAuthenticate: LoginTypes<EmailAuthenticateRequest>;
    emailLink: UserChangeTypes<EmailLinkRequest>;
    emailUpdate: UserChangeTypes<EmailUpdateRequest>;
    emailUnlink: UserChangeTypes<EmailUnlinkRequest>;
  }
> = emailTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const emailReference: ReferenceArea = {
  name: 'Email',
  description: 'Login and account linking with an email code (WIRE.md §3.2).',
  tables: [[emailApi, 'user', { emailInit: 'app', emailAuthenticate: 'app' }]],
};
