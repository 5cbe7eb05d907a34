import { pickerWallets } from '@latchkey/core/modal';
import { knownWalletClientTypes } from '@latchkey/core/wallets';
import { loginMethods, type ModalLoginMethod, oauthProviders } from '@latchkey/protocol';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusIcon } from '../components/StatusIcon.tsx';
import { LandingScreen } from '../screens/landing/LandingScreen.tsx';
import { LoginSlotList } from '../screens/landing/LoginSlotList.tsx';
import { WalletConnectingScreen } from '../screens/wallets/WalletConnectingScreen.tsx';
import * as glyphs from './glyphs.tsx';
import * as methods from './methods.tsx';
import { ProviderIcon } from './ProviderIcon.tsx';
import { ProviderMark } from './providers.tsx';
import { WalletLogo, walletMarks } from './wallets.tsx';

const html = (element: ReactElement) => renderToStaticMarkup(element);
const svgTags = (markup: string) => markup.match(/<svg[^>]*>/g) ?? [];

/** Every <svg> in the markup is decoration: hidden from assistive technology, never focusable. */
function expectDecorative(markup: string) {
  const tags = svgTags(markup);
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) {
    expect(tag).toContain('aria-hidden="true"');
    expect(tag).toContain('focusable="false"');
  }
}

describe('the icon set', () => {
  it('draws every glyph and method icon as a decorative SVG in the text colour or its brand colours', () => {
    const components = [...Object.values(glyphs), ...Object.values(methods)].filter(
      (value): value is () => ReactElement => typeof value === 'function' && value !== methods.MethodIcon,
    );
    expect(components.length).toBeGreaterThanOrEqual(12);
    for (const Icon of components) expectDecorative(html(<Icon />));
    // Line glyphs follow the text colour, so they work in light and dark.
    expect(html(<glyphs.CloseIcon />)).toContain('stroke="currentColor"');
  });

  it('has an icon for every login method, the ten providers included', () => {
    for (const method of loginMethods) {
      const markup = html(<methods.MethodIcon method={method} />);
      expectDecorative(markup);
      expect(markup, method).toMatch(/<(path|rect|circle)/);
    }
    for (const provider of oauthProviders) expectDecorative(html(<ProviderMark provider={provider} />));
  });

  it('has a mark for every wallet the SDK knows, and for every wallet it suggests installing', () => {
    expect(Object.keys(walletMarks).sort()).toEqual([...knownWalletClientTypes].sort());
    const suggested = pickerWallets({ available: [] }, ['ethereum', 'solana']);
    expect(suggested.map((w) => w.walletClientType)).toEqual(['metamask', 'phantom']);
    for (const type of [...knownWalletClientTypes, ...suggested.map((w) => w.walletClientType)]) {
      const markup = html(<WalletLogo icon="" walletClientType={type} className="lk-wallet-icon" />);
      expect(markup, type).toContain('class="lk-mark"');
      expectDecorative(markup);
    }
  });

  it("shows an installed wallet's own icon, and a wallet glyph for an unknown wallet without one", () => {
    const own = html(
      <WalletLogo icon="data:image/png;base64,AA==" walletClientType="metamask" className="x" />,
    );
    expect(own).toBe('<img class="x" src="data:image/png;base64,AA==" alt=""/>');
    const unknown = html(<WalletLogo icon="" walletClientType="some_wallet" className="x" />);
    expect(unknown).not.toContain('lk-mark');
    expect(unknown).toContain('class="lk-icon"');
  });

  it("shows the wallet's mark while connecting to a wallet without an icon of its own", () => {
    const connecting = html(
      <WalletConnectingScreen
        titleId="t"
        walletName="Phantom"
        walletIcon=""
        walletClientType="phantom"
        run={async () => undefined}
        onDifferentWallet={() => undefined}
      />,
    );
    expect(connecting).toContain('class="lk-wallet-icon lk-wallet-icon-lg" data-testid="lk-wallet-mark"');
    expectDecorative(connecting);
  });

  it("shows an app's own provider icon, or a globe without one", () => {
    expect(html(<ProviderIcon provider="custom:acme" iconUrl="https://acme.test/i.png" />)).toContain(
      '<img class="lk-mark" src="https://acme.test/i.png" alt=""',
    );
    expectDecorative(html(<ProviderIcon provider="custom:acme" iconUrl={null} />));
  });

  it('draws the result marks instead of text characters', () => {
    for (const tone of ['success', 'error'] as const) {
      const markup = html(<StatusIcon tone={tone} />);
      expect(markup.replace(/<[^>]+>/g, '')).toBe('');
      expectDecorative(markup);
    }
  });
});

describe('the landing rows', () => {
  const handlers = {
    onEmail: async () => undefined,
    onMethod: () => undefined,
    onCustomProvider: () => undefined,
    onMore: () => undefined,
  };
  const slotProps = {
    recent: null,
    whatsapp: false,
    disallowPlus: false,
    groupHasSocials: true,
    ...handlers,
  };

  it('gives the email field and every method button its icon', () => {
    const buttons: ModalLoginMethod[] = loginMethods.filter((m): m is ModalLoginMethod => m !== 'guest');
    const markup = html(
      <LoginSlotList
        {...slotProps}
        slots={[
          { kind: 'email-input' },
          ...buttons.map((method) => ({ kind: 'method' as const, method })),
          { kind: 'web2-group' },
        ]}
      />,
    );
    const field = markup.match(/<div class="lk-input-row".*?<\/div>/)?.[0] ?? '';
    expect(svgTags(field)).toHaveLength(1);
    for (const method of buttons) {
      const button =
        markup.match(new RegExp(`data-testid="lk-login-method-${method}".*?</button>`))?.[0] ?? '';
      expect(svgTags(button), method).toHaveLength(1);
    }
    // The group button: an envelope before its label and a chevron after it.
    const more = markup.match(/data-testid="lk-more-options".*?<\/button>/)?.[0] ?? '';
    expect(svgTags(more)).toHaveLength(2);
    expect(more).not.toContain('›');
    expectDecorative(markup);
  });

  it("shows the app's logo in a 140 px box, or 65 px when more than 3 slots share the screen", () => {
    const landing = (slots: number) =>
      html(
        <LandingScreen
          {...slotProps}
          titleId="t"
          header="Log in or sign up"
          logo="https://acme.test/logo.png"
          appName="Acme"
          loginMessage={null}
          terms={null}
          slots={Array.from({ length: slots }, () => ({ kind: 'method' as const, method: 'sms' as const }))}
        />,
      );
    expect(landing(2)).toContain(
      '<span class="lk-logo-box" data-size="large"><img class="lk-logo" src="https://acme.test/logo.png" alt="Acme" data-testid="lk-logo"/>',
    );
    expect(landing(4)).toContain('<span class="lk-logo-box" data-size="small">');
  });

  it("shows a logo given as an element (the incumbent's appearance.logo) as it is, in the same box", () => {
    const markup = html(
      <LandingScreen
        {...slotProps}
        titleId="t"
        header="Log in or sign up"
        logo={<svg data-testid="acme-logo" viewBox="0 0 1 1" />}
        appName="Acme"
        loginMessage={null}
        terms={null}
        slots={[{ kind: 'method', method: 'sms' }]}
      />,
    );
    expect(markup).toContain(
      '<span class="lk-logo-box" data-size="large"><svg data-testid="acme-logo" viewBox="0 0 1 1"></svg></span>',
    );
  });
});
