/** The package version, sent as `privy-client: latchkey-core:<version>` (WIRE.md §1.2). */
export const version = '0.1.0';
