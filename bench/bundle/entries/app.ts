// The minimal app of the bundle budget: <LatchkeyProvider> around one button that calls login().
import { LatchkeyProvider, useLatchkey } from '@latchkey/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

function LoginButton() {
  const { ready, login } = useLatchkey();
  return createElement('button', { type: 'button', disabled: !ready, onClick: () => login() }, 'Log in');
}

createRoot(document.getElementById('root')!).render(
  createElement(
    LatchkeyProvider,
    { appId: 'cm0000000000000000000000a', apiUrl: 'https://auth.example.com' },
    createElement(LoginButton),
  ),
);
