import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  encodeAbiParameters,
  type Hex,
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  stringToHex,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { privateKeyToAccount, privateKeyToAddress, sign } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ethereumAddressOf } from './derive-ethereum.ts';
import { InvalidRequestError } from './errors.ts';
import { ethereumRpc, signHash } from './ethereum-rpc.ts';
import { parseRpcTransaction } from './ethereum-transaction.ts';

// Hardhat account 0 ('test … junk' at m/44'/60'/0'/0/0).
const KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const rpc = (method: string, params?: unknown) => ethereumRpc(KEY, { method, params }) as Promise<Hex>;

describe('personal_sign', () => {
  it('signs UTF-8 text', async () => {
    const signature = await rpc('personal_sign', ['Hello from Latchkey', ADDRESS]);
    expect(await verifyMessage({ address: ADDRESS, message: 'Hello from Latchkey', signature })).toBe(true);
  });

  it('signs 0x-hex of whole bytes as those bytes, and odd-length "hex" as text', async () => {
    const hex = stringToHex('Hello from Latchkey');
    const signature = await rpc('personal_sign', [hex, ADDRESS.toLowerCase()]);
    expect(await verifyMessage({ address: ADDRESS, message: { raw: hex }, signature })).toBe(true);
    expect(signature).toBe(await rpc('personal_sign', ['Hello from Latchkey', ADDRESS]));
    const odd = await rpc('personal_sign', ['0xabc', ADDRESS]);
    expect(await verifyMessage({ address: ADDRESS, message: '0xabc', signature: odd })).toBe(true);
  });

  it("refuses another wallet's address or a missing message", async () => {
    await expect(rpc('personal_sign', ['hi', OTHER])).rejects.toThrow(InvalidRequestError);
    await expect(rpc('personal_sign', ['hi'])).rejects.toThrow(InvalidRequestError);
    await expect(rpc('personal_sign', [{ text: 'hi' }, ADDRESS])).rejects.toThrow(InvalidRequestError);
  });
});

describe('eth_sign', () => {
  const hash = keccak256(stringToHex('a 32-byte digest'));

  it('signs the raw hash, without the EIP-191 prefix', async () => {
    const signature = await rpc('eth_sign', [ADDRESS, hash]);
    expect(await recoverAddress({ hash, signature })).toBe(ADDRESS);
  });

  it('refuses another address or anything but a 32-byte hash', async () => {
    await expect(rpc('eth_sign', [OTHER, hash])).rejects.toThrow(InvalidRequestError);
    await expect(rpc('eth_sign', [ADDRESS, '0x1234'])).rejects.toThrow(InvalidRequestError);
    await expect(rpc('eth_sign', [ADDRESS, 'hello'])).rejects.toThrow(InvalidRequestError);
  });
});

describe('eth_signTypedData_v4', () => {
  // The example of EIP-712 itself, signed by keccak256('cow').
  const cowKey = keccak256(stringToHex('cow'));
  const cow = privateKeyToAddress(cowKey);
  const mail = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId: 1,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    message: {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  } as const;
  const EIP712_SIGNATURE =
    '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d' +
    '07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c';

  it("reproduces the EIP-712 example's signature, from an object or a JSON string", async () => {
    expect(cow).toBe('0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826');
    const sign = (data: unknown) =>
      ethereumRpc(cowKey, { method: 'eth_signTypedData_v4', params: [cow, data] });
    expect(await sign(mail)).toBe(EIP712_SIGNATURE);
    expect(await sign(JSON.stringify(mail))).toBe(EIP712_SIGNATURE);
  });

  it('signs typed data that verifies for the wallet', async () => {
    const { EIP712Domain: _, ...types } = mail.types;
    const signature = await rpc('eth_signTypedData_v4', [ADDRESS, { ...mail, types }]);
    expect(await verifyTypedData({ ...mail, types, address: ADDRESS, signature })).toBe(true);
  });

  it("hashes the domain with the dapp's own EIP712Domain field order", async () => {
    // Written out per EIP-712 by hand: domainSeparator = hashStruct(EIP712Domain(uint256 chainId,string name)).
    const domainType = keccak256(stringToHex('EIP712Domain(uint256 chainId,string name)'));
    const domainSeparator = keccak256(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'bytes32' }],
        [domainType, 1n, keccak256(stringToHex('Ether Mail'))],
      ),
    );
    // hashStruct(message) of the EIP-712 example mail.
    const mailHash = '0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e';
    const digest = keccak256(`0x1901${domainSeparator.slice(2)}${mailHash.slice(2)}`);
    const signature = await rpc('eth_signTypedData_v4', [
      ADDRESS,
      {
        ...mail,
        types: {
          ...mail.types,
          EIP712Domain: [
            { name: 'chainId', type: 'uint256' },
            { name: 'name', type: 'string' },
          ],
        },
        domain: { name: 'Ether Mail', chainId: 1 },
      },
    ]);
    expect(await recoverAddress({ hash: digest, signature })).toBe(ADDRESS);
  });

  it('refuses another address, malformed JSON and typed data that does not fit its types', async () => {
    await expect(rpc('eth_signTypedData_v4', [OTHER, mail])).rejects.toThrow(InvalidRequestError);
    await expect(rpc('eth_signTypedData_v4', [ADDRESS, '{"types":'])).rejects.toThrow(InvalidRequestError);
    const { primaryType: _, ...noPrimaryType } = mail;
    await expect(rpc('eth_signTypedData_v4', [ADDRESS, noPrimaryType])).rejects.toThrow(InvalidRequestError);
    const badWallet = { ...mail, message: { ...mail.message, to: { name: 'Bob', wallet: '0x1234' } } };
    await expect(rpc('eth_signTypedData_v4', [ADDRESS, badWallet])).rejects.toThrow(InvalidRequestError);
    await expect(rpc('eth_signTypedData_v4', [ADDRESS, { ...mail, primaryType: 'Letter' }])).rejects.toThrow(
      InvalidRequestError,
    );
  });
});

