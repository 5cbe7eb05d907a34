import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { everyIncumbentOption } from '../test/incumbent-config.tsx';
import {
  LatchkeyProvider,
  type LatchkeyProviderProps,
  useCustomAuth,
  useIdentityToken,
  useLatchkey,
  useLinkAccount,
  useLinkWithPasskey,
  useLinkWithSiwe,
  useLinkWithSiws,
  useLogin,
  useLoginWithEmail,
  useLoginWithPasskey,
  useLoginWithSiwe,
  useLoginWithSiws,
  useLoginWithSms,
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
  const email = useLoginWithEmail();
  useLoginWithSms();
  useLoginWithSiwe();
  useLinkWithSiwe();
  useLoginWithSiws();
  useLinkWithSiws();
  const { identityToken } = useIdentityToken();
  return (
    <main>
      <p id="state">{`ready=${ready} authenticated=${authenticated} user=${user?.id ?? 'none'} id=${identityToken ?? 'none'} passkey=${state.status} email=${email.state.status}`}</p>
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

function CustomAuthStatus() {
  return <p>{`custom=${useCustomAuth().status.status}`}</p>;
}

describe("the incumbent's PrivyProvider props and config, as they are", () => {
  /** `PrivyProviderProps` of an app: no apiUrl (the incumbent's defaults to its cloud). */
  const privyProviderProps = {
    appId,
    clientId: 'client-WY5abcdefghijklmnopqrstuvwxyz0123456789',
    config: everyIncumbentOption,
  } satisfies Omit<LatchkeyProviderProps, 'children'>;

  it('renders with every option of PrivyClientConfig set and no apiUrl: no crash, not ready', () => {
    const html = renderToString(
      <LatchkeyProvider {...privyProviderProps}>
        <Page />
      </LatchkeyProvider>,
    );
    expect(html).toContain('ready=false authenticated=false');
  });

  const customAuth = { getCustomAccessToken: async () => 'token', isLoading: false };

  it.each([
    [{ ...customAuth }, 'initial'],
    [{ ...customAuth, enabled: true }, 'initial'],
    [{ ...customAuth, enabled: false }, 'not-enabled'],
  ])('customAuth %o: the sync is %s', (options, status) => {
    const html = renderToString(
      <LatchkeyProvider appId={appId} apiUrl={apiUrl} config={{ customAuth: options }}>
        <CustomAuthStatus />
      </LatchkeyProvider>,
    );
    expect(html).toContain(`custom=${status}`);
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
