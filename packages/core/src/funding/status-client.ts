import { fundingApi, type OnrampStatus } from '@latchkey/protocol';
import { LatchkeyError } from '../errors.ts';
import type { HttpClient } from '../http/createHttpClient.ts';
import { wait } from '../http/retryPolicy.ts';
import { defaultFundingHosts } from './hosts.ts';
import { fundingTimings } from './timings.ts';

/**
 * The status reads the card flows poll (spec document 2 §7): the first provider's through the
 * Latchkey server (`funding/coinbase_on_ramp/status`, which holds the CDP key), the second
 * provider's straight from its API with the app's publishable key.
 */

/** The first provider's purchase status for the session's partner user. */
export async function readCoinbaseOnrampStatus(
  http: Pick<HttpClient, 'get'>,
  partnerUserId: string,
): Promise<OnrampStatus> {
  const path = `${fundingApi.coinbaseOnrampStatus.path}?partnerUserId=${encodeURIComponent(partnerUserId)}`;
  const reply = await http.get<{ status: OnrampStatus }>(path);
  return reply.status;
}

/** The fields of the provider's transaction the status screens read (REFERENCES §5.2). */
export interface MoonpayTransaction {
  status: string;
  paymentMethod?: string;
  cardPaymentType?: string;
  currency?: { code: string };
  baseCurrencyAmount?: number;
  quoteCurrencyAmount?: number;
  feeAmount?: number;
  extraFeeAmount?: number;
  networkFeeAmount?: number;
}

/**
 * A status read the provider refused (`status` its HTTP status) or never answered (`status` null).
 * The flow tells a 404 (no transaction yet) from real errors by it.
 */
export class ProviderStatusError extends LatchkeyError {
  override name = 'ProviderStatusError' as const;
  readonly status: number | null;

  constructor(transactionId: string, status: number | null, cause?: unknown) {
    super(
      `Failed to fetch transaction status for Transaction ${transactionId}`,
      'failed_to_fetch_moonpay_transaction_status',
      {
        cause,
      },
    );
    this.status = status;
  }
}

export interface ReadMoonpayTransactionParameters {
  /** The sign route's `externalTransactionId`. */
  transactionId: string;
  /** The app's MoonPay publishable key (`pk_live_…`, `pk_test_…`). */
  apiKey: string;
  /** Default `https://api.moonpay.com` (`FundingHosts.moonpayApi`). */
  host?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** Wait between retries (tests). */
  delay?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * `GET {host}/v1/transactions/ext/{id}?apiKey=`: the provider answers a list, the first item is the
 * transaction (undefined when the list is empty). A request that gets no answer is sent again up to
 * 3 times, 500 ms apart (§7, as the incumbent's fetch-retry: network failures only; an HTTP error is
 * an answer, counted by the flow).
 *
 * @throws ProviderStatusError with the HTTP status, or null after the retries.
 */
export async function readMoonpayTransaction({
  transactionId,
  apiKey,
  host = defaultFundingHosts.moonpayApi,
  fetch: fetchFn = (input, init) => globalThis.fetch(input, init),
  delay = wait,
}: ReadMoonpayTransactionParameters): Promise<MoonpayTransaction | undefined> {
  const url = new URL(`/v1/transactions/ext/${encodeURIComponent(transactionId)}`, host);
  url.searchParams.set('apiKey', apiKey);
  let response: Response | null = null;
  let lastError: unknown;
  for (let attempt = 0; attempt <= fundingTimings.moonpayRetries && !response; attempt++) {
    if (attempt > 0) await delay(fundingTimings.moonpayRetryMs);
    try {
      response = await fetchFn(url.href, { headers: { accept: 'application/json' } });
    } catch (error) {
      lastError = error;
    }
  }
  if (!response) throw new ProviderStatusError(transactionId, null, lastError);
  if (!response.ok) throw new ProviderStatusError(transactionId, response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ProviderStatusError(transactionId, response.status, error);
  }
  return Array.isArray(body) ? (body[0] as MoonpayTransaction | undefined) : undefined;
}
