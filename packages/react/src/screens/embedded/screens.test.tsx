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
    const html = (isNewUser: boolean, appName: string, appIcon: string | null = null) =>
      renderToStaticMarkup(
        <EmbeddedCreatedScreen titleId="t" isNewUser={isNewUser} appName={appName} appIcon={appIcon} />,
      );
    const created = (isNewUser: boolean, appName: string) => textOf(html(isNewUser, appName));
    expect(created(true, 'Acme')).toBe("Welcome to AcmeYou've successfully created an account.");
    expect(created(true, '')).toBe("WelcomeYou've successfully created an account.");
    expect(created(false, 'Acme')).toBe('All set!Your account is secured.');
    // The success mark is a drawn check, hidden from screen readers.
    expect(html(false, 'Acme')).toMatch(
      /<div class="lk-status-icon" data-tone="success" aria-hidden="true"><svg/,
    );
  });

  it("shows the app's icon with the check when welcoming a new user to the app", () => {
    const html = (isNewUser: boolean) =>
      renderToStaticMarkup(
        <EmbeddedCreatedScreen
          titleId="t"
          isNewUser={isNewUser}
          appName="Acme"
          appIcon="https://acme.test/i.png"
        />,
      );
    expect(html(true)).toContain('<img class="lk-app-icon" src="https://acme.test/i.png" alt=""');
    expect(html(true)).toContain('data-tone="success"');
    expect(html(false)).not.toContain('lk-app-icon');
  });
});
