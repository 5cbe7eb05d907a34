import { LatchkeyApiError, LatchkeyClientError } from '@latchkey/core';
import { type AppResponse, defaultAppConfig, type ServerErrorCode } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { en } from '../copy/en.ts';
import { codeEntryError, errorCode, errorScreen } from './errorScreens.ts';

const app = { ...defaultAppConfig, id: 'abcdefghijklmnopqrstuvwxy' } as AppResponse;
const api = (status: number, code: ServerErrorCode, message = 'server says', data?: unknown) =>
  new LatchkeyApiError(status, code, message, { data });

describe('errorScreen (spec document 2 §8 error screen mapping)', () => {
  it.each([
    [
      api(400, 'linked_to_another_user'),
      'Authentication failed',
      'This account has already been linked to another user.',
      'Try another method',
    ],
    [api(403, 'disallowed_login_method'), 'Not allowed', null, 'Try another method'],
    [
      api(400, 'not_supported'),
      'This region is not supported',
      'SMS authentication from this region is not available',
      'Try another method',
    ],
    [api(429, 'too_many_requests'), 'Request failed', 'Too many attempts.', 'Try again later'],
    [api(400, 'invalid_captcha'), 'Something went wrong', 'Please try again.', 'Retry'],
    [
      api(400, 'invalid_data', 'Invalid request data.'),
      'Something went wrong',
      'Invalid request data.',
      'Try another method',
    ],
    [
      api(422, 'invalid_request', 'Invalid SMS verification code'),
      'Something went wrong',
      'Invalid SMS verification code',
      'Try another method',
    ],
    [api(500, 'internal_error'), 'Something went wrong', 'Try again later', 'Retry'],
    [api(403, 'disallowed_plus_email'), 'Something went wrong', 'Try again later', 'Try another method'],
    [new LatchkeyClientError('client_request_timeout'), 'Timed out', null, 'Retry'],
    [
      new LatchkeyClientError('captcha_failure'),
      'Something went wrong',
      'You did not pass CAPTCHA. Please try again.',
      'Retry',
    ],
    [
      new LatchkeyClientError('captcha_timeout'),
      'Something went wrong',
      'Something went wrong! Please try again later.',
      'Retry',
    ],
    [new LatchkeyClientError('network_error'), 'Something went wrong', 'Try again later', 'Retry'],
    [new Error('boom'), 'Something went wrong', 'Try again later', 'Retry'],
  ])('%s', (error, title, detail, cta) => {
    expect(errorScreen(error, app)).toMatchObject({ name: 'error', title, detail, cta });
  });

  it('offers the way forward where a retry cannot succeed', () => {
    const taken = api(400, 'linked_to_another_user');
    // About the typed address: use another one (the field, its text selected).
    expect(errorScreen(taken, app, en, { address: 'email', login: false })).toMatchObject({
      cta: 'Use a different email',
      action: 'edit-address',
    });
    expect(errorScreen(taken, app, en, { address: 'sms', login: true })).toMatchObject({
      cta: 'Use a different phone number',
      action: 'edit-address',
    });
    // Not about an address, outside a login (a wallet linked elsewhere): nothing left but to close.
    expect(errorScreen(taken, app, en, { login: false })).toMatchObject({ cta: 'Close', action: 'close' });
    expect(errorScreen(api(400, 'cannot_link_more_of_type'), app)).toMatchObject({ action: 'close' });
    // A limit is waited out; a timeout and a failed captcha can pass on a second try.
    expect(errorScreen(api(429, 'too_many_requests'), app)).toMatchObject({ action: 'wait' });
    expect(errorScreen(api(400, 'invalid_captcha'), app)).toMatchObject({ action: 'back', cta: 'Retry' });
    expect(errorScreen(new LatchkeyClientError('client_request_timeout'), app)).toMatchObject({
      action: 'back',
    });
  });

  it('starts over on "Try another method", steps back otherwise', () => {
    expect(errorScreen(api(403, 'disallowed_login_method'), app)).toMatchObject({ action: 'restart' });
    expect(errorScreen(api(400, 'not_supported'), app)).toMatchObject({ action: 'restart' });
    expect(errorScreen(api(500, 'internal_error'), app)).toMatchObject({ action: 'back' });
  });

  it('shows the allowlist defaults', () => {
    expect(errorScreen(api(403, 'allowlist_rejected'), app)).toEqual({
      name: 'allowlist',
      title: "You don't have access to this app",
      detail: 'Have you been invited?',
      cta: 'Try another account',
      ctaLink: null,
    });
  });

  it('prefers the texts in the error data, then the app config, per field', () => {
    const configured = {
      ...app,
      allowlist_config: {
        error_title: 'App title',
        error_detail: 'App detail',
        cta_text: null,
        cta_link: null,
      },
    };
    const error = api(403, 'allowlist_rejected', 'x', {
      error_title: 'Members only',
      error_detail: null,
      cta_text: 'Join the waitlist',
      cta_link: 'https://example.com/waitlist',
    });
    expect(errorScreen(error, configured)).toEqual({
      name: 'allowlist',
      title: 'Members only',
      detail: 'App detail',
      cta: 'Join the waitlist',
      ctaLink: 'https://example.com/waitlist',
    });
  });

  it('maps the user limit and a missing account to their own screens', () => {
    expect(errorScreen(api(403, 'max_accounts_reached'), app)).toEqual({
      name: 'user-limit',
      title: 'Unable to sign in',
      detail:
        'This is a test application that has reached its user limit. To allow more users, this app needs to be upgraded to production.',
    });
    expect(errorScreen(api(404, 'user_does_not_exist'), app)).toEqual({
      name: 'account-not-found',
      title: 'Account not found',
      cta: 'Try logging in again',
    });
  });
});

describe('codeEntryError', () => {
  it('keeps a wrong code on the code screen with its message', () => {
    expect(codeEntryError(api(401, 'invalid_credentials', 'Invalid credentials.'))).toBe(
      'Invalid credentials.',
    );
    expect(codeEntryError(api(422, 'invalid_request', 'Invalid SMS verification code'))).toBe(
      'Invalid SMS verification code',
    );
    expect(codeEntryError(new LatchkeyClientError('invalid_input', en.codeNotNumeric))).toBe(
      'Code should be numeric',
    );
  });

  it('sends every other error to a screen', () => {
    expect(codeEntryError(api(403, 'allowlist_rejected'))).toBeNull();
    expect(codeEntryError(api(429, 'too_many_requests'))).toBeNull();
    expect(codeEntryError(new Error('x'))).toBeNull();
  });
});

describe('errorCode', () => {
  it('reports the server or client code, else unknown_auth_error', () => {
    expect(errorCode(api(403, 'allowlist_rejected'))).toBe('allowlist_rejected');
    expect(errorCode(new LatchkeyClientError('client_request_timeout'))).toBe('client_request_timeout');
    expect(errorCode(new TypeError('x'))).toBe('unknown_auth_error');
  });
});
