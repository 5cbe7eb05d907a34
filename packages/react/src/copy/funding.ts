import { fundingMessages } from '@latchkey/core/funding';

/**
 * The funding screens' texts (document 1 §2 Wallet actions, document 2 §2, §4, §8). The spec's own
 * wording lives in core's `fundingMessages` (one place, shared with the flows' errors); lines marked
 * "Latchkey's own" are not worded by the spec. Imported by the funding area only, so its chunk (and
 * core's funding entry) stay out of every other screen's.
 */
export const fundingCopy = {
  /** Latchkey's own: the spec names the screen 'Fund wallet chooser'. */
  chooserTitle: 'Fund wallet',
  payWithCard: fundingMessages.payWithCard,
  fromExchange: fundingMessages.fromExchange,
  receiveFunds: fundingMessages.receiveFunds,
  hint: fundingMessages.chooserHint,
  hintLink: fundingMessages.chooserHintLink,
  /** The device's pay sheet, shown beside 'Pay with card' when it can pay (§2). */
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',

  coinbaseTitle: fundingMessages.coinbaseStatusTitle,
  /** Latchkey's own: the first provider's status lines. */
  coinbase: {
    'pending-in-flow': {
      buy: 'Complete your purchase in the Coinbase window.',
      send: 'Complete the transfer in the Coinbase window.',
    },
    'pending-after-flow': 'Checking the status of your purchase…',
    success: 'Funds were added to your wallet.',
  },
  /** Latchkey's own: the second provider's three status screens (§2: in progress, processing payment, completed). */
  moonpay: {
    'in-progress': { title: 'In progress', detail: 'Complete your purchase in the MoonPay window.' },
    'processing-payment': {
      title: 'Processing payment',
      detail: 'MoonPay is processing your payment. This may take a few minutes.',
    },
    completed: { title: fundingMessages.success, detail: 'Funds were added to your wallet.' },
  },

  fromWallet: fundingMessages.fromWallet,
  confirmAmount: fundingMessages.confirmAmount,
  confirmWith: fundingMessages.confirmWith,
  success: fundingMessages.success,
  /** Latchkey's own: the transfer's lines. */
  transferDetail: 'Approve the transfer in your wallet.',
  transferFailed: 'The transfer did not go through',
  transferDone: 'Funds were sent to your wallet.',
  /** Latchkey's own: the amount field's accessible name. */
  amountLabel: 'Amount',
  retry: 'Try again',

  /** Latchkey's own: the bridge's screens, but for the spec's success and failure texts. */
  bridgeOptionsTitle: 'Transfer from another network',
  bridgeOptionsDetail: 'Choose the network to pay from.',
  bridge: {
    quoting: { title: 'Finding a route', detail: 'Looking for the networks your wallet can pay from.' },
  },
  bridgingTo: (network: string) => `Bridging to ${network}`,
  bridgingDetail: (network: string) => `Waiting for the funds to arrive on ${network}.`,
  bridgeSuccess: fundingMessages.bridgeSuccess,
  refundLink: 'View the refund status',

  /** Latchkey's own: the QR code's accessible name. */
  qrLabel: 'Wallet address QR code',
  copyAddress: 'Copy address',
  balance: 'Balance',
  continue: 'Continue',
} as const;
