import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { RemoteImage } from '../../icons/RemoteImage.tsx';

export interface EmbeddedCreatedScreenProps {
  titleId: string;
  /** 'Welcome to {app}' for a new user, else 'All set!'. */
  isNewUser: boolean;
  appName: string;
  /** The app's icon (`icon_url`), shown with the check when welcoming a new user to the app. */
  appIcon?: string | null;
}

/** The wallet is ready; the modal closes itself after 2500 ms (spec document 1 §2). */
export function EmbeddedCreatedScreen({ titleId, isNewUser, appName, appIcon }: EmbeddedCreatedScreenProps) {
  const copy = en.embedded;
  return (
    <section className="lk-screen" data-testid="lk-screen-embedded-created">
      <div className="lk-center" role="status">
        {isNewUser && appIcon ? (
          <span className="lk-app-icon-box">
            <RemoteImage className="lk-app-icon" src={appIcon} alt="" testId="lk-app-icon" />
            <StatusIcon tone="success" />
          </span>
        ) : (
          <StatusIcon tone="success" />
        )}
        <h2 id={titleId} tabIndex={-1}>
          {isNewUser ? copy.welcome : copy.allSet}
          {isNewUser && appName ? <span> {copy.welcomeTo(appName)}</span> : null}
        </h2>
        <p className="lk-muted">{isNewUser ? copy.accountCreated : copy.accountSecured}</p>
      </div>
    </section>
  );
}
