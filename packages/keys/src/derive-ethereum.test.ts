import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { deriveSecp256k1, ethereumAddressOf, ethereumKey, ethereumSigner } from './derive-ethereum.ts';
import { mnemonicToEntropy, seedFromEntropy } from './entropy.ts';
import { InvalidRequestError } from './errors.ts';

const H = 0x80000000;
const base58check = createBase58check(sha256);

/** version(4) ‖ depth(1) ‖ fingerprint(4) ‖ child number(4) ‖ chain code(32) ‖ key(33) */
function decodeExtendedKey(text: string) {
  const bytes = base58check.decode(text);
  expect(bytes.length).toBe(78);
  return { chainCode: bytesToHex(bytes.subarray(13, 45)), key: bytes.subarray(45, 78) };
}

type Vector = { seed: string; steps: [path: number[], xpub: string, xprv: string][] };

// bitcoin/bips bip-0032.mediawiki, "Test Vectors" 1–4, as published (base58check: a mistyped character fails
// the checksum instead of passing silently). 3 and 4 test the retention of leading zeros.
const VECTORS: Vector[] = [
  {
    seed: '000102030405060708090a0b0c0d0e0f',
    steps: [
      [
        [],
        'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ],
      [
        [H],
        'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
        'xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7',
      ],
      [
        [H, 1],
        'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
        'xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs',
      ],
      [
        [H, 1, H + 2],
        'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
        'xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM',
      ],
      [
        [H, 1, H + 2, 2],
        'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
        'xprvA2JDeKCSNNZky6uBCviVfJSKyQ1mDYahRjijr5idH2WwLsEd4Hsb2Tyh8RfQMuPh7f7RtyzTtdrbdqqsunu5Mm3wDvUAKRHSC34sJ7in334',
      ],
      [
        [H, 1, H + 2, 2, 1000000000],
        'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
        'xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76',
      ],
    ],
  },
  {
    seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
    steps: [
      [
        [],
        'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
        'xprv9s21ZrQH143K31xYSDQpPDxsXRTUcvj2iNHm5NUtrGiGG5e2DtALGdso3pGz6ssrdK4PFmM8NSpSBHNqPqm55Qn3LqFtT2emdEXVYsCzC2U',
      ],
      [
        [0],
        'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
        'xprv9vHkqa6EV4sPZHYqZznhT2NPtPCjKuDKGY38FBWLvgaDx45zo9WQRUT3dKYnjwih2yJD9mkrocEZXo1ex8G81dwSM1fwqWpWkeS3v86pgKt',
      ],
      [
        [0, H + 2147483647],
        'xpub6ASAVgeehLbnwdqV6UKMHVzgqAG8Gr6riv3Fxxpj8ksbH9ebxaEyBLZ85ySDhKiLDBrQSARLq1uNRts8RuJiHjaDMBU4Zn9h8LZNnBC5y4a',
        'xprv9wSp6B7kry3Vj9m1zSnLvN3xH8RdsPP1Mh7fAaR7aRLcQMKTR2vidYEeEg2mUCTAwCd6vnxVrcjfy2kRgVsFawNzmjuHc2YmYRmagcEPdU9',
      ],
      [
        [0, H + 2147483647, 1],
        'xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon',
        'xprv9zFnWC6h2cLgpmSA46vutJzBcfJ8yaJGg8cX1e5StJh45BBciYTRXSd25UEPVuesF9yog62tGAQtHjXajPPdbRCHuWS6T8XA2ECKADdw4Ef',
      ],
      [
        [0, H + 2147483647, 1, H + 2147483646],
        'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL',
        'xprvA1RpRA33e1JQ7ifknakTFpgNXPmW2YvmhqLQYMmrj4xJXXWYpDPS3xz7iAxn8L39njGVyuoseXzU6rcxFLJ8HFsTjSyQbLYnMpCqE2VbFWc',
      ],
      [
        [0, H + 2147483647, 1, H + 2147483646, 2],
        'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt',
        'xprvA2nrNbFZABcdryreWet9Ea4LvTJcGsqrMzxHx98MMrotbir7yrKCEXw7nadnHM8Dq38EGfSh6dqA9QWTyefMLEcBYJUuekgW4BYPJcr9E7j',
      ],
    ],
  },
  {
    seed: '4b381541583be4423346c643850da4b320e46a87ae3d2a4e6da11eba819cd4acba45d239319ac14f863b8d5ab5a0d0c64d2e8a1e7d1457df2e5a3c51c73235be',
    steps: [
      [
        [],
        'xpub661MyMwAqRbcEZVB4dScxMAdx6d4nFc9nvyvH3v4gJL378CSRZiYmhRoP7mBy6gSPSCYk6SzXPTf3ND1cZAceL7SfJ1Z3GC8vBgp2epUt13',
        'xprv9s21ZrQH143K25QhxbucbDDuQ4naNntJRi4KUfWT7xo4EKsHt2QJDu7KXp1A3u7Bi1j8ph3EGsZ9Xvz9dGuVrtHHs7pXeTzjuxBrCmmhgC6',
      ],
      [
        [H],
        'xpub68NZiKmJWnxxS6aaHmn81bvJeTESw724CRDs6HbuccFQN9Ku14VQrADWgqbhhTHBaohPX4CjNLf9fq9MYo6oDaPPLPxSb7gwQN3ih19Zm4Y',
        'xprv9uPDJpEQgRQfDcW7BkF7eTya6RPxXeJCqCJGHuCJ4GiRVLzkTXBAJMu2qaMWPrS7AANYqdq6vcBcBUdJCVVFceUvJFjaPdGZ2y9WACViL4L',
      ],
    ],
  },
  {
    seed: '3ddd5602285899a946114506157c7997e5444528f3003f6134712147db19b678',
    steps: [
      [
        [],
        'xpub661MyMwAqRbcGczjuMoRm6dXaLDEhW1u34gKenbeYqAix21mdUKJyuyu5F1rzYGVxyL6tmgBUAEPrEz92mBXjByMRiJdba9wpnN37RLLAXa',
        'xprv9s21ZrQH143K48vGoLGRPxgo2JNkJ3J3fqkirQC2zVdk5Dgd5w14S7fRDyHH4dWNHUgkvsvNDCkvAwcSHNAQwhwgNMgZhLtQC63zxwhQmRv',
      ],
      [
        [H],
        'xpub69AUMk3qDBi3uW1sXgjCmVjJ2G6WQoYSnNHyzkmdCHEhSZ4tBok37xfFEqHd2AddP56Tqp4o56AePAgCjYdvpW2PU2jbUPFKsav5ut6Ch1m',
        'xprv9vB7xEWwNp9kh1wQRfCCQMnZUEG21LpbR9NPCNN1dwhiZkjjeGRnaALmPXCX7SgjFTiCTT6bXes17boXtjq3xLpcDjzEuGLQBM5ohqkao9G',
      ],
      [
        [H, H + 1],
        'xpub6BJA1jSqiukeaesWfxe6sNK9CCGaujFFSJLomWHprUL9DePQ4JDkM5d88n49sMGJxrhpjazuXYWdMf17C9T5XnxkopaeS7jGk1GyyVziaMt',
        'xprv9xJocDuwtYCMNAo3Zw76WENQeAS6WGXQ55RCy7tDJ8oALr4FWkuVoHJeHVAcAqiZLE7Je3vZJHxspZdFHfnBEjHqU5hG1Jaj32dVoS6XLT1',
      ],
    ],
  },
];

const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));
const randomIndex = (limit: number) => globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! % limit;

