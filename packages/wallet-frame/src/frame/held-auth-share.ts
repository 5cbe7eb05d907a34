/** An auth share as the server released it: for one entropy, to one session. */
export interface HeldAuthShare {
  entropyId: string;
  /** The session the server released it to; a request of another session does not use it. */
  sessionId: string;
  share: Uint8Array;
  /**
   * The device share (its stored text) this auth share was last combined with and checked against the
   * entropyId. The same two shares always rebuild the same entropy, so that pair needs no second check.
   * (Holding it adds nothing: this page can read the device share from its origin's storage anyway.)
   */
  verifiedDeviceShare: string | null;
}
