import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { DelegationQuestionScreen } from './DelegationQuestionScreen.tsx';
import { DelegationResultScreen } from './DelegationResultScreen.tsx';

const copy = en.delegation;

/** The two questions, one screen: what each says and how its buttons read. */
const questions = {
  'delegation-consent': {
    testId: 'lk-screen-delegation-consent',
    title: copy.consentTitle,
    body: copy.consentBody,
    acceptLabel: copy.accept,
    declineLabel: copy.notNow,
  },
  'delegation-revoke': {
    testId: 'lk-screen-delegation-revoke',
    title: copy.revokeTitle,
    body: copy.revokeBody,
    acceptLabel: copy.confirm,
    declineLabel: copy.deny,
  },
} as const;

/** Delegated actions: the consent, the revocation, and how it ended. */
export default function DelegationArea({ screen, flow, app, titleId }: AreaProps) {
  const appName = app?.name ?? '';
  const { delegation } = flow;
  switch (screen.name) {
    case 'delegation-consent':
    case 'delegation-revoke': {
      const question = questions[screen.name];
      return (
        <DelegationQuestionScreen
          titleId={titleId}
          testId={question.testId}
          title={question.title}
          body={question.body(appName)}
          acceptLabel={question.acceptLabel}
          declineLabel={question.declineLabel}
          busy={screen.busy}
          onAccept={() => void delegation.accept()}
          onDecline={delegation.decline}
        />
      );
    }
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
