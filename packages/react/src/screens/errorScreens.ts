import { LatchkeyApiError, LatchkeyError } from '@latchkey/core';
import { errorNextStep } from '@latchkey/core/modal';
import type { AllowlistConfig, AppResponse } from '@latchkey/protocol';
import { type Copy, en } from '../copy/en.ts';

/**
 * What the error screen's button does (core's `errorNextStep`): go back to the last step (Retry),
 * wait for a limit to end and then go back, go back to the email or phone field, start the flow
 * again (another method), or close.
 */
export type ErrorAction = 'back' | 'wait' | 'edit-address' | 'restart' | 'close';

/** Where the error arose: from a code sent to a typed address (its kind), in a login or not. */
export interface ErrorContext {
  address?: 'email' | 'sms' | undefined;
  login: boolean;
}

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
 * // { name: 'error', title: 'Request failed', detail: 'Too many attempts.', cta: 'Try again later', action: 'wait' }
 */
export function errorScreen(
  error: unknown,
  app: AppResponse | null,
  copy: Copy = en,
  context: ErrorContext = { login: true },
): ResultScreen {
  const step = errorNextStep(error, { address: context.address !== undefined, login: context.login });
  const ctas: Record<ErrorAction, string> = {
    back: copy.retry,
    // The screen shows the wait and then 'Try again' (the label while the wait is unknown).
    wait: copy.tryAgainLater,
    'edit-address': context.address === 'sms' ? copy.useDifferentPhone : copy.useDifferentEmail,
    restart: copy.tryAnotherMethod,
    close: copy.close,
  };
  const action: ErrorAction = step === 'retry' ? 'back' : step;
  const screen = (title: string, detail: string | null) =>
    ({ name: 'error', title, detail, cta: ctas[action], action }) as const;
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
      return screen(copy.notAllowed, null);
    case 'linked_to_another_user':
      return screen(copy.authenticationFailed, copy.linkedToAnotherUser);
    case 'not_supported':
      return screen(copy.regionNotSupported, copy.smsRegionNotAvailable);
    case 'too_many_requests':
      return screen(copy.requestFailed, copy.tooManyAttempts);
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
