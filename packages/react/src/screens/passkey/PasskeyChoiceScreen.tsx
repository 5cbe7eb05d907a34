import { en } from '../../copy/en.ts';

export interface PasskeyChoiceScreenProps {
  titleId: string;
  onSignUp(): void;
  onLogIn(): void;
}

/** 'Log in or create a new account?' (spec document 1 §2 Login: Passkey), when passkey sign-up is on. */
export function PasskeyChoiceScreen({ titleId, onSignUp, onLogIn }: PasskeyChoiceScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-passkey-choice">
      <h2 id={titleId} tabIndex={-1}>
        {en.passkey.choiceTitle}
      </h2>
      <div className="lk-stack">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-passkey-signup"
          onClick={onSignUp}
        >
          {en.passkey.createNewAccount}
        </button>
        <button type="button" className="lk-btn" data-testid="lk-passkey-login" onClick={onLogIn}>
          {en.passkey.logInWithPasskey}
        </button>
      </div>
    </section>
  );
}
