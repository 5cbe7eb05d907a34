/**
 * Whether the device can pay with a wallet pay sheet, for the badge beside 'Pay with card' (spec
 * document 2 §9: "Apple/Google Pay support tested with a 1.00 USD preset"): Apple Pay by Safari's
 * own check, Google Pay by a Payment Request for 1.00 USD that is never shown.
 */
export type PayBadge = 'apple' | 'google' | null;

interface PayWindow {
  ApplePaySession?: { canMakePayments(): boolean };
  PaymentRequest?: typeof PaymentRequest;
}

const googlePay = {
  supportedMethods: 'https://google.com/pay',
  data: {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['VISA', 'MASTERCARD'] },
      },
    ],
  },
};

export async function detectPayBadge(win: PayWindow | undefined = globalThis.window): Promise<PayBadge> {
  try {
    if (win?.ApplePaySession?.canMakePayments()) return 'apple';
    if (!win?.PaymentRequest) return null;
    const request = new win.PaymentRequest([googlePay], {
      total: { label: 'Funding', amount: { currency: 'USD', value: '1.00' } },
    });
    return (await request.canMakePayment()) ? 'google' : null;
  } catch {
    return null; // no support, or the browser refused the probe: no badge
  }
}
