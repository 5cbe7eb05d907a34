import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { DelegationQuestionScreen } from './DelegationQuestionScreen.tsx';
import { DelegationResultScreen } from './DelegationResultScreen.tsx';

const copy = en.delegation;

/** Delegated actions: the consent, the revocation, and how it ended. */
export default function DelegationArea({ screen, flow, app, titleId }: AreaProps) {
  const appName = app?.name ?? '';
  const { delegation } = flow;
  switch (screen.name) {
    case 'delegation-consent':
      return (
        <DelegationQuestionScreen
          titleId={titleId}
          testId="lk-screen-delegation-consent"
          title={copy.consentTitle}
          body={copy.consentBody(appName)}
          acceptLabel={copy.accept}
          declineLabel={copy.notNow}
          busy={screen.busy}
          onAccept={() => void delegation.accept()}
          onDecline={delegation.decline}
        />
      );
    case 'delegation-revoke':
      return (
        <DelegationQuestionScreen
          titleId={titleId}
          testId="lk-screen-delegation-revoke"
          title={copy.revokeTitle}
          body={copy.revokeBody(appName)}
          acceptLabel={copy.confirm}
          declineLabel={copy.deny}
          busy={screen.busy}
          onAccept={() => void delegation.accept()}
          onDecline={delegation.decline}
        />
      );
    case 'delegation-result': {
      const success = screen.action === 'delegate' ? copy.delegated(appName) : copy.revoked;
      return (
        <DelegationResultScreen
          titleId={titleId}
          ok={screen.ok}
          title={screen.ok ? en.success : en.somethingWentWrong}
          detail={screen.ok ? success : en.pleaseTryAgain}
        />
      );
    }
    default:
      return null;
  }
}
