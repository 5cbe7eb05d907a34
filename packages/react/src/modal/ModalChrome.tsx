import type { ReactNode, Ref } from 'react';
import { useRef } from 'react';
import { en } from '../copy/en.ts';
import { BackIcon, CloseIcon } from '../icons/glyphs.tsx';
import { useHeightTransition } from './useHeightTransition.ts';

export interface ModalChromeProps {
  /** Back, when the flow has somewhere to go back to; null shows no back button. */
  onBack: (() => void) | null;
  /** Close; null hides the button (a wallet being created cannot be left). */
  onClose: (() => void) | null;
  /** Changes with every visit, so each screen mounts afresh. */
  slotKey: string;
  /** Where a wallet flow's captcha widget renders. */
  captchaHost?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * What surrounds every screen in the dialog: the grab handle (bottom sheet only), the back and
 * close buttons, the screen, and the captcha's box. The modal (`ModalFrame`) and its preview
 * (`LoginModalPreview`) both draw it, so the preview's DOM is the modal's.
 */
export function ModalChrome({ onBack, onClose, slotKey, captchaHost, children }: ModalChromeProps) {
  const inner = useRef<HTMLDivElement>(null);
  useHeightTransition(inner);
  return (
    <div ref={inner} className="lk-inner">
      <div className="lk-grab" data-testid="lk-grab-handle" aria-hidden="true" />
      <div className="lk-topbar">
        {onBack ? (
          <button
            type="button"
            className="lk-icon-btn"
            data-testid="lk-back"
            aria-label={en.back}
            onClick={onBack}
          >
            <BackIcon />
          </button>
        ) : (
          <span />
        )}
        {onClose && (
          <button
            type="button"
            className="lk-icon-btn"
            data-testid="lk-close"
            aria-label={en.close}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div key={slotKey} className="lk-screen-slot" style={{ display: 'contents' }}>
        {children}
      </div>
      <div ref={captchaHost} className="lk-captcha-box" />
    </div>
  );
}
