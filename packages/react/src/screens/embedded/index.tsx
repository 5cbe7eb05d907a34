import type { PasswordProblem } from '@latchkey/core/modal';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { EmbeddedCreatedScreen } from './EmbeddedCreatedScreen.tsx';
import { EmbeddedCreatingScreen } from './EmbeddedCreatingScreen.tsx';
import { RecoverPasswordScreen } from './RecoverPasswordScreen.tsx';
import { SetPasswordAcknowledgeScreen } from './SetPasswordAcknowledgeScreen.tsx';
import { SetPasswordConfirmScreen } from './SetPasswordConfirmScreen.tsx';
import { SetPasswordResultScreen } from './SetPasswordResultScreen.tsx';
import { SetPasswordSaveScreen } from './SetPasswordSaveScreen.tsx';
import { SetPasswordScreen } from './SetPasswordScreen.tsx';

const problemText: Record<Exclude<PasswordProblem, null>, string> = {
  'wrong-password': en.embedded.wrongPassword,
  'unable-to-recover': en.embedded.unableToRecover,
  'unable-to-check': en.embedded.unableToCheckPassword,
};
const textOf = async (problem: Promise<PasswordProblem>) => {
  const result = await problem;
  return result === null ? null : problemText[result];
};

/** Embedded wallets: creation after login, the password flow, 'Enter your password'. */
export default function EmbeddedArea({ screen, flow, app, titleId }: AreaProps) {
  const embedded = flow.embedded;
  const appName = app?.name ?? '';
  // Cancel only when the user started the flow (not the password a login's creation needs).
  const cancel = embedded.cancellable() ? flow.close : undefined;
  switch (screen.name) {
    case 'embedded-creating':
      return <EmbeddedCreatingScreen titleId={titleId} />;
    case 'embedded-created':
      return (
        <EmbeddedCreatedScreen
          titleId={titleId}
          isNewUser={screen.isNewUser}
          appName={appName}
          appIcon={app?.icon_url ?? null}
        />
      );
    case 'recover-password':
      return <RecoverPasswordScreen titleId={titleId} onSubmit={(p) => textOf(embedded.recover(p))} />;
    case 'current-password':
      return (
        <RecoverPasswordScreen
          titleId={titleId}
          onSubmit={(p) => textOf(embedded.checkCurrentPassword(p))}
          purpose="current"
          onCancel={cancel}
        />
      );
    case 'set-password':
      return <SetPasswordScreen titleId={titleId} onContinue={embedded.choosePassword} onCancel={cancel} />;
    case 'set-password-save': {
      const { password } = screen;
      return (
        <SetPasswordSaveScreen
          titleId={titleId}
          password={password}
          appName={appName}
          onContinue={() => embedded.savedPassword(password)}
          onCancel={cancel}
        />
      );
    }
    case 'set-password-confirm': {
      const { password } = screen;
      return (
        <SetPasswordConfirmScreen
          titleId={titleId}
          password={password}
          onContinue={() => embedded.confirmedPassword(password)}
          onCancel={cancel}
        />
      );
    }
    case 'set-password-acknowledge': {
      const { password } = screen;
      return (
        <SetPasswordAcknowledgeScreen
          titleId={titleId}
          onConfirm={() => embedded.finishPassword(password)}
          onCancel={cancel}
        />
      );
    }
    case 'set-password-result':
      return <SetPasswordResultScreen titleId={titleId} ok={screen.ok} onClose={flow.close} />;
    default:
      return null;
  }
}
