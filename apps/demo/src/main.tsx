import { LatchkeyProvider } from '@latchkey/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { demoChainConfig } from './chains.ts';
import { readConfig } from './config.ts';
import { installTestWalletIfEnabled } from './testWalletSetup.ts';
import './styles.css';

const config = readConfig(window.location.search, import.meta.env);
// Before the SDK starts, so it finds the test wallet like an installed one.
const testWallet = installTestWalletIfEnabled();
document.documentElement.dataset.theme = config.theme === 'dark' ? 'dark' : 'light';

type ProviderConfig = NonNullable<Parameters<typeof LatchkeyProvider>[0]['config']>;
const providerConfig: ProviderConfig = {
  appearance: { theme: config.theme, landingHeader: 'Log in or sign up' },
  legal: {
    termsAndConditionsUrl: `${window.location.origin}/terms.html`,
    privacyPolicyUrl: `${window.location.origin}/privacy.html`,
  },
  ...(config.loginMethods ? { loginMethods: config.loginMethods as ProviderConfig['loginMethods'] } : {}),
  ...demoChainConfig(config.evmRpcUrl),
  ...(config.solanaRpcUrl ? { solanaClusters: [{ name: 'localnet', rpcUrl: config.solanaRpcUrl }] } : {}),
  oauthMode: config.oauthMode,
  ...(config.funding ? { funding: config.funding } : {}),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {config.appId ? (
      <LatchkeyProvider appId={config.appId} apiUrl={config.apiUrl} config={providerConfig}>
        <App apiUrl={config.apiUrl} appId={config.appId} testWallet={testWallet} />
      </LatchkeyProvider>
    ) : (
      <main className="demo">
        <h1>Latchkey demo</h1>
        <p data-testid="demo-missing-config">
          No app id: open this page with <code>?appId=…&amp;apiUrl=…</code> or set VITE_LATCHKEY_APP_ID (
          <code>npm start</code> does it for you).
        </p>
      </main>
    )}
  </StrictMode>,
);
