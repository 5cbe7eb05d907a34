import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LatchkeyProvider,
  useIdentityToken,
  useLatchkey,
  useLinkAccount,
  useLinkWithPasskey,
  useLogin,
  useLoginWithPasskey,
  useLogout,
  useSignupWithPasskey,
  useUpdateAccount,
} from './index.ts';

const appId = 'abcdefghijklmnopqrstuvwxy';
const apiUrl = 'http://127.0.0.1:9';

function Page() {
  const { ready, authenticated, user } = useLatchkey();
  const { login } = useLogin();
  useLogout();
  useLinkAccount();
  useUpdateAccount();
  const { state } = useLoginWithPasskey();
  useSignupWithPasskey();
  useLinkWithPasskey();
  const { identityToken } = useIdentityToken();
  return (
    <main>
      <p id="state">{`ready=${ready} authenticated=${authenticated} user=${user?.id ?? 'none'} id=${identityToken ?? 'none'} passkey=${state.status}`}</p>
      <button type="button" onClick={login}>
        Log in
      </button>
    </main>
  );
}

/** Records any read of a browser global during a render. */
function watchGlobals(names: string[]) {
  const touched: string[] = [];
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
  }
  return {
    touched,
    restore() {
      for (const name of names) delete (globalThis as Record<string, unknown>)[name];
    },
  };
}

describe('server rendering', () => {
  let watch: ReturnType<typeof watchGlobals> | null = null;
  afterEach(() => {
    watch?.restore();
    watch = null;
  });

  it('renders a page with the provider and every hook, touching no browser global', () => {
    watch = watchGlobals(['window', 'localStorage', 'document', 'sessionStorage']);
    const html = renderToString(
      <LatchkeyProvider appId={appId} apiUrl={apiUrl} config={{ appearance: { theme: 'dark' } }}>
        <Page />
      </LatchkeyProvider>,
    );
    expect(html).toContain('ready=false authenticated=false user=none id=none');
    expect(html).toContain('Log in');
    // The modal is never part of the server HTML.
    expect(html).not.toContain('lk-modal');
    expect(watch.touched).toEqual([]);
  });

  it('renders with custom auth configured', () => {
    const html = renderToString(
      <LatchkeyProvider
        appId={appId}
        apiUrl={apiUrl}
        config={{ customAuth: { getCustomAccessToken: async () => 'token', isLoading: true } }}
      >
        <Page />
      </LatchkeyProvider>,
    );
    expect(html).toContain('ready=false');
  });

  it('renders with an app id that is not 25 characters: no crash, not ready (the client warns once it starts)', () => {
    const html = renderToString(
      <LatchkeyProvider appId="short" apiUrl={apiUrl}>
        <Page />
      </LatchkeyProvider>,
    );
    expect(html).toContain('ready=false authenticated=false');
    expect(html).toContain('Log in');
  });
});

/** Calls one hook with no provider above it. */
function Orphan({ hook }: { hook: () => unknown }) {
  hook();
  return null;
}

describe('hooks outside the provider', () => {
  const message =
    'You need to wrap your application with the <LatchkeyProvider> initialized with your app id.';
  const hooks = { useLatchkey, useLogin, useLogout, useIdentityToken, useLinkAccount, useUpdateAccount };

  for (const [name, hook] of Object.entries(hooks)) {
    it(`${name} throws the missing-provider error`, () => {
      expect(() => renderToString(<Orphan hook={hook} />)).toThrow(new Error(message));
    });
  }
});
