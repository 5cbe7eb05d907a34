import type { LatchkeyClient } from '@latchkey/core';
import type { MfaPasskeyOption, MfaVerifyFlow, MfaVerifyView } from '@latchkey/core/modal';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MfaEnrolledScreen } from './MfaEnrolledScreen.tsx';
import { MfaEnrollMethodsScreen } from './MfaEnrollMethodsScreen.tsx';
import { MfaEnrollPasskeyScreen } from './MfaEnrollPasskeyScreen.tsx';
import { MfaEnrollTotpScreen } from './MfaEnrollTotpScreen.tsx';
import { MfaVerifyScreen } from './MfaVerifyScreen.tsx';

/*
 * The MFA screens' texts and controls for each state the flows (core's modal/mfa.ts and
 * mfa-enrollment.ts) put them in; the flows themselves run against the real server in core's tests,
 * and the screens in Chromium in e2e/mfa.test.ts.
 */

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&#x27;', "'")
    .trim();
const noop = async () => null;

function verifyScreen(view: Partial<MfaVerifyView>, lastPasskeyAddedAt: Date | null = null): string {
  const full: MfaVerifyView = {
    id: 1,
    methods: ['totp'],
    method: 'totp',
    step: 'code',
    error: null,
    canChooseAnother: false,
    ...view,
  };
  const flow = {
    view: () => full,
    subscribe: () => () => undefined,
    lastPasskeyAddedAt: () => lastPasskeyAddedAt,
  } as unknown as MfaVerifyFlow;
  const client = {} as LatchkeyClient;
  return renderToStaticMarkup(
    <MfaVerifyScreen titleId="t" mfa={flow} client={client} onCancel={() => undefined} />,
  );
}

describe("'Verify your identity'", () => {
  it('lists the user’s factors by name', () => {
    const html = verifyScreen({
      methods: ['totp', 'sms', 'passkey'],
      method: null,
      step: 'choose',
      canChooseAnother: true,
    });
    expect(textOf(html)).toBe('Verify your identity Authenticator app SMS Passkey');
  });

  it('asks for the code with the spec’s texts; "Choose another method" only with more than one factor', () => {
    const sms = textOf(verifyScreen({ method: 'sms', methods: ['sms', 'totp'], canChooseAnother: true }));
    expect(sms).toContain('To continue, please enter the 6-digit code sent to your mobile device');
    expect(sms).toContain('Choose another method');
    expect(sms).toContain('Cancel');
    const totp = textOf(verifyScreen({ method: 'totp' }));
    expect(totp).toContain(
      'To continue, please enter the 6-digit code generated from your authenticator app',
    );
    expect(totp).not.toContain('Choose another method');
  });

  it('a blocking error takes the code boxes away; a non-blocking one keeps them', () => {
    const blocking = verifyScreen({
      error: {
        message: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
        blocking: true,
      },
    });
    expect(blocking).not.toContain('lk-code-digit-0');
    expect(textOf(blocking)).toContain(
      'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
    );
    const retry = verifyScreen({ error: { message: 'The code you entered is not valid', blocking: false } });
    expect(retry).toContain('lk-code-digit-0');
    expect(textOf(retry)).toContain('The code you entered is not valid');
  });

  it("'Verifying with passkey' with the last-added date, and 'Try again' after a failure", () => {
    const html = verifyScreen(
      {
        method: 'passkey',
        methods: ['passkey'],
        step: 'passkey',
        error: { message: 'MFA verification failed, retry.', blocking: false },
      },
      new Date('2026-03-04T12:00:00Z'),
    );
    const text = textOf(html);
    expect(text).toContain('Verifying with passkey');
    expect(text).toMatch(/You last added a passkey on .*2026/);
    expect(text).toContain('MFA verification failed, retry.');
    expect(text).toContain('Try again');
  });
});

describe('enrolment screens', () => {
  it("'Choose a verification method': 'Enabled' and a remove button on the user's factors", () => {
    const html = renderToStaticMarkup(
      <MfaEnrollMethodsScreen
        titleId="t"
        appName="Acme"
        methods={[
          { method: 'passkey', enabled: false },
          { method: 'totp', enabled: true },
          { method: 'sms', enabled: false },
        ]}
        onSelect={noop}
        onRemove={noop}
        onClose={() => undefined}
      />,
    );
    expect(textOf(html)).toBe('Choose a verification method Passkey Authenticator app Enabled Remove SMS');
    expect(html).toContain('data-testid="lk-mfa-remove-totp"');
    expect(html).not.toContain('lk-mfa-remove-sms');
  });

  it("'Add more security' when the app offers no factor", () => {
    const html = renderToStaticMarkup(
      <MfaEnrollMethodsScreen
        titleId="t"
        appName="Acme"
        methods={[]}
        onSelect={noop}
        onRemove={noop}
        onClose={() => undefined}
      />,
    );
    expect(textOf(html)).toContain('Add more security');
  });

  it('the authenticator setup: a 240 px QR code and the setup key', () => {
    const html = renderToStaticMarkup(
      <MfaEnrollTotpScreen
        titleId="t"
        secret="JBSWY3DPEHPK3PXP"
        authUrl="otpauth://totp/x?secret=JBSWY3DPEHPK3PXP"
        onContinue={() => undefined}
      />,
    );
    expect(html).toContain('width="240"');
    expect(textOf(html)).toContain('Setup key JBSWY3DPEHPK3PXP');
  });

  const passkeys = (n: number): MfaPasskeyOption[] =>
    Array.from({ length: n }, (_, i) => ({
      credentialId: `cred-${i}`,
      name: `Key ${i}`,
      addedAt: new Date(2026, 0, i + 1),
      enrolled: i === 0,
    }));

  it("'Set up passkey verification': 2 passkeys until 'View all', 'Add new passkey' while fewer than 5", () => {
    const three = renderToStaticMarkup(
      <MfaEnrollPasskeyScreen titleId="t" passkeys={passkeys(3)} canAdd onAdd={noop} onSave={noop} />,
    );
    expect(textOf(three)).toContain('Set up passkey verification');
    expect(textOf(three)).toContain('Your passkeys');
    expect(three.match(/data-testid="lk-mfa-passkey"/g)).toHaveLength(2);
    expect(textOf(three)).toContain('View all');
    expect(textOf(three)).toContain('Add new passkey');
    // Only the passkey that verifies now is ticked.
    expect(three).toMatch(/data-testid="lk-mfa-passkey-cred-0" checked=""/);
    const five = renderToStaticMarkup(
      <MfaEnrollPasskeyScreen titleId="t" passkeys={passkeys(5)} canAdd={false} onAdd={noop} onSave={noop} />,
    );
    expect(textOf(five)).not.toContain('Add new passkey');
  });

  it("'Passkeys updated' with Done", () => {
    const html = renderToStaticMarkup(
      <MfaEnrolledScreen titleId="t" method="passkey" onDone={() => undefined} />,
    );
    expect(textOf(html)).toBe('Passkeys updated Done');
    expect(html).toMatch(/data-tone="success" aria-hidden="true"><svg/);
  });
});
