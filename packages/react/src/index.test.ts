import { describe, expect, it } from 'vitest';
import * as react from './index.ts';

describe('@latchkey/react', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyProvider",
        "missingProviderMessage",
        "toClientUser",
        "useConnectWallet",
        "useIdentityToken",
        "useLatchkey",
        "useLinkAccount",
        "useLogin",
        "useLogout",
        "useSolanaWallets",
        "useUpdateAccount",
        "useWallets",
      ]
    `);
  });
});
