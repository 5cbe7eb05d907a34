/**
 * The funding screens' number display (spec document 2 §9 Decimals and display rules): balances with
 * 3 decimals, trailing zeros trimmed and '<0.001' below that; USD with 2 decimals, rounded down to the
 * cent and '<$0.01' below a cent; the Solana fee counted in a total only when the asset is SOL.
 *
 * Amounts are integers of the token's base units (wei, lamports, 10⁻⁶ USDC) so no float ever touches
 * a balance; rounding is always down, so a screen never shows more than the wallet holds.
 */

/** Decimals of the built-in tokens (§9): USDC and USDT 6, SOL 9, ETH and a default ERC-20 18. */
export const tokenDecimals = { USDC: 6, USDT: 6, SOL: 9, ETH: 18, erc20: 18 } as const;

const balanceDecimals = 3;
/** A price carries this many decimals once scaled to an integer (plenty for cents of 10⁻¹⁸ units). */
const priceDecimals = 8;

/** `value` base units as a decimal string cut (not rounded) to `places` decimals, zeros kept. */
function truncated(value: bigint, decimals: number, places: number): string {
  const scaled =
    decimals >= places ? value / 10n ** BigInt(decimals - places) : value * 10n ** BigInt(places - decimals);
  const digits = scaled.toString().padStart(places + 1, '0');
  if (places === 0) return digits;
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

function assertAmount(value: bigint): void {
  if (value < 0n) throw new RangeError(`A funding amount cannot be negative: ${value}`);
}

/**
 * A token balance for the wallet card: 3 decimals, rounded down, trailing zeros trimmed; '<0.001' for
 * a balance too small to show; '0' for none.
 *
 * @example
 * formatTokenBalance(1_234_500_000_000_000_000n, 18) // '1.234'
 * formatTokenBalance(5n, 6) // '<0.001'
 */
export function formatTokenBalance(value: bigint, decimals: number): string {
  assertAmount(value);
  if (value === 0n) return '0';
  const text = truncated(value, decimals, balanceDecimals);
  if (/^0\.0+$/.test(text)) return '<0.001';
  return text.replace(/\.?0+$/, '');
}

/** A USD price as an integer of 10⁻⁸ dollars; throws on a price that is not a finite number ≥ 0. */
function scaledPrice(priceUsd: number): bigint {
  if (!Number.isFinite(priceUsd) || priceUsd < 0) throw new RangeError(`Not a USD price: ${priceUsd}`);
  return BigInt(priceUsd.toFixed(priceDecimals).replace('.', ''));
}

/** Cents as '$1,234.56' (2 decimals always, en-US grouping as the incumbent's screens show). */
function dollars(cents: bigint): string {
  const whole = (cents / 100n).toLocaleString('en-US');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * The USD value of `value` base units at `priceUsd`: 2 decimals, rounded down to the cent;
 * '<$0.01' when worth something but less than a cent; '$0.00' for nothing.
 *
 * @example
 * formatUsdValue(1_500_000_000n, 9, 150.129) // '$225.19'  (1.5 SOL)
 * formatUsdValue(1n, 6, 1) // '<$0.01'
 */
export function formatUsdValue(value: bigint, decimals: number, priceUsd: number): string {
  assertAmount(value);
  const scaled = value * scaledPrice(priceUsd); // 10^-(decimals + 8) dollars
  const cents = scaled / 10n ** BigInt(decimals + priceDecimals - 2);
  if (cents === 0n && scaled > 0n) return '<$0.01';
  return dollars(cents);
}

/**
 * A USD amount (the amount a user types or an app presets, as a decimal string) rounded down to a
 * 1-cent precision, as a plain decimal: what the on-ramps are asked to buy.
 *
 * @example
 * roundDownToCent('10.019') // '10.01'
 * roundDownToCent('.5') // '0.50'
 */
export function roundDownToCent(amount: string): string {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === ''))
    throw new RangeError(`Not an amount: ${amount}`);
  const whole = BigInt(match[1] || '0');
  const cents = (match[2] ?? '').padEnd(2, '0').slice(0, 2);
  return `${whole}.${cents}`;
}

/** A USD amount (decimal string) shown with 2 decimals, rounded down: '$10.01'. */
export function formatUsdAmount(amount: string): string {
  const [whole = '0', cents = '00'] = roundDownToCent(amount).split('.');
  return dollars(BigInt(whole) * 100n + BigInt(cents));
}

export interface FundingTotalParameters {
  /** What is sent, in the asset's base units. */
  amount: bigint;
  /** The network fee, in lamports (Solana) or wei. */
  fee: bigint;
  /** The asset sent: 'SOL', or anything else (USDC, an SPL token). */
  asset: string;
}

/**
 * The total a Solana funding screen shows: amount plus fee when the asset is SOL (both are lamports);
 * for a token the fee is paid in SOL, a different unit, so it stays out of the token's total.
 */
export function fundingTotal({ amount, fee, asset }: FundingTotalParameters): bigint {
  assertAmount(amount);
  assertAmount(fee);
  return asset === 'SOL' ? amount + fee : amount;
}
