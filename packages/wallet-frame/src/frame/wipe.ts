/** Zeroes secret bytes once an operation is done with them, so they do not linger in frame memory. */
export function wipe(...secrets: (Uint8Array | null | undefined)[]): void {
  for (const secret of secrets) secret?.fill(0);
}
