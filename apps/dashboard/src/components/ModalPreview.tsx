import { oauthProviders } from '@latchkey/protocol';
import type { CSSProperties } from 'react';
import type { Draft } from '../form.tsx';

const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG relative luminance, as the modal computes it (packages/react/src/modal/theme.ts). */
function luminance(color: string): number {
  let digits = color.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * A faithful static preview of the login modal's landing screen: the modal's layout and its theming
 * rules (a hex theme is the background, light or dark text by luminance; `--lk-accent` and
 * `--lk-accent-fg` from the accent colour), driven by the unsaved draft so every change shows at once.
 */
export function ModalPreview({ draft }: { draft: Draft }) {
  const theme = typeof draft.theme === 'string' ? draft.theme : 'light';
  const accent =
    typeof draft.accent_color === 'string' && hex.test(draft.accent_color) ? draft.accent_color : null;
  const scheme = hex.test(theme)
    ? luminance(theme) > 0.179
      ? 'light'
      : 'dark'
    : theme === 'dark'
      ? 'dark'
      : 'light';
  const style: Record<string, string> = {};
  if (hex.test(theme)) style['--lk-bg'] = theme;
  if (accent) {
    style['--lk-accent'] = accent;
    style['--lk-accent-fg'] = luminance(accent) > 0.179 ? '#111827' : '#ffffff';
  }
  const on = (field: string) => draft[field] === true;
  const logo =
    typeof draft.logo_url === 'string' && /^https?:\/\//.test(draft.logo_url) ? draft.logo_url : null;
  const wallets = on('wallet_auth') || on('solana_wallet_auth');
  const providers = oauthProviders.filter((p) => on(`${p}_oauth`));
  const walletRow = wallets && (
    <div className="lkp-btn">
      <span className="lkp-icon" aria-hidden="true">
        ◆
      </span>
      Continue with a wallet
    </div>
  );

  return (
    <figure className="preview-frame" aria-label="Login modal preview">
      <div className="lkp" data-theme={scheme} data-testid="modal-preview" style={style as CSSProperties}>
        <div className="lkp-top">
          <span />
          <span className="lkp-close" aria-hidden="true">
            ×
          </span>
        </div>
        {logo ? (
          <img className="lkp-logo" src={logo} alt="" />
        ) : (
          <div className="lkp-name">{String(draft.name ?? '')}</div>
        )}
        <h3>Log in or sign up</h3>
        <div className="lkp-stack">
          {draft.show_wallet_login_first === true && walletRow}
          {on('email_auth') && (
            <div className="lkp-input">
              <span className="lkp-placeholder">your@email.com</span>
              <span className="lkp-submit" data-testid="preview-submit">
                Submit
              </span>
            </div>
          )}
          {on('sms_auth') && (
            <div className="lkp-input">
              <span className="lkp-placeholder">+1 Phone number</span>
              <span className="lkp-submit">Submit</span>
            </div>
          )}
          {providers.map((provider) => (
            <div key={provider} className="lkp-btn" data-provider={provider}>
              <span className="lkp-icon" aria-hidden="true">
                {provider.charAt(0).toUpperCase()}
              </span>
              {title(provider)}
            </div>
          ))}
          {on('passkey_auth') && <div className="lkp-btn">Log in with a passkey</div>}
          {draft.show_wallet_login_first !== true && walletRow}
          {!on('email_auth') && !on('sms_auth') && providers.length === 0 && !wallets && (
            <div className="lkp-btn lkp-primary" data-testid="preview-submit">
              Continue
            </div>
          )}
        </div>
        {Boolean(draft.terms_and_conditions_url || draft.privacy_policy_url) && (
          <p className="lkp-footer">
            By logging in I agree to the <span className="lkp-link">Terms</span> and{' '}
            <span className="lkp-link">Privacy Policy</span>
          </p>
        )}
        <p className="lkp-footer">Protected by Latchkey</p>
      </div>
    </figure>
  );
}
