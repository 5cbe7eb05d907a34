// The app's entry: the page that loads it sets `window.__APP__` to the app id and the server to use,
// so one build runs against any server.
import { LatchkeyProvider } from '@latchkey/react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

declare global {
  interface Window {
    __APP__: { appId: string; apiUrl: string };
  }
}

const { appId, apiUrl } = window.__APP__;

createRoot(document.getElementById('root')!).render(
  <LatchkeyProvider
    appId={appId}
    apiUrl={apiUrl}
    config={{
      loginMethods: ['email', 'sms', 'wallet'],
      appearance: { theme: 'light', walletChainType: 'ethereum-only' },
      embeddedWallets: { ethereum: { createOnLogin: 'all-users' } },
    }}
  >
    <App />
  </LatchkeyProvider>,
);
