const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin's alphabet, as Solana writes keys and signatures) to bytes. */
export function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char);
    if (digit < 0) throw new TypeError('Not base58.');
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  return new Uint8Array(Buffer.concat([Buffer.alloc(zeros), body]));
}
