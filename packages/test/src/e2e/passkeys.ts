import type { CDPSession, Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (CDP `WebAuthn` domain) in a page: a platform authenticator
 * (CTAP2, internal transport) with resident keys and user verification that always succeeds, so
 * `navigator.credentials.create` and `.get` run for real, with no prompt.
 */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials it holds (with their private keys, base64 PKCS#8). */
  credentials(): Promise<VirtualCredential[]>;
  /** Puts a credential in it (one copied from another page's authenticator: a synced passkey). */
  addCredential(credential: VirtualCredential): Promise<void>;
  /** Swaps it for a fresh, empty authenticator (another device). */
  replace(): Promise<void>;
  /** Whether the user passes verification (false: the browser answers `NotAllowedError`). */
  setUserVerified(verified: boolean): Promise<void>;
}

/** CDP's `WebAuthn.Credential`. */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  /** The user name the site gave the passkey at creation (what a password manager shows). */
  userName?: string;
  signCount: number;
}

const authenticatorOptions = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

/** Enables WebAuthn in `page` and adds a virtual platform authenticator. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const add = async () =>
    (await cdp.send('WebAuthn.addVirtualAuthenticator', { options: authenticatorOptions })).authenticatorId;
  const authenticator: VirtualAuthenticator = {
    cdp,
    authenticatorId: await add(),
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', {
        authenticatorId: authenticator.authenticatorId,
      });
      return credentials as VirtualCredential[];
    },
    async addCredential(credential) {
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId: authenticator.authenticatorId,
        credential,
      });
    },
    async setUserVerified(verified) {
      await cdp.send('WebAuthn.setUserVerified', {
        authenticatorId: authenticator.authenticatorId,
        isUserVerified: verified,
      });
    },
    async replace() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', {
        authenticatorId: authenticator.authenticatorId,
      });
      authenticator.authenticatorId = await add();
    },
  };
  return authenticator;
}
