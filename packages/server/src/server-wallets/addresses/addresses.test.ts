import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base32, base58, bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { bitcoinSegwitAddress } from './bitcoin.ts';
import { cosmosAddress } from './cosmos.ts';
import { hash160 } from './hash160.ts';
import { nearImplicitAccount } from './near.ts';
import { crc16xmodem, stellarAccountId } from './stellar.ts';
import { suiAddress } from './sui.ts';
import { tronAddress } from './tron.ts';

/*
 * Every derivation against vectors published by the chain or its reference implementation (named at
 * each), plus a second computation where one is cheap, so that a wrong vector would show too.
 */

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
/** The secp256k1 generator point, compressed: the public key of private key 1. */
const generator = hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');

describe('bitcoin-segwit (P2WPKH)', () => {
  it('is the BIP-173 vector for the generator point', () => {
    expect(bitcoinSegwitAddress(generator)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it('is witness version 0 over HASH160 of the compressed key', () => {
    const decoded = bech32.decode(bitcoinSegwitAddress(generator) as `${string}1${string}`);
    expect(decoded.prefix).toBe('bc');
    expect(decoded.words[0]).toBe(0);
    // BIP-173's script for this vector: OP_0 PUSH20 751e76e8199196d454941c45d1b3a323f1433bd6.
    expect(bytesToHex(bech32.fromWords(decoded.words.slice(1)))).toBe(
      '751e76e8199196d454941c45d1b3a323f1433bd6',
    );
    expect(bytesToHex(hash160(generator))).toBe('751e76e8199196d454941c45d1b3a323f1433bd6');
  });

  it('refuses an uncompressed key (P2WPKH commits to the compressed one)', () => {
    expect(() => bitcoinSegwitAddress(secp256k1.getPublicKey(new Uint8Array(32).fill(1), false))).toThrow();
  });
});

describe('cosmos', () => {
  it('is CosmJS’s pubkeyToAddress vector', () => {
    // @cosmjs/amino addresses.spec.ts, "works for Secp256k1 compressed".
    expect(cosmosAddress(fromBase64('AtQaCqFnshaZQp6rIkvAPyzThvCvXSDO+9AzbxVErqJP'))).toBe(
      'cosmos1h806c7khnvmjlywdrkdgk2vrayy2mmvf9rxk2r',
    );
  });

  it('carries the same key hash as Bitcoin’s P2WPKH, under the chain’s prefix', () => {
    const hub = cosmosAddress(generator);
    expect(bytesToHex(bech32.fromWords(bech32.decode(hub as `${string}1${string}`).words))).toBe(
      '751e76e8199196d454941c45d1b3a323f1433bd6',
    );
    expect(hub.startsWith('cosmos1')).toBe(true);
    const osmosis = cosmosAddress(generator, 'osmo');
    expect(bech32.decode(osmosis as `${string}1${string}`).words).toEqual(
      bech32.decode(hub as `${string}1${string}`).words,
    );
  });
});

describe('tron', () => {
  it('matches published private key → address vectors', () => {
    // Trezor firmware's tron address test (data from the Binance JS SDK).
    const trezor = hexToBytes('8d596057e510b14cbb9bf24f88803a6d6dbd138dd303a62b175b9e6cc0f3f941');
    expect(tronAddress(secp256k1.getPublicKey(trezor, false))).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    // Trust Wallet's TronAddressTests.
    const trust = hexToBytes('be88df1d0bf30a923cb39c3bb953178baaf3726e8d3ce81e7c8462e046e0d835');
    expect(tronAddress(secp256k1.getPublicKey(trust, true))).toBe('THRF3GuPnvvPzKoaT8pJex5XHmo8NNbCb3');
  });

  it('is 0x41 ‖ the Ethereum address bytes, base58check', () => {
    // Private key 1: Ethereum 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf, Tron TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC.
    const address = tronAddress(generator);
    expect(address).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    const payload = base58.decode(address);
    expect(bytesToHex(payload.subarray(0, 21))).toBe('417e5f4552091a69125d5dfcb7b8c2659029395bdf');
    expect(payload).toHaveLength(25);
  });
});

describe('sui', () => {
  // @mysten/sui ed25519-publickey.test.ts, generated with the Sui CLI (`sui keytool list`).
  const vectors = [
    [
      'UdGRWooy48vGTs0HBokIis5NK+DUjiWc9ENUlcfCCBE=',
      '0xd77a6cd55073e98d4029b1b0b8bd8d88f45f343dad2732fc9a7965094e635c55',
    ],
    [
      '0PTAfQmNiabgbak9U/stWZzKc5nsRqokda2qnV2DTfg=',
      '0x7e8fd489c3d3cd9cc7cbcc577dc5d6de831e654edd9997d95c412d013e6eea23',
    ],
    [
      '6L/l0uhGt//9cf6nLQ0+24Uv2qanX/R6tn7lWUJX1Xk=',
      '0x3a1b4410ebe9c3386a429c349ba7929aafab739c277f97f32622b971972a14a2',
    ],
  ] as const;
  it.each(vectors)('derives the Sui CLI address of %s', (publicKey, address) => {
    expect(suiAddress(fromBase64(publicKey))).toBe(address);
  });
});

describe('near', () => {
  it('is the nearcore spec’s implicit-account example', () => {
    // nearcore docs/DataStructures/Account.md, "NEAR-implicit account ID".
    expect(nearImplicitAccount(base58.decode('BGCCDDHfysuuVnaNVtEhhqeT4k9Muyem3Kpgq2U1m9HX'))).toBe(
      '98793cd91a3f870fb126f66285808c7e094afcfc4eda8a970f6648cdf0dbd6de',
    );
  });
});

describe('stellar', () => {
  it('computes CRC16-XModem’s check value', () => {
    expect(crc16xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
    expect(crc16xmodem(new Uint8Array())).toBe(0);
  });

  it('encodes published StrKey account ids', () => {
    // py-stellar-sdk tests/test_strkey.py.
    expect(
      stellarAccountId(hexToBytes('5223d15964cb25b98d17dfc9cb954a4331617bbaa4e5dc144c87df0b8b3b47d9')),
    ).toBe('GBJCHUKZMTFSLOMNC7P4TS4VJJBTCYL3XKSOLXAUJSD56C4LHND5TWUC');
    // stellar-cli's strkey test.
    expect(
      stellarAccountId(hexToBytes('3330317ec241d79943bb9aa7c8ea5f8b89f9c6ea351fe03f8ec3d1127137d484')),
    ).toBe('GAZTAML6YJA5PGKDXONKPSHKL6FYT6OG5I2R7YB7R3B5CETRG7KIJONK');
    // rs-stellar-strkey README: the all-zero key.
    expect(stellarAccountId(new Uint8Array(32))).toBe(
      'GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF',
    );
  });

  it('round-trips: base32 decode gives version 6<<3, the key, and its checksum', () => {
    const key = hexToBytes('3330317ec241d79943bb9aa7c8ea5f8b89f9c6ea351fe03f8ec3d1127137d484');
    const data = base32.decode(stellarAccountId(key));
    expect(data[0]).toBe(48);
    expect(data.subarray(1, 33)).toEqual(key);
    const crc = crc16xmodem(data.subarray(0, 33));
    expect([data[33], data[34]]).toEqual([crc & 0xff, crc >> 8]);
  });
});
