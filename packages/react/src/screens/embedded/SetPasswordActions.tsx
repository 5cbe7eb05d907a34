import { en } from '../../copy/en.ts';

export interface SetPasswordActionsProps {
  label: string;
  disabled: boolean;
  /** Only when the user started the flow themselves (spec document 1 §2: Cancel only when user-initiated). */
  onCancel?: (() => void) | undefined;
}

/**
 * The password flow's buttons: the step's action (it submits the step's form, so Enter works too),
 * and Cancel for a flow the user started.
 */
export function SetPasswordActions({ label, disabled, onCancel }: SetPasswordActionsProps) {
  return (
    <div className="lk-actions">
      <button
        type="submit"
        className="lk-btn lk-btn-primary"
        data-testid="lk-password-continue"
        disabled={disabled}
      >
        {label}
      </button>
      {onCancel && (
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-password-cancel"
          onClick={onCancel}
        >
          {en.embedded.cancel}
        </button>
      )}
    </div>
  );
}
