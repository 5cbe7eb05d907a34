/**
 * The screen gallery's page (`/gallery/?appId=…&apiUrl=…&userAppId=…`): a real Latchkey client for the
 * app on the test server, and `window.lkGallery.show(id, theme)`, which shows one entry in the modal and
 * resolves once its screen has rendered. Entries `signedIn` get a second client, for `userAppId` (an
 * app with MFA), whose user the test logs in and enrols through `lkGallery.user`. The e2e visual test
 * drives it (e2e/visual.test.ts).
 */
import { createLatchkeyClient, memoryStorage } from '@latchkey/core';
import { createMfaClient, userMfaMethods } from '@latchkey/core/mfa';
import type { MfaMethod } from '@latchkey/protocol';
import { createRoot } from 'react-dom/client';
import { drawnScreens } from '../src/modal/registry.ts';
import { LoginModalPreview } from '../src/preview.ts';
import { galleryEntries, notInGallery } from './entries.ts';
import { Gallery, type GalleryTheme, galleryThemes } from './Gallery.tsx';

declare global {
  interface Window {
    lkGallery?: {
      /** The entries, with what the test needs to know to show each one. */
      entries: {
        id: string;
        phone: boolean;
        ready: string | null;
        typeCode: string | null;
        signedIn: boolean;
      }[];
      /** Screens left out, with the reason. */
      missing: Record<string, string>;
      /** Screens of the modal that no entry shows and no reason explains (should be none). */
      uncovered: string[];
      show(id: string, theme: GalleryTheme): Promise<void>;
      /**
       * Renders the modal's preview (`@latchkey/react/preview`) of an entry's landing in place of the
       * gallery's dialog, for the app's config as the client fetched it and the entry's host config.
       */
      preview(id: string, theme: GalleryTheme): Promise<void>;
      /** The signed-in user's client, set up by the test through the real server. */
      user: {
        /** Logs in with the email's code (the app's test credentials); resolves with the user's factors. */
        logIn(email: string, code: string): Promise<MfaMethod[]>;
        /** Starts enrolling an authenticator app; resolves with its secret (the setup key). */
        startTotp(): Promise<string>;
        /** The authenticator's code for that secret; resolves with the user's factors. */
        finishTotp(code: string): Promise<MfaMethod[]>;
      };
    };
  }
}

/**
 * A browser-extension wallet of the gallery's own, announced by EIP-6963 with a fixed name and icon,
 * whose every request waits (an extension with its popup open): the connecting screen stays put.
 */
function announceWaitingWallet(): void {
  const icon =
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0e7c66"/></svg>',
    );
  const detail = Object.freeze({
    info: {
      uuid: '5b0c7e43-5e3e-4d0f-9a39-2f1f3b0c9a11',
      name: 'Gallery Wallet',
      icon,
      rdns: 'dev.latchkey.gallery',
    },
    provider: {
      request: () => new Promise(() => undefined),
      on: () => undefined,
      removeListener: () => undefined,
    },
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

const params = new URLSearchParams(location.search);
const apiUrl = params.get('apiUrl') ?? '';
const client = createLatchkeyClient({ appId: params.get('appId') ?? '', apiUrl });
// Its session in memory: the two clients share the page's storage keys, and the first stays logged out.
const userClient = createLatchkeyClient({
  appId: params.get('userAppId') ?? '',
  apiUrl,
  storage: memoryStorage(),
});
announceWaitingWallet();
await Promise.all([client.initialize(), userClient.initialize()]);
const userMfa = createMfaClient(userClient);

const element = document.getElementById('root');
if (!element) throw new Error('gallery: no #root');
const root = createRoot(element);
let requestId = 0;

window.lkGallery = {
  entries: galleryEntries.map((entry) => ({
    id: entry.id,
    phone: entry.phone ?? false,
    ready: entry.ready ?? null,
    typeCode: entry.typeCode ?? null,
    signedIn: entry.signedIn ?? false,
  })),
  missing: notInGallery as Record<string, string>,
  uncovered: drawnScreens().filter(
    (name) => !galleryEntries.some((e) => e.screen.name === name) && !(name in notInGallery),
  ),
  show(id, theme) {
    const entry = galleryEntries.find((e) => e.id === id);
    if (!entry) return Promise.reject(new Error(`gallery: no entry ${id}`));
    const showing = ++requestId;
    return new Promise<void>((resolve) => {
      root.render(
        <Gallery
          key={showing}
          client={entry.signedIn ? userClient : client}
          entry={entry}
          theme={theme}
          requestId={showing}
          onShown={resolve}
        />,
      );
    });
  },
  preview(id, theme) {
    const entry = galleryEntries.find((e) => e.id === id);
    const app = client.getState().appConfig;
    if (!entry || !app) return Promise.reject(new Error(`gallery: no entry ${id} or no app config`));
    const config = { ...entry.config, appearance: { ...entry.config?.appearance, ...galleryThemes[theme] } };
    // The test waits for the preview's screen (the page's clock, and its frames, may be paused).
    root.render(<LoginModalPreview key={++requestId} app={app} config={config} testId="lk-preview" />);
    return Promise.resolve();
  },
  user: {
    async logIn(email, code) {
      await userClient.email.sendCode({ email });
      const { user } = await userClient.email.loginWithCode({ email, code });
      return userMfaMethods(user);
    },
    startTotp: async () => (await userMfa.initEnrollmentWithTotp()).secret,
    async finishTotp(code) {
      await userMfa.submitEnrollmentWithTotp({ mfaCode: code });
      return userMfaMethods(await userClient.getUser());
    },
  },
};
