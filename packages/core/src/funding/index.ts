/**
 * `@latchkey/core/funding`: the funding flows without a UI (spec document 2 §2–§9): validation, the
 * providers' URLs and currency codes, the display rules, the status reads and the state machines the
 * funding screens run. Loaded only when a funding screen opens, never in an app's first load.
 */
export {
  type FundingAnalyticsEvent,
  type FundingEventProvider,
  fundingEventNames,
  type OnrampStartedContext,
  onrampCompleted,
  onrampStarted,
} from './analytics.ts';
export { assetKind, type FundingAsset, type FundingChain } from './asset.ts';
export {
  type BridgeState,
  type BridgeStatus,
  bridgeRefundUrl,
  bridgeStatusReducer,
  initialBridge,
  type ReadRelayStatusParameters,
  type RunBridgeStatusParameters,
  readRelayStatus,
  runBridgeStatus,
} from './bridge-flow.ts';
export {
  fundingChainIds,
  isUsdcAddress,
  knownUsdcAddress,
  type SolanaCluster,
  solanaUsdcMints,
  usdcAddresses,
} from './chains.ts';
export {
  type CoinbaseAsset,
  type CoinbaseBuyUrlParameters,
  type CoinbaseExperience,
  coinbaseAsset,
  coinbaseAssetIds,
  coinbaseBuyUrl,
  coinbaseInitRequest,
  coinbaseNetwork,
  coinbaseOnrampChains,
  coinbasePaymentMethods,
  coinbaseSupports,
  presetCryptoAmount,
} from './coinbase.ts';
export {
  type CoinbaseOnramp,
  type CoinbaseOnrampEvent,
  type CoinbaseOnrampState,
  type CoinbaseOnrampTransition,
  coinbaseOnrampReducer,
  type FundingPopup,
  type RunCoinbaseOnrampParameters,
  runCoinbaseOnramp,
} from './coinbase-flow.ts';
export {
  clearDefaultFundingMethod,
  type DefaultFundingMethod,
  type DefaultFundingMethodState,
  enterFundingChooser,
  type FundingEntryAction,
  initialDefaultFundingMethod,
} from './default-method.ts';
export {
  type FundingTotalParameters,
  formatTokenBalance,
  formatUsdAmount,
  formatUsdValue,
  fundingTotal,
  roundDownToCent,
  tokenDecimals,
} from './display.ts';
export { defaultFundingHosts, type FundingHosts, fundingHosts } from './hosts.ts';
export { fundingMessages } from './messages.ts';
export {
  type MoonpayCurrency,
  type MoonpaySignRequestParameters,
  moonpayCurrency,
  moonpayFallbackCurrency,
  moonpayPaymentMethods,
  moonpayPublishableKey,
  moonpaySignRequest,
  moonpaySupports,
} from './moonpay.ts';
export {
  initialMoonpayOnramp,
  type MoonpayOnrampEvent,
  type MoonpayOnrampState,
  type MoonpayOnrampStatus,
  type MoonpayScreen,
  moonpayOnrampReducer,
  moonpayScreen,
  type RunMoonpayOnrampParameters,
  runMoonpayOnramp,
} from './moonpay-flow.ts';
export {
  type FundingChooser,
  type FundingChooserParameters,
  type FundingOption,
  type FundingOptionMethod,
  type FundingProvider,
  fundingChooser,
  type SupportedFundingOptionsParameters,
  supportedFundingOptions,
} from './options.ts';
export { type Polling, type PollingParameters, startPolling } from './poller.ts';
export {
  initialReceiveFunds,
  type ReceiveFundsState,
  type ReceiveFundsTextsParameters,
  type RunReceiveFundsParameters,
  receiveFundsReducer,
  receiveFundsTexts,
  receiveQrValue,
  runReceiveFunds,
} from './receive-flow.ts';
export {
  type FetchRelayQuoteParameters,
  fetchRelayQuote,
  type RelayQuoteRequest,
  type RelayStepData,
  relaySolana,
} from './relay-quote.ts';
export {
  evmFundingTask,
  type FundingEvmChain,
  type FundingRequestContext,
  type FundingTaskData,
  type FundWalletOptions,
  type SolanaFundWalletOptions,
  solanaFundingTask,
} from './request.ts';
export {
  createCoinbaseOnrampSession,
  fetchSplTokenInfo,
  fetchTokenPrice,
  signMoonpayOnramp,
  solPriceChainId,
} from './server-calls.ts';
export {
  type MoonpayTransaction,
  ProviderStatusError,
  type ReadMoonpayTransactionParameters,
  readCoinbaseOnrampStatus,
  readMoonpayTransaction,
} from './status-client.ts';
export { fundingTimings } from './timings.ts';
export {
  type TransferRoute,
  type TransferSourceWallet,
  type TransferWalletRow,
  transferListMax,
  transferNeedsBridge,
  transferRoute,
  transferWalletList,
} from './transfer-wallets.ts';
export {
  assertFundingRequest,
  canContinueWithAmount,
  type FundingRequestCheck,
  isFundingAmountInput,
} from './validation.ts';
