import { useSyncExternalStore } from 'react';
import { useModalSheet } from '../../components/modalRoot.ts';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { MfaEnrollCodeScreen } from './MfaEnrollCodeScreen.tsx';
import { MfaEnrolledScreen } from './MfaEnrolledScreen.tsx';
import { MfaEnrollIntroScreen } from './MfaEnrollIntroScreen.tsx';
import { MfaEnrollMethodsScreen } from './MfaEnrollMethodsScreen.tsx';
import { MfaEnrollPasskeyScreen } from './MfaEnrollPasskeyScreen.tsx';
import { MfaEnrollSmsScreen } from './MfaEnrollSmsScreen.tsx';
import { MfaEnrollTotpScreen } from './MfaEnrollTotpScreen.tsx';
import { MfaRemoveScreen } from './MfaRemoveScreen.tsx';
import { MfaVerifyScreen } from './MfaVerifyScreen.tsx';
import { mfaCss } from './styles.ts';

/** Multi-factor: the verification (shown over any flow) and the enrolment screens. */
export default function MfaArea({ screen, flow, client, config, app, titleId }: AreaProps) {
  useModalSheet(mfaCss);
  // The lists read the user (factors, passkeys), which enrolment changes.
  const user = useSyncExternalStore(
    client.subscribe,
    () => client.getState().user,
    () => client.getState().user,
  );
  const enrollment = flow.mfaEnrollment;
  const appName = app?.name ?? '';
  switch (screen.name) {
    case 'mfa-verify':
      return <MfaVerifyScreen titleId={titleId} mfa={flow.mfa} client={client} onCancel={flow.close} />;
    case 'mfa-enroll-intro':
      return (
        <MfaEnrollIntroScreen
          titleId={titleId}
          appName={appName}
          onContinue={enrollment.continueIntro}
          onNotNow={flow.close}
        />
      );
    case 'mfa-enroll-methods':
      return (
        <MfaEnrollMethodsScreen
          key={user?.mfa_methods.length ?? 0}
          titleId={titleId}
          appName={appName}
          methods={enrollment.methods()}
          onSelect={enrollment.select}
          onRemove={enrollment.askRemove}
          onClose={flow.close}
        />
      );
    case 'mfa-enroll-sms':
      return (
        <MfaEnrollSmsScreen
          titleId={titleId}
          defaultCountry={config.intl?.defaultCountry}
          onSubmit={enrollment.sendSmsCode}
        />
      );
    case 'mfa-enroll-sms-code': {
      const { phoneNumber } = screen;
      return (
        <MfaEnrollCodeScreen
          titleId={titleId}
          testId="lk-screen-mfa-enroll-sms-code"
          text={en.mfa.smsCodeSent(phoneNumber)}
          onSubmit={(code) => enrollment.submitSmsCode(phoneNumber, code)}
        />
      );
    }
    case 'mfa-enroll-totp':
      return (
        <MfaEnrollTotpScreen
          titleId={titleId}
          secret={screen.secret}
          authUrl={screen.authUrl}
          onContinue={enrollment.totpScanned}
        />
      );
    case 'mfa-enroll-totp-code':
      return (
        <MfaEnrollCodeScreen
          titleId={titleId}
          testId="lk-screen-mfa-enroll-totp-code"
          text={en.mfa.totpCodeText}
          onSubmit={enrollment.submitTotpCode}
        />
      );
    case 'mfa-enroll-passkey':
      return (
        <MfaEnrollPasskeyScreen
          titleId={titleId}
          passkeys={enrollment.passkeys()}
          canAdd={enrollment.canAddPasskey()}
          onAdd={enrollment.addPasskey}
          onSave={enrollment.savePasskeys}
        />
      );
    case 'mfa-remove': {
      const { method } = screen;
      return (
        <MfaRemoveScreen
          titleId={titleId}
          method={method}
          onRemove={() => enrollment.remove(method)}
          onBack={flow.back}
        />
      );
    }
    case 'mfa-enrolled':
      return <MfaEnrolledScreen titleId={titleId} method={screen.method} onDone={enrollment.done} />;
    default:
      return null;
  }
}