describe('deriveSecp256k1', () => {
  it.each(VECTORS.map((vector, i) => [i + 1, vector] as const))(
    'gives BIP-32 test vector %i',
    (_, vector) => {
      for (const [path, xpub, xprv] of vector.steps) {
        const node = deriveSecp256k1(hexToBytes(vector.seed), path);
        const published = decodeExtendedKey(xprv);
        expect(published.key[0]).toBe(0);
        expect(bytesToHex(node.privateKey), xprv).toBe(bytesToHex(published.key.subarray(1)));
        expect(bytesToHex(node.chainCode), xprv).toBe(published.chainCode);
        const publicKey = decodeExtendedKey(xpub);
        expect(publicKey.chainCode).toBe(published.chainCode);
        expect(bytesToHex(secp256k1.getPublicKey(node.privateKey, true))).toBe(bytesToHex(publicKey.key));
      }
    },
  );

  it('matches @scure/bip32 on random seeds and random paths', () => {
    for (let round = 0; round < 150; round++) {
      const seed = random([16, 32, 64][round % 3]!);
      const path = Array.from({ length: 1 + (round % 6) }, () => randomIndex(2 ** 32));
      const node = deriveSecp256k1(seed, path);
      let reference = HDKey.fromMasterSeed(seed);
      for (const child of path) reference = reference.deriveChild(child);
      const context = `${bytesToHex(seed)} ${path.join('/')}`;
      expect(bytesToHex(node.privateKey), context).toBe(bytesToHex(reference.privateKey!));
      expect(bytesToHex(node.chainCode), context).toBe(bytesToHex(reference.chainCode!));
    }
  });

  it('leaves the seed as it was and refuses child numbers outside [0, 2^32)', () => {
    const seed = random(64);
    const copy = seed.slice();
    deriveSecp256k1(seed, [H + 44, 0]);
    expect(seed).toEqual(copy);
    for (const child of [-1, 2 ** 32, 1.5, Number.NaN]) {
      expect(() => deriveSecp256k1(seed, [H, child])).toThrow(RangeError);
    }
  });
});

