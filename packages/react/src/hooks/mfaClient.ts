import type { LatchkeyClient } from '@latchkey/core';
import type { MfaClient } from '@latchkey/core/mfa';

/** The MFA code (`@latchkey/core/mfa`), loaded on the first MFA call, never with the page. */
export const loadMfaClient = (client: LatchkeyClient): Promise<MfaClient> =>
  import('@latchkey/core/mfa').then((m) => m.createMfaClient(client));
