import { fundingConfigMessages } from '@latchkey/protocol';

/**
 * Every text of the funding flows in one place (spec document 2 §2 screens, §4 states, §5
 * validation, §8 funding messages). Errors a developer sees (thrown) and texts a user sees (screens)
 * both live here so a copy table or a translation has one file to read. `LatchkeyProvider` stands
 * where the incumbent names its own provider.
 */
export const fundingMessages = {
  // §5 validation and §8 funding messages (thrown to the developer).
  // The three the server's check of the app's funding config shares (protocol).
  ...fundingConfigMessages,
  coinbaseUnsupportedChain: (chainId: number | string) =>
    `Unsupported chainId: ${chainId} for Coinbase Onramp`,
  /** The popup could not open (a blocker, or not from a click). */
  popupBlocked: 'Unable to initialize flow',
  coinbaseFlowError: 'There was an error completing Coinbase Onramp flow.',
  missingConfig: "Couldn't find funding config",
  walletDataMissing: 'Wallet data is missing',
  invalidFundingData: 'Invalid funding data',
  notEnoughFunds: (address: string) => `Wallet ${address} does not have enough funds.`,
  bridgeQuotesFailed: 'Unable to fetch quotes for bridging.',
  bridgeOptionFailed: 'Unable to select bridge option from quotes.',
  tokenDetailsFailed: 'Unable to fetch token details',
  solPriceFailed: 'Unable to fetch SOL price',
  /**
   * Transfer from wallet with USDC on a chain whose USDC contract is unknown (§5: disabled with a
   * warning). Latchkey's wording: the spec gives none.
   */
  usdcUnknown: (chainId: number | string) => `USDC is not supported on chain ${chainId}`,

  // Banners on the chooser after a failed attempt (§4).
  coinbaseFailureBanner: 'Something went wrong adding funds. Please try again or use another method.',
  moonpayFailureBanner:
    'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.',

  // Screens (§2).
  chooserHint: 'Having trouble or facing location restrictions?',
  chooserHintLink: 'Try a different provider.',
  payWithCard: 'Pay with card',
  fromExchange: 'Transfer from an exchange',
  fromWallet: 'Transfer from wallet',
  receiveFunds: 'Receive funds',
  coinbaseStatusTitle: 'Fund account',
  moreWallets: 'More wallets',
  connectedTag: 'Connected',
  solanaTag: 'Solana',
  confirmAmount: 'Confirm or edit amount',
  confirmWith: (wallet: string) => `Confirm with ${wallet}`,
  success: 'Success!',
  receiveTitle: (amount: string, symbol: string) => `Receive ${amount} ${symbol}`,
  receiveSubtitle: (network: string) =>
    `Scan this code or copy your wallet address to receive funds on ${network}.`,
  receiveNotice: (network: string) => `Make sure to send funds on ${network}.`,
  bridgeSuccess: (amount: string, app: string, symbol = 'SOL') =>
    `You've successfully added ${amount} ${symbol} to your ${app} wallet. It may take a minute before the funds are available to use.`,
  bridgeFailedTitle: 'Transaction failed',
  /** Latchkey's wording (the spec says only that the bridge is unsupported on testnets, with a warning). */
  bridgeTestnet: 'Bridging to Solana is not supported on testnets.',
  /** Latchkey's wording: a Solana payment with no RPC of the cluster to send it through. */
  solanaRpcMissing: 'No Solana RPC URL to send the transfer through',
  bridgeFailed: 'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.',
} as const;
