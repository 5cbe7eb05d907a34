import type { ReactElement } from 'react';
import { TermsFooter } from '../../components/TermsFooter.tsx';
import { RemoteImage } from '../../icons/RemoteImage.tsx';
import { LoginSlotList, type LoginSlotListProps } from './LoginSlotList.tsx';

export interface LandingScreenProps extends LoginSlotListProps {
  titleId: string;
  header: string;
  /** A URL, or the app's own element (the incumbent's `appearance.logo` may be an `<img>` or `<svg>`). */
  logo: string | ReactElement | null;
  appName: string;
  loginMessage: string | null;
  /** Shown when the app has terms URLs and does not require acceptance. */
  terms: { termsUrl: string | null; privacyUrl: string | null } | null;
}

/** The main login screen: header, logo, message and up to 5 method slots (spec document 1 §2 Login). */
export function LandingScreen({
  titleId,
  header,
  logo,
  appName,
  loginMessage,
  terms,
  ...slots
}: LandingScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-landing">
      {logo && (
        // The logo box is 140 px tall, or 65 px ('small', spec document 2 §9) when more than 3 slots
        // share the screen; a URL that fails to load shows nothing.
        <span className="lk-logo-box" data-size={slots.slots.length > 3 ? 'small' : 'large'}>
          {typeof logo === 'string' ? (
            <RemoteImage className="lk-logo" src={logo} alt={appName} testId="lk-logo" />
          ) : (
            logo
          )}
        </span>
      )}
      <h2 id={titleId} tabIndex={-1}>
        {header}
      </h2>
      {loginMessage && <p className="lk-muted">{loginMessage}</p>}
      <LoginSlotList {...slots} />
      {terms && <TermsFooter {...terms} />}
    </section>
  );
}
