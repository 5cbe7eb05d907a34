import { type FormEvent, useState } from 'react';
import { en } from '../../copy/en.ts';
import { type PasswordStrength, passwordProblem, passwordStrength } from './password.ts';
import { SetPasswordActions } from './SetPasswordActions.tsx';
import { SetPasswordInput } from './SetPasswordInput.tsx';

export interface SetPasswordScreenProps {
  titleId: string;
  onContinue(password: string): void;
  onCancel?: (() => void) | undefined;
}

const levels: readonly PasswordStrength[] = ['Weak', 'Medium', 'Strong'];

/** Step 1 'Set your password': the rules of spec document 1 §5 and the strength meter. */
export function SetPasswordScreen({ titleId, onContinue, onCancel }: SetPasswordScreenProps) {
  const copy = en.embedded;
  const [password, setPassword] = useState('');
  const problem = passwordProblem(password);
  // Rules show once something is typed, not on an empty field.
  const error =
    password === '' || !problem
      ? null
      : problem.kind === 'characters'
        ? copy.invalidCharacters(problem.characters)
        : copy.passwordTooShort;
  const strength = passwordStrength(password);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password && !problem) onContinue(password);
  }

  return (
    <form className="lk-screen" data-testid="lk-screen-set-password" onSubmit={submit} noValidate>
      <h2 id={titleId} tabIndex={-1}>
        {copy.setPasswordTitle}
      </h2>
      <p className="lk-muted">{copy.setPasswordBody}</p>
      <div className="lk-stack">
        <SetPasswordInput
          label={copy.passwordLabel}
          value={password}
          onChange={setPassword}
          error={error}
          testId="lk-password-input"
          autoComplete="new-password"
        />
        <div className="lk-muted" data-testid="lk-password-strength" data-strength={strength ?? ''}>
          {/* Native meter: red while Weak, amber at Medium, green when Strong; empty while invalid. */}
          <meter
            aria-label={copy.strength}
            min={0}
            max={3}
            low={1.5}
            high={2.5}
            optimum={3}
            value={strength ? levels.indexOf(strength) + 1 : 0}
            style={{ display: 'block', width: '100%', height: 8 }}
          />
          <span>{strength ? copy.strengths[strength] : '\u00a0'}</span>
        </div>
      </div>
      <SetPasswordActions label={copy.continue} disabled={!password || !!problem} onCancel={onCancel} />
    </form>
  );
}
