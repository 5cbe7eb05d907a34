import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

export interface EmbeddedCreatedScreenProps {
  titleId: string;
  /** 'Welcome to {app}' for a new user, else 'All set!'. */
  isNewUser: boolean;
  appName: string;
}

/** The wallet is ready; the modal closes itself after 2500 ms (spec document 1 §2). */
export function EmbeddedCreatedScreen({ titleId, isNewUser, appName }: EmbeddedCreatedScreenProps) {
  const copy = en.embedded;
  return (
    <section className="lk-screen" data-testid="lk-screen-embedded-created">
      <div className="lk-center" role="status">
        <StatusIcon tone="success" />
        <h2 id={titleId} tabIndex={-1}>
          {isNewUser ? copy.welcome : copy.allSet}
          {isNewUser && appName ? <span> {copy.welcomeTo(appName)}</span> : null}
        </h2>
        <p className="lk-muted">{isNewUser ? copy.accountCreated : copy.accountSecured}</p>
      </div>
    </section>
  );
}
