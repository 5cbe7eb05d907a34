import { bytesToHex, formatUnits, hexToString, stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { bytesText, formatAmount, messageText } from './format.ts';

describe('formatAmount', () => {
  it('cuts to the fraction digits, trims zeros, groups thousands', () => {
    expect(formatAmount(1_234_000_000_000_000n, 18, 'ETH')).toBe('0.001234 ETH');
    expect(formatAmount(10n ** 18n, 18, 'ETH')).toBe('1 ETH');
    expect(formatAmount(12_345n * 10n ** 18n + 5n * 10n ** 17n, 18, 'ETH', 3)).toBe('12,345.5 ETH');
    expect(formatAmount(1_999_999n, 6, 'USDC', 2)).toBe('1.99 USDC');
    expect(formatAmount(0n, 18, 'ETH')).toBe('0 ETH');
    expect(formatAmount(5000n, 9, 'SOL', 9)).toBe('0.000005 SOL');
    expect(formatAmount(42n, 0, '')).toBe('42');
  });

  it('says "<0.001" instead of 0 for a tiny non-zero amount', () => {
    expect(formatAmount(1n, 18, 'ETH', 3)).toBe('<0.001 ETH');
    expect(formatAmount(21_000n * 1_000_000_000n, 18, 'ETH', 3)).toBe('<0.001 ETH');
  });
});

describe('messageText', () => {
  it('decodes 0x-hex of printable UTF-8 and leaves other text alone', () => {
    expect(messageText(`0x${Buffer.from('Hello, wörld ✓\nline 2').toString('hex')}`)).toBe(
      'Hello, wörld ✓\nline 2',
    );
    expect(messageText('plain text')).toBe('plain text');
    expect(messageText('0xabc')).toBe('0xabc');
  });

  it('keeps hex that is not printable text (a hash, control bytes, bad UTF-8)', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(messageText(hash)).toBe(hash);
    expect(messageText('0x0001')).toBe('0x0001');
    expect(messageText('0xc328')).toBe('0xc328');
  });
});

describe('bytesText', () => {
  it('shows printable UTF-8 as text, anything else as hex', () => {
    expect(bytesText(new TextEncoder().encode('Hello from Solana'))).toBe('Hello from Solana');
    expect(bytesText(Uint8Array.of(0, 255, 16))).toBe('0x00ff10');
  });
});

describe('against viem', () => {
  it('formatAmount keeps formatUnits’ digits, cut to the fraction digits and grouped', () => {
    for (let round = 0; round < 200; round += 1) {
      const value = BigInt(Math.floor(Math.random() * 2 ** 52)) * BigInt(Math.floor(Math.random() * 1e6));
      const decimals = Math.floor(Math.random() * 19);
      const [whole = '0', fraction = ''] = formatUnits(value, decimals).split('.');
      const cut = fraction.slice(0, 6).replace(/0+$/, '');
      const expected =
        value !== 0n && whole === '0' && cut === ''
          ? '<0.000001 X'
          : `${BigInt(whole).toLocaleString('en-US')}${cut ? `.${cut}` : ''} X`;
      expect(formatAmount(value, decimals, 'X')).toBe(expected);
    }
  });

  it('messageText and bytesText read hex as viem does', () => {
    const text = 'Sign in to Latchkey ✓';
    expect(messageText(stringToHex(text))).toBe(hexToString(stringToHex(text)));
    const bytes = Uint8Array.of(0, 1, 254, 255);
    expect(bytesText(bytes)).toBe(bytesToHex(bytes));
  });
});
