import type { LoginTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/** The device's guest credential: base64url of 32 random bytes, kept by the client (WIRE.md §3.6). */
export interface GuestAuthenticateRequest {
  guest_credential: string;
}

const guestTable = {
  guestAuthenticate: { method: 'POST', path: '/api/v1/guest/authenticate' },
} as const;

export const guestApi: TypedRoutes<
  typeof guestTable,
  { guestAuthenticate: LoginTypes<GuestAuthenticateRequest> }
> = guestTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const guestReference: ReferenceArea = {
  name: 'Guest',
  description: 'Guest accounts (WIRE.md §3.1).',
  tables: [[guestApi, 'app']],
};
