/*
 * Display formatting for the confirmation screens. Hand-written rather than viem's formatUnits /
 * hexToBytes: this module is shared with the funding screen of the modal, and any viem entry point
 * costs the app's chunks about 40 KiB gzip (see abi.ts). format.test.ts checks against viem.
 */

/**
 * Amounts as the confirmation screens show them: base units to a decimal string, cut (not
 * rounded up) to a few fraction digits, with the symbol; a non-zero amount too small to show
 * reads '<0.001 ETH' (spec document 2 §5 token display) rather than '0 ETH'.
 */
export function formatAmount(value: bigint, decimals: number, symbol: string, fractionDigits = 6): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base)
    .toString()
    .padStart(decimals, '0')
    .slice(0, fractionDigits)
    .replace(/0+$/, '');
  const suffix = symbol ? ` ${symbol}` : '';
  if (abs !== 0n && whole === 0n && fraction === '')
    return `<0.${'0'.repeat(Math.max(fractionDigits - 1, 0))}1${suffix}`;
  return `${negative ? '-' : ''}${whole.toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}${suffix}`;
}

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u;

/**
 * personal_sign's text: a 0x-hex message decoded as UTF-8 when that gives printable text (what
 * dapps mean by hex-encoding a string), else shown as the hex it is.
 */
export function messageText(message: string): string {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(message)) return message;
  const bytes = new Uint8Array((message.length - 2) / 2);
  for (let i = 0; i < bytes.length; i += 1)
    bytes[i] = Number.parseInt(message.slice(2 + 2 * i, 4 + 2 * i), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return printable.test(text) ? text : message;
  } catch {
    return message;
  }
}

/** Bytes as text when they are printable UTF-8, else as 0x-hex (Solana messages are bytes). */
export function bytesText(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (printable.test(text)) return text;
  } catch {
    // not UTF-8: shown as hex below
  }
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
