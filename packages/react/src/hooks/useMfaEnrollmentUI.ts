import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

export interface UseMfaEnrollmentUIReturnType {
  /**
   * Opens the enrolment screens: 'Transaction Protection' before a first factor, then 'Choose a
   * verification method' (SMS, authenticator app, passkeys, as the app's `mfa_methods` allow), with
   * removal. Adding a second factor or removing one asks the user to verify first.
   */
  showMfaEnrollmentModal(): void;
  closeMfaEnrollmentModal(): void;
}

/**
 * The MFA enrolment modal.
 *
 * @example
 * const { showMfaEnrollmentModal } = useMfaEnrollmentUI();
 * <button onClick={showMfaEnrollmentModal}>Protect my wallet</button>
 */
export function useMfaEnrollmentUI(): UseMfaEnrollmentUIReturnType {
  const { openModal, events } = useLatchkeyContext();
  return useMemo(
    () => ({
      showMfaEnrollmentModal: () => openModal('mfa-enrollment'),
      closeMfaEnrollmentModal: () => events.emit('closeModal', 'mfa-enrollment'),
    }),
    [openModal, events],
  );
}
