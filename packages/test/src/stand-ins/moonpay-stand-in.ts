import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type SettlementChains, settleOnChain } from './funding-settlement.ts';
import { checkoutPage, idleClosingServer, json, readText, textPage } from './stand-in-http.ts';

/** A transaction as MoonPay's `GET /v1/transactions/ext/{id}` lists it (the fields Privy's client reads). */
export interface MoonpayTransaction {
  id: string;
  externalTransactionId: string;
  status: 'pending' | 'waitingAuthorization' | 'completed' | 'failed';
  walletAddress: string;
  paymentMethod: string;
  cardPaymentType: string | null;
  currency: { code: string };
  baseCurrencyAmount: number;
  quoteCurrencyAmount: number;
  feeAmount: number;
  extraFeeAmount: number;
  networkFeeAmount: number;
  cryptoTransactionId: string | null;
  createdAt: string;
}

export interface MoonpayStandIn {
  /**
   * Give the server this as `funding.moonpayWidgetUrl` (and `moonpaySandboxWidgetUrl`); the client
   * polls `${url}/v1/transactions/ext/{externalTransactionId}?apiKey=` here too.
   */
  url: string;
  publishableKey: string;
  secretKey: string;
  transactions: MoonpayTransaction[];
  /** Widget loads refused, with why. */
  refusals: string[];
  close(): Promise<void>;
}

/**
 * MoonPay on loopback (REFERENCES §5.2), paying out on the local chains:
 * - `GET /?apiKey&walletAddress&currencyCode&externalTransactionId&quoteCurrencyAmount&…&signature`:
 *   the buy widget. It checks `signature` = base64(HMAC-SHA256(secret key, the query before
 *   `&signature=`)) and the publishable key, records a `pending` transaction, and shows 'Complete
 *   purchase' (`#complete-purchase`: sends `quoteCurrencyAmount` (default 0.01) ETH, or SOL for the
 *   Solana codes, to `walletAddress`; `completed`) and 'Fail purchase' (`#fail-purchase`: `failed`);
 * - `GET /v1/transactions/ext/{externalTransactionId}?apiKey=` → an array of its transactions; 404
 *   `{message, type: 'NotFoundError'}` while there is none; 401 for another key; readable by any
 *   origin (CORS), as the real API is to the browser that polls it.
 * Unref'd; closes itself after `idleMs` (default 10 min) without a request.
 */
export async function startMoonpayStandIn(
  options: SettlementChains & { idleMs?: number; publishableKey?: string; secretKey?: string } = {},
): Promise<MoonpayStandIn> {
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(12).toString('hex')}`;
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const transactions: MoonpayTransaction[] = [];
  const refusals: string[] = [];

  function signatureValid(rawQuery: string): boolean {
    const at = rawQuery.lastIndexOf('&signature=');
    if (at < 0) return false;
    const given = Buffer.from(decodeURIComponent(rawQuery.slice(at + '&signature='.length)), 'base64');
    const expected = createHmac('sha256', secretKey).update(rawQuery.slice(0, at)).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const ext = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && ext) {
      // MoonPay's API answers pages of any origin (the client reads the status from the browser with
      // the publishable key); without this the browser hides every answer, even the 404.
      res.setHeader('access-control-allow-origin', '*');
      if (url.searchParams.get('apiKey') !== publishableKey)
        return json(res, 401, { message: 'Invalid API key', type: 'UnauthorizedError' });
      const id = decodeURIComponent(ext[1]!);
      const found = transactions.filter((t) => t.externalTransactionId === id);
      if (found.length === 0)
        return json(res, 404, { message: 'Transaction not found', type: 'NotFoundError' });
      return json(res, 200, found);
    }
    if (req.method === 'GET' && url.pathname === '/') return widget(res, req.url ?? '/', url.searchParams);
    const settle = /^\/settle\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && settle) return settlePurchase(req, res, settle[1]!);
    return json(res, 404, { message: 'Not found', type: 'NotFoundError' });
  }

  function widget(res: ServerResponse, rawUrl: string, query: URLSearchParams) {
    const rawQuery = rawUrl.slice(rawUrl.indexOf('?'));
    const refuse = (why: string) => {
      refusals.push(why);
      textPage(res, 400, 'MoonPay', why);
    };
    if (!rawUrl.includes('?') || !signatureValid(rawQuery)) return refuse('Invalid signature.');
    if (query.get('apiKey') !== publishableKey) return refuse('Invalid API key.');
    const walletAddress = query.get('walletAddress');
    const externalTransactionId = query.get('externalTransactionId');
    if (!walletAddress || !externalTransactionId)
      return refuse('walletAddress and externalTransactionId are required.');
    if (transactions.some((t) => t.externalTransactionId === externalTransactionId))
      return refuse('This externalTransactionId was already used.');
    const code = query.get('currencyCode') ?? (walletAddress.startsWith('0x') ? 'eth' : 'sol');
    const amount = Number(query.get('quoteCurrencyAmount') ?? '0.01');
    const transaction: MoonpayTransaction = {
      id: randomUUID(),
      externalTransactionId,
      status: 'pending',
      walletAddress,
      paymentMethod: query.get('paymentMethod') ?? 'credit_debit_card',
      cardPaymentType: 'credit',
      currency: { code },
      baseCurrencyAmount: amount * 2000,
      quoteCurrencyAmount: amount,
      feeAmount: 1.99,
      extraFeeAmount: 0,
      networkFeeAmount: 0.1,
      cryptoTransactionId: null,
      createdAt: new Date().toISOString(),
    };
    transactions.push(transaction);
    checkoutPage(
      res,
      'MoonPay',
      [`Buy ${amount} ${code.toUpperCase()}`, `To ${walletAddress}`],
      `/settle/${transaction.id}`,
    );
  }

  async function settlePurchase(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const outcome = new URLSearchParams(await readText(req)).get('outcome');
    const transaction = transactions.find((t) => t.id === id);
    if (transaction?.status !== 'pending')
      return textPage(res, 400, 'MoonPay', 'This purchase is already settled.');
    if (outcome !== 'complete') {
      transaction.status = 'failed';
      return textPage(res, 200, 'MoonPay', 'Purchase failed.');
    }
    try {
      // The coin is the address's chain's native one (ETH or SOL): the local chains have no USDC to pay.
      transaction.cryptoTransactionId = await settleOnChain(
        options,
        transaction.walletAddress,
        String(transaction.quoteCurrencyAmount),
      );
      transaction.status = 'completed';
      textPage(res, 200, 'MoonPay', 'Purchase complete.');
    } catch (error) {
      transaction.status = 'failed';
      textPage(res, 500, 'MoonPay', `Purchase failed: ${(error as Error).message}`);
    }
  }

  const server = await idleClosingServer(handle, options.idleMs ?? 10 * 60_000);
  return { url: server.url, publishableKey, secretKey, transactions, refusals, close: server.close };
}
