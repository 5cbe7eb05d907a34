/**
 * `@latchkey/test/wallets`: test browser wallets (EIP-6963 for Ethereum, the Wallet Standard for
 * Solana). Browser-safe: the e2e tests run their signing side behind a Playwright binding
 * (`e2e/wallets/`), the demo's built-in test wallet runs it in the page (`installInPageTestWallets`).
 */
export * from './eip6963.ts';
export * from './in-page.ts';
export * from './protocol.ts';
export * from './sign-solana-transaction.ts';
export * from './wallet-standard.ts';
