import { createHmac, randomUUID } from 'node:crypto';
import type { MoonpaySignReply, MoonpaySignRequest } from '@latchkey/protocol';
import type { MoonpayCredentials } from './app-settings.ts';

/**
 * MoonPay's widget URL for one purchase, signed (REFERENCES §5.2): the query names the app's
 * publishable key, the wallet, a fresh `externalTransactionId` (the client polls the status API
 * with it) and the caller's choices; `signature` = base64(HMAC-SHA256(secret key, the query with
 * its `?`)), appended last, as MoonPay checks it.
 */
export function signedMoonpayUrl(
  host: string,
  credentials: MoonpayCredentials,
  request: MoonpaySignRequest,
): MoonpaySignReply {
  const externalTransactionId = randomUUID();
  const url = new URL(host);
  const query = url.searchParams;
  query.set('apiKey', credentials.publishableKey);
  query.set('walletAddress', request.address);
  query.set('externalTransactionId', externalTransactionId);
  const { config } = request;
  if (config.currencyCode) query.set('currencyCode', config.currencyCode);
  if (config.quoteCurrencyAmount !== undefined)
    query.set('quoteCurrencyAmount', String(config.quoteCurrencyAmount));
  if (config.paymentMethod) query.set('paymentMethod', config.paymentMethod);
  if (config.email) query.set('email', config.email);
  if (config.uiConfig?.accentColor) query.set('colorCode', config.uiConfig.accentColor);
  if (config.uiConfig?.theme) query.set('theme', config.uiConfig.theme);
  const signature = createHmac('sha256', credentials.secretKey).update(url.search).digest('base64');
  return { signedUrl: `${url.href}&signature=${encodeURIComponent(signature)}`, externalTransactionId };
}
