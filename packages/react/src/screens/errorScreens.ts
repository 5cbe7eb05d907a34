import { LatchkeyApiError, LatchkeyError } from '@latchkey/core';
import type { AllowlistConfig, AppResponse } from '@latchkey/protocol';
import { type Copy, en } from '../copy/en.ts';

/** What the error screen's button does: go back to the last step, or start the flow again. */
export type ErrorAction = 'back' | 'restart';

export type ResultScreen =
  | { name: 'allowlist'; title: string; detail: string; cta: string; ctaLink: string | null }
  | { name: 'user-limit'; title: string; detail: string }
  | { name: 'account-not-found'; title: string; cta: string }
  | { name: 'error'; title: string; detail: string | null; cta: string; action: ErrorAction };

const apiCode = (error: unknown) => (error instanceof LatchkeyApiError ? error.code : null);

/** The stable code a flow reports to `onError`. */
export function errorCode(error: unknown): string {
  return error instanceof LatchkeyError ? error.code : 'unknown_auth_error';
}

/**
 * The message to show under the code boxes when a submitted code is wrong, or null when the
 * error needs a screen of its own. A wrong code shakes and resets; it does not leave the screen.
 */
export function codeEntryError(error: unknown): string | null {
  if (!(error instanceof LatchkeyError)) return null;
  if (error.code === 'invalid_credentials') return error.message;
  if (error instanceof LatchkeyApiError && error.status === 422) return error.message;
  if (error.code === 'invalid_input') return error.message;
  return null;
}

function allowlistTexts(error: unknown, app: AppResponse | null): Partial<AllowlistConfig> {
  const data = error instanceof LatchkeyApiError ? error.data : null;
  const fromError = data && typeof data === 'object' ? (data as Partial<AllowlistConfig>) : {};
  const fromApp: Partial<AllowlistConfig> = app?.allowlist_config ?? {};
  const pick = (key: keyof AllowlistConfig) => fromError[key] || fromApp[key] || null;
  return {
    error_title: pick('error_title'),
    error_detail: pick('error_detail'),
    cta_text: pick('cta_text'),
    cta_link: pick('cta_link'),
  };
}

/**
 * The screen for a failed flow (spec document 2 §8 'Error screen mapping', document 1 §2 Gate and
 * result screens).
 *
 * @example
 * errorScreen(new LatchkeyApiError(429, 'too_many_requests', '...'), app)
 * // { name: 'error', title: 'Request failed', detail: 'Too many attempts.', cta: 'Try again later', action: 'back' }
 */
export function errorScreen(error: unknown, app: AppResponse | null, copy: Copy = en): ResultScreen {
  const screen = (
    title: string,
    detail: string | null,
    cta: string = copy.retry,
    action: ErrorAction = 'back',
  ) => ({ name: 'error', title, detail, cta, action }) as const;
  const code = apiCode(error);
  switch (code) {
    case 'allowlist_rejected': {
      const texts = allowlistTexts(error, app);
      return {
        name: 'allowlist',
        title: texts.error_title ?? copy.allowlistTitle,
        detail: texts.error_detail ?? copy.allowlistDetail,
        cta: texts.cta_text ?? copy.allowlistCta,
        ctaLink: texts.cta_link ?? null,
      };
    }
    case 'max_accounts_reached':
      return { name: 'user-limit', title: copy.userLimitTitle, detail: copy.userLimitDetail };
    case 'user_does_not_exist':
      return { name: 'account-not-found', title: copy.accountNotFoundTitle, cta: copy.accountNotFoundCta };
    case 'disallowed_login_method':
      return screen(copy.notAllowed, null, copy.tryAnotherMethod, 'restart');
    case 'linked_to_another_user':
      return screen(copy.authenticationFailed, copy.linkedToAnotherUser);
    case 'not_supported':
      return screen(copy.regionNotSupported, copy.smsRegionNotAvailable, copy.tryAnotherMethod, 'restart');
    case 'too_many_requests':
      return screen(copy.requestFailed, copy.tooManyAttempts, copy.tryAgainLater);
    case 'invalid_captcha':
      return screen(copy.somethingWentWrong, copy.pleaseTryAgain);
  }
  if (error instanceof LatchkeyApiError && (error.status === 400 || error.status === 422))
    return screen(copy.somethingWentWrong, error.message);
  if (error instanceof LatchkeyError) {
    switch (error.code) {
      case 'client_request_timeout':
        return screen(copy.timedOut, null);
      case 'captcha_failure':
        return screen(copy.somethingWentWrong, copy.captchaFailure);
      case 'captcha_timeout':
        return screen(copy.somethingWentWrong, copy.captchaTimeout);
      case 'invalid_input':
        return screen(copy.somethingWentWrong, error.message);
    }
  }
  return screen(copy.somethingWentWrong, copy.tryAgainLater);
}
