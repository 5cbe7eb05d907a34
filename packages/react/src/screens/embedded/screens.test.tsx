import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmbeddedCreatedScreen } from './EmbeddedCreatedScreen.tsx';
import { EmbeddedCreatingScreen } from './EmbeddedCreatingScreen.tsx';

const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&#x27;', "'");

describe('wallet creation screens', () => {
  it('say "Creating your wallet / Please wait..." while the wallets are made', () => {
    expect(textOf(renderToStaticMarkup(<EmbeddedCreatingScreen titleId="t" />))).toBe(
      'Creating your wallet' + 'Please wait...',
    );
  });

  it('welcome a new user to the app, and tell a returning one they are all set', () => {
    const created = (isNewUser: boolean, appName: string) =>
      textOf(
        renderToStaticMarkup(<EmbeddedCreatedScreen titleId="t" isNewUser={isNewUser} appName={appName} />),
      );
    expect(created(true, 'Acme')).toBe("✓Welcome to AcmeYou've successfully created an account.");
    expect(created(true, '')).toBe("✓WelcomeYou've successfully created an account.");
    expect(created(false, 'Acme')).toBe('✓All set!Your account is secured.');
  });
});
