import type { AppResponse } from '@latchkey/protocol';
import type { ReactElement } from 'react';
import { en } from '../../copy/en.ts';
import type { LatchkeyConfig } from '../../types.ts';
import { type LandingLayout, landingOf } from './loginSlots.ts';

/** What the landing screen shows for an app and the host's config, before any user acts. */
export interface LandingContent {
  layout: LandingLayout;
  header: string;
  /** A URL, or the app's own element (`appearance.logo`). */
  logo: string | ReactElement | null;
  appName: string;
  loginMessage: string | null;
  terms: { termsUrl: string | null; privacyUrl: string | null } | null;
  whatsapp: boolean;
  disallowPlus: boolean;
  /** The app offers one method in all (for 'Continue with passkey'). */
  onlyMethod: boolean;
}

/**
 * The landing screen's content: the methods and their order (`landingOf`), the header, logo,
 * message and terms, the host's `appearance` and `legal` first and the app's server config after.
 * The modal's landing area and its preview (`LoginModalPreview`) both read it, so they cannot differ.
 *
 * @example
 * landingContent(app, {}).layout.primary // [{ kind: 'email-input' }, { kind: 'method', method: 'sms' }, …]
 */
export function landingContent(app: AppResponse | null, config: LatchkeyConfig): LandingContent {
  const layout = landingOf(app, config);
  const appearance = config.appearance;
  const termsUrl = config.legal?.termsAndConditionsUrl ?? app?.terms_and_conditions_url ?? null;
  const privacyUrl = config.legal?.privacyPolicyUrl ?? app?.privacy_policy_url ?? null;
  return {
    layout,
    header: appearance?.landingHeader ?? en.landingHeader,
    logo: appearance?.logo ?? app?.logo_url ?? null,
    appName: app?.name ?? '',
    // Login message cut to 100 characters (spec document 1 §5).
    loginMessage: appearance?.loginMessage?.slice(0, 100) ?? null,
    terms: (termsUrl || privacyUrl) && !app?.require_users_accept_terms ? { termsUrl, privacyUrl } : null,
    whatsapp: app?.whatsapp_enabled ?? false,
    disallowPlus: app?.disable_plus_emails ?? false,
    onlyMethod: layout.primary.length === 1 && layout.overflow.length === 0,
  };
}
