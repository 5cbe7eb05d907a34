import { describe, expect, it } from 'vitest';
import {
  formatTokenBalance,
  formatUsdAmount,
  formatUsdValue,
  fundingTotal,
  roundDownToCent,
  tokenDecimals,
} from './display.ts';

// Spec document 2 §9: balance 3 decimals (trailing zeros trimmed, '<0.001'), USD 2 decimals
// rounded down to the cent ('<$0.01'), SOL fee in the total only for SOL.
describe('formatTokenBalance', () => {
  it.each([
    [0n, 18, '0'],
    [1_000_000_000_000_000_000n, 18, '1'],
    [1_234_567_000_000_000_000n, 18, '1.234'], // rounded down, not up to 1.235
    [1_200_000_000_000_000_000n, 18, '1.2'],
    [1_050_000_000_000_000_000n, 18, '1.05'],
    [999_999_999_999_999n, 18, '<0.001'],
    [1_000_000_000_000_000n, 18, '0.001'],
    [1n, 18, '<0.001'],
    [1_500_000n, tokenDecimals.USDC, '1.5'],
    [999n, tokenDecimals.USDC, '<0.001'],
    [1_000n, tokenDecimals.USDC, '0.001'],
    [2_000_000_000n, tokenDecimals.SOL, '2'],
    [123_456_789_000_000n, tokenDecimals.USDC, '123456789'],
    [7n, 0, '7'],
  ])('%s base units with %s decimals → %s', (value, decimals, shown) => {
    expect(formatTokenBalance(value, decimals)).toBe(shown);
  });

  it('refuses a negative balance', () => {
    expect(() => formatTokenBalance(-1n, 6)).toThrow(RangeError);
  });
});

describe('formatUsdValue', () => {
  it.each([
    [0n, 6, 1, '$0.00'],
    [1_000_000n, 6, 1, '$1.00'],
    [1_999_999n, 6, 1, '$1.99'], // $1.999999 rounds down
    [9_999n, 6, 1, '<$0.01'],
    [10_000n, 6, 1, '$0.01'],
    [1n, 18, 3000, '<$0.01'],
    [1_500_000_000n, 9, 150.129, '$225.19'],
    [1_000_000_000_000_000_000n, 18, 3456.789, '$3,456.78'],
    [5_000_000_000n, 6, 1, '$5,000.00'],
    [1_000_000n, 6, 0, '$0.00'],
  ])('%s base units (%s decimals) at $%s → %s', (value, decimals, price, shown) => {
    expect(formatUsdValue(value, decimals, price)).toBe(shown);
  });

  it.each([Number.NaN, -1, Number.POSITIVE_INFINITY])('refuses the price %s', (price) => {
    expect(() => formatUsdValue(1n, 6, price)).toThrow(RangeError);
  });
});

describe('roundDownToCent and formatUsdAmount', () => {
  it.each([
    ['10', '10.00', '$10.00'],
    ['10.019', '10.01', '$10.01'],
    ['0.999', '0.99', '$0.99'],
    ['.5', '0.50', '$0.50'],
    ['5.', '5.00', '$5.00'],
    ['1234.5', '1234.50', '$1,234.50'],
    [' 3.14159 ', '3.14', '$3.14'],
  ])('%j → %s → %s', (amount, rounded, shown) => {
    expect(roundDownToCent(amount)).toBe(rounded);
    expect(formatUsdAmount(amount)).toBe(shown);
  });

  it.each(['', '.', 'abc', '1.2.3', '-1', '1e3'])('refuses %j', (amount) => {
    expect(() => roundDownToCent(amount)).toThrow(RangeError);
  });
});

describe('fundingTotal', () => {
  it.each([
    ['SOL', 1_000_000_000n, 5_000n, 1_000_005_000n],
    ['USDC', 1_000_000n, 5_000n, 1_000_000n],
    ['USDT', 2_500_000n, 5_000n, 2_500_000n],
  ])('%s: %s + fee %s → %s', (asset, amount, fee, total) => {
    expect(fundingTotal({ asset, amount, fee })).toBe(total);
  });

  it('refuses a negative fee', () => {
    expect(() => fundingTotal({ asset: 'SOL', amount: 1n, fee: -1n })).toThrow(RangeError);
  });
});