describe('ethereumSigner', () => {
  it("gives @scure/bip32's key at m/44'/60'/0'/0/i and viem's address for it, on random seeds and indexes", () => {
    for (let round = 0; round < 100; round++) {
      const seed = random(64);
      const index = round < 4 ? [0, 1, H - 1, H - 2][round]! : randomIndex(round % 2 ? 100 : H);
      const signer = ethereumSigner(seed, index);
      const reference = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${index}`).privateKey!;
      const context = `${bytesToHex(seed)} ${index}`;
      expect(bytesToHex(signer.privateKey), context).toBe(bytesToHex(reference));
      expect(signer.address, context).toBe(privateKeyToAddress(`0x${bytesToHex(reference)}`));
      expect(ethereumKey(seed, index)).toEqual({
        privateKey: `0x${bytesToHex(reference)}`,
        address: signer.address,
      });
    }
  });

  it('computes the address of any key as viem does', () => {
    for (let round = 0; round < 50; round++) {
      const key = secp256k1.utils.randomSecretKey();
      expect(ethereumAddressOf(key)).toBe(privateKeyToAddress(`0x${bytesToHex(key)}`));
    }
  });
});

const seedOf = (mnemonic: string) => seedFromEntropy(mnemonicToEntropy(mnemonic));

describe('ethereumKey', () => {
  // Hardhat's and Anvil's default accounts come from this mnemonic at m/44'/60'/0'/0/{index}.
  const junk = seedOf('test test test test test test test test test test test junk');

  it('derives the well-known development accounts', () => {
    expect(ethereumKey(junk, 0)).toEqual({
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    });
    expect(ethereumKey(junk, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('derives the BIP-44 address of the "abandon … about" mnemonic', () => {
    const seed = seedOf(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    );
    expect(ethereumKey(seed, 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('returns an address that belongs to the private key', () => {
    const key = ethereumKey(junk, 7);
    expect(privateKeyToAddress(key.privateKey)).toBe(key.address);
  });

  it('refuses indexes that are not BIP-32 child numbers', () => {
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => ethereumKey(junk, index)).toThrow(InvalidRequestError);
    }
  });
});
