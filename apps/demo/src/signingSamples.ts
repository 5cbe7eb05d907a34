/**
 * What the demo's signing buttons sign, shared with the e2e tests that verify the signatures.
 * Plain data: importing it pulls in nothing else.
 */
export const demoSignMessage = 'Sign in to the Latchkey demo';

/** What the demo signs with its embedded wallets (the e2e tests verify the signatures against it). */
export const embeddedDemoMessage = 'Hello from the Latchkey demo';

/** EIP-712 typed data (viem's example 'Mail'), on chain 1. */
export const demoTypedData = {
  domain: {
    name: 'Latchkey Demo',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const;
