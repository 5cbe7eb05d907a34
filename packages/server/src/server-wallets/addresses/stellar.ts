import { base32 } from '@scure/base';

/** StrKey's version byte of an Ed25519 account id (`G…`): 6 << 3 (SEP-23). */
const accountIdVersion = 6 << 3;

/**
 * CRC16-XModem (polynomial 0x1021, initial value 0, no reflection), StrKey's checksum. Check value:
 * "123456789" → 0x31c3.
 */
export function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * A `stellar` wallet's address: the StrKey account id, base32 (RFC 4648) of version byte ‖ Ed25519
 * public key ‖ CRC16-XModem of both, little-endian. 35 bytes make 56 characters, no padding.
 */
export function stellarAccountId(ed25519PublicKey: Uint8Array): string {
  if (ed25519PublicKey.length !== 32) throw new Error('A Stellar account id needs a 32-byte public key');
  const data = new Uint8Array(35);
  data[0] = accountIdVersion;
  data.set(ed25519PublicKey, 1);
  const crc = crc16xmodem(data.subarray(0, 33));
  data[33] = crc & 0xff;
  data[34] = crc >> 8;
  return base32.encode(data);
}