describe('eth_signTransaction', () => {
  const sign = async (tx: Record<string, unknown>) => {
    const serializedTransaction = (await rpc('eth_signTransaction', [tx])) as `0x02${string}`;
    return {
      parsed: parseTransaction(serializedTransaction),
      signer: await recoverTransactionAddress({ serializedTransaction }),
    };
  };

  it('signs the EIP-155 example transaction byte for byte', async () => {
    const signed = await ethereumRpc(`0x${'46'.repeat(32)}`, {
      method: 'eth_signTransaction',
      params: [
        {
          type: 'legacy',
          nonce: 9,
          gasPrice: '20000000000',
          gas: 21000,
          to: '0x3535353535353535353535353535353535353535',
          value: '0xde0b6b3a7640000',
          chainId: 1,
        },
      ],
    });
    expect(signed).toBe(
      '0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a7640000' +
        '8025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb70330' +
        '4b3800ccf555c9f3dc64214b297fb1966a3b6d83',
    );
  });

  it('signs an EIP-1559 transaction given in hex quantities', async () => {
    const { parsed, signer } = await sign({
      from: ADDRESS.toLowerCase(),
      to: OTHER,
      value: '0xde0b6b3a7640000',
      data: '0xa9059cbb',
      nonce: '0x7',
      gas: '0x5208',
      chainId: '0x7a69',
      type: '0x2',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    });
    expect(signer).toBe(ADDRESS);
    expect(parsed).toMatchObject({
      type: 'eip1559',
      to: OTHER.toLowerCase(),
      value: 10n ** 18n,
      data: '0xa9059cbb',
      nonce: 7,
      gas: 21000n,
      chainId: 31337,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
  });

  it('signs a legacy transaction given in numbers, decimal strings and gasLimit', async () => {
    const { parsed, signer } = await sign({
      to: OTHER,
      value: '1000',
      nonce: 0,
      gasLimit: 21000,
      chainId: 1,
      type: 0,
      gasPrice: '30000000000',
    });
    expect(signer).toBe(ADDRESS);
    expect(parsed).toMatchObject({
      type: 'legacy',
      value: 1000n,
      gas: 21000n,
      chainId: 1,
      gasPrice: 30n * 10n ** 9n,
    });
  });

  it('signs an EIP-2930 transaction with an access list, and bigints', async () => {
    const accessList = [{ address: OTHER, storageKeys: [toHex(1n, { size: 32 })] }];
    const { parsed, signer } = await sign({
      to: OTHER,
      nonce: 1n,
      gas: 30000n,
      chainId: 1n,
      type: 'eip2930',
      gasPrice: 10n ** 9n,
      accessList,
    });
    expect(signer).toBe(ADDRESS);
    expect(parsed).toMatchObject({ type: 'eip2930', gas: 30000n });
    expect(parsed.accessList).toEqual([{ ...accessList[0], address: OTHER.toLowerCase() }]);
  });

  it('infers the type from the fee fields and signs a contract creation', async () => {
    const base = { nonce: 2, gas: 100000, chainId: 1, data: '0x6000' };
    expect((await sign({ ...base, maxFeePerGas: 2, maxPriorityFeePerGas: 1 })).parsed.type).toBe('eip1559');
    const legacy = await sign({ ...base, gasPrice: 2 });
    expect(legacy.parsed.type).toBe('legacy');
    expect(legacy.parsed.to).toBeUndefined();
    expect(legacy.signer).toBe(ADDRESS);
  });

  it('refuses a foreign from, missing or malformed fields and unsupported types', async () => {
    const good = { to: OTHER, nonce: 0, gas: 21000, chainId: 1, maxFeePerGas: 2, maxPriorityFeePerGas: 1 };
    const bad: Record<string, unknown>[] = [
      { ...good, from: OTHER },
      { ...good, nonce: undefined },
      { ...good, gas: undefined },
      { ...good, chainId: undefined },
      { ...good, maxFeePerGas: undefined },
      { ...good, value: 'ten' },
      { ...good, value: -1 },
      { ...good, value: 1.5 },
      { ...good, to: '0x1234' },
      { ...good, data: '0xabc' },
      { ...good, type: 3 },
      { ...good, type: 'eip4844' },
      { ...good, maxPriorityFeePerGas: 3 },
      { ...good, accessList: [{ address: OTHER, storageKeys: ['0x01'] }] },
      { ...good, type: 0 },
    ];
    for (const tx of bad) {
      await expect(rpc('eth_signTransaction', [tx]), JSON.stringify(tx)).rejects.toThrow(InvalidRequestError);
    }
    await expect(rpc('eth_signTransaction', ['0x00'])).rejects.toThrow(InvalidRequestError);
  });
});

describe('ethereumRpc', () => {
  it('refuses methods it does not implement and params that are not an array', async () => {
    for (const method of ['eth_sendTransaction', 'secp256k1_sign', 'toString', '']) {
      await expect(rpc(method, [])).rejects.toThrow(new InvalidRequestError('Unsupported method'));
    }
    await expect(rpc('personal_sign', { message: 'hi' })).rejects.toThrow(InvalidRequestError);
    await expect(rpc('personal_sign')).rejects.toThrow(InvalidRequestError);
  });
});

describe('the same bytes as a viem account', () => {
  const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));
  const keys: Uint8Array[] = Array.from({ length: 64 }, () => secp256k1.utils.randomSecretKey());
  // A few edge keys as well: 1, n - 1, and keys with leading zero bytes.
  keys.push(
    Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0)),
    secp256k1.Point.Fn.toBytes(secp256k1.Point.Fn.ORDER - 1n),
    Uint8Array.from([0, 0, ...random(30)]),
  );

  it('signHash gives what viem sign gives: r, s, v and yParity, both parities', async () => {
    const parities = new Set<number>();
    for (const key of keys) {
      const hash = toHex(random(32));
      const ours = signHash(key, hash);
      expect(ours).toEqual(await sign({ hash, privateKey: toHex(key) }));
      parities.add(ours.yParity);
    }
    expect([...parities].sort()).toEqual([0, 1]);
    expect(() => signHash(keys[0]!, '0x1234')).toThrow(InvalidRequestError);
  });

  it('for every method, from a hex key or from a signer with its address', async () => {
    const messages = ['', 'hello', 'ünïcødé ✓', '0x', '0xdeadbeef', '0xabc', 'x'.repeat(1000)];
    for (const [n, key] of keys.entries()) {
      const account = privateKeyToAccount(toHex(key));
      const signer = { privateKey: key, address: ethereumAddressOf(key) };
      expect(signer.address).toBe(account.address);
      const both = async (method: string, params: unknown[]) => {
        const fromHex = await ethereumRpc(toHex(key), { method, params });
        expect(await ethereumRpc(signer, { method, params })).toBe(fromHex);
        return fromHex;
      };

      const message = n < messages.length ? messages[n]! : toHex(random(n % 50));
      const raw = /^0x([0-9a-fA-F]{2})*$/.test(message);
      expect(await both('personal_sign', [message, account.address])).toBe(
        await account.signMessage({ message: raw ? { raw: message as Hex } : message }),
      );

      const hash = toHex(random(32));
      expect(await both('eth_sign', [account.address, hash])).toBe(await account.sign({ hash }));

      const typed = {
        domain: { name: 'Bench', version: '1', chainId: n + 1, verifyingContract: OTHER },
        types: {
          Note: [
            { name: 'text', type: 'string' },
            { name: 'amount', type: 'uint256' },
          ],
        },
        primaryType: 'Note',
        message: { text: `note ${n}`, amount: BigInt(n) * 10n ** 18n },
      } as const;
      expect(
        await both('eth_signTypedData_v4', [
          account.address,
          { ...typed, message: { ...typed.message, amount: String(typed.message.amount) } },
        ]),
      ).toBe(await account.signTypedData(typed));

      const rpcTx = [
        {
          to: OTHER,
          nonce: n,
          gas: 21000,
          chainId: n + 1,
          maxFeePerGas: 2 + n,
          maxPriorityFeePerGas: 1,
          value: String(n),
        },
        { to: OTHER, nonce: n, gas: 21000, chainId: n + 1, gasPrice: 10 ** 9, data: toHex(random(n % 40)) },
        {
          nonce: n,
          gas: 90000,
          chainId: 1,
          gasPrice: 7,
          accessList: [{ address: OTHER, storageKeys: [hash] }],
          data: '0x6000',
        },
        {
          type: 'legacy',
          nonce: 9,
          gasPrice: '20000000000',
          gas: 21000,
          to: OTHER,
          value: '0xde0b6b3a7640000',
          chainId: 1,
        },
      ][n % 4]!;
      expect(await both('eth_signTransaction', [rpcTx])).toBe(
        await account.signTransaction(parseRpcTransaction(rpcTx)),
      );
    }
  });

  it("leaves the signer's key to its owner: not wiped, not changed", async () => {
    const key = keys[0]!;
    const copy = key.slice();
    await ethereumRpc(
      { privateKey: key, address: ethereumAddressOf(key) },
      { method: 'eth_sign', params: [ethereumAddressOf(key), toHex(random(32))] },
    );
    expect(bytesToHex(key)).toBe(bytesToHex(copy));
  });
});
