/**
 * Errors the frame turns into WIRE §6 error types. Messages never carry key material: they describe what
 * was wrong with the request, not the secret it touched.
 */

/** Bad request data (→ `invalid_request_arguments`). */
export class InvalidRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRequestError';
  }
}

/**
 * The recovery share did not open (→ `invalid_recovery_pin`). AES-GCM cannot tell a wrong key from a damaged
 * box, so both end here.
 */
export class WrongRecoveryKeyError extends Error {
  constructor() {
    super('The recovery key does not open this recovery share');
    this.name = 'WrongRecoveryKeyError';
  }
}
