import type { AreaProps } from '../types.ts';
import { PasskeyChoiceScreen } from './PasskeyChoiceScreen.tsx';
import { PasskeyStatusScreen } from './PasskeyStatusScreen.tsx';

/** Passkey login, sign-up and linking: the choice, then the ceremony's status. */
export default function PasskeyArea({ screen, flow, titleId }: AreaProps) {
  switch (screen.name) {
    case 'passkey-choice':
      return (
        <PasskeyChoiceScreen
          titleId={titleId}
          onSignUp={() => flow.passkey.choose('signup')}
          onLogIn={() => flow.passkey.choose('login')}
        />
      );
    case 'passkey-status': {
      const { action, passkeyName } = screen;
      return (
        <PasskeyStatusScreen
          titleId={titleId}
          run={(dispatch) => flow.passkey.run(action, dispatch, passkeyName)}
        />
      );
    }
    default:
      return null;
  }
}
