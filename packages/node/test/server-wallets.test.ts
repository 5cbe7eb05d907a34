/**
 * Server wallets through this SDK against a real Latchkey server: create (idempotently), get, list by
 * page and filter, update; sign a message, typed data, a hash, a transaction and an EIP-7702
 * authorization and recover the signer with viem; an owner key and a 2-of-2 key quorum through the
 * SDK's own request signing (with the incumbent's SDK signing for the same wallet, as a cross-check);
 * the viem account signing and sending on Hardhat; the Solana signer signing a message and a
 * transaction built with @solana/kit that lands on the litesvm shim.
 */
import {
  ApiError,
  AuthenticationError,
  generateAuthorizationKeyPair,
  InvalidRequestError,
  LatchkeyClient,
  NotFoundError,
  type PolicyRuleInput,
  type ServerWallet,
  signAuthorizationPayload,
} from '@latchkey/node';
import { toSolanaSigner } from '@latchkey/node/solana';
import { toViemAccount } from '@latchkey/node/viem';
import {
  type EvmNode,
  hardhatChain,
  jsonRpc,
  type SolanaRpc,
  sendWireTransaction,
  startEvmNode,
  startSolanaRpc,
} from '@latchkey/test/chains';
import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { PrivyClient } from '@privy-io/node';
import { base58 } from '@scure/base';
import {
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createSignableMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signAndSendTransactionMessageWithSigners,
  signTransactionMessageWithSigners,
  address as solanaAddress,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseTransaction,
  recoverAddress,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type TransactionSerializedEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { recoverAuthorizationAddress } from 'viem/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

const typedData = {
  domain: {
    name: 'Latchkey',
    version: '1',
    chainId: 1,
    verifyingContract: '0x0000000000000000000000000000000000000001',
  },
  types: {
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x0000000000000000000000000000000000000002', contents: 'Hello', amount: 10n ** 30n },
} as const;

const caip2 = 'eip155:31337';
const hash = keccak256(new TextEncoder().encode('a hash to sign'));

describe.each(dialects)('@latchkey/node server wallets (%s)', (dialect) => {
  let t: TestServer;
  let latchkey: LatchkeyClient;
  let privy: PrivyClient;
  let eth: ServerWallet;
  let evm: EvmNode;
  let solana: SolanaRpc;

  let solanaChain: string;
  let login: AuthBody;

  beforeAll(async () => {
    [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
    const genesis = (await jsonRpc(solana.url, 'getGenesisHash')) as string;
    solanaChain = `solana:${genesis.slice(0, 32)}`;
    t = await startTestServer(dialect, {
      listen: true,
      settings: { rpcUrls: { [caip2]: evm.url, [solanaChain]: solana.url }, chainWatcherPollMs: 100 },
    });
    const { app, secret, client } = await t.createApp();
    login = (await client.loginWithEmail('ada@example.com')).body;
    latchkey = new LatchkeyClient({ appId: app.id, appSecret: secret, apiUrl: t.url, retryBaseDelayMs: 1 });
    privy = new PrivyClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
    eth = await latchkey.wallets.create({
      chain_type: 'ethereum',
      display_name: 'Treasury',
      external_id: 'treasury-1',
    });
  });
  afterAll(() => Promise.all([t?.close(), evm?.stop(), solana?.close()]));

  it('creates, gets, updates, and lists by page and filter', async () => {
    expect(eth).toMatchObject({
      chain_type: 'ethereum',
      owner_id: null,
      policy_ids: [],
      additional_signers: [],
      display_name: 'Treasury',
      external_id: 'treasury-1',
    });
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await latchkey.wallets.get(eth.id)).toEqual(eth);
    const renamed = await latchkey.wallets.update(eth.id, { display_name: 'Main treasury' });
    expect(renamed).toMatchObject({ id: eth.id, display_name: 'Main treasury' });

    const sol = await latchkey.wallets.create({ chain_type: 'solana' });
    await latchkey.wallets.create({ chain_type: 'ethereum' });
    const ids: string[] = [];
    for await (const wallet of latchkey.wallets.list({ limit: 1 })) ids.push(wallet.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([eth.id, sol.id]));
    const page = await latchkey.wallets.listPage({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.next_cursor).toEqual(expect.any(String));
    const solanas: string[] = [];
    for await (const wallet of latchkey.wallets.list({ chain_type: 'solana' })) solanas.push(wallet.id);
    expect(solanas).toEqual([sol.id]);
    const byExternal = await latchkey.wallets.listPage({ external_id: 'treasury-1' });
    expect(byExternal.data.map((w) => w.id)).toEqual([eth.id]);

    expect(await rejection(latchkey.wallets.get('w'.repeat(24)))).toBeInstanceOf(NotFoundError);
    const tooMany = await rejection(latchkey.wallets.listPage({ limit: 101 }));
    expect(tooMany).toBeInstanceOf(InvalidRequestError);
  });

  it('signs a message, bytes, typed data, a hash, a transaction and an authorization; viem recovers the wallet', async () => {
    const { ethereum } = latchkey.wallets;
    const text = await ethereum.signMessage(eth.id, 'Hello from the backend');
    expect(text.encoding).toBe('hex');
    expect(
      await recoverMessageAddress({ message: 'Hello from the backend', signature: text.signature }),
    ).toBe(eth.address);
    // A string that looks like hex is still text; bytes are bytes.
    const hexText = await ethereum.signMessage(eth.id, '0xdeadbeef');
    expect(await recoverMessageAddress({ message: '0xdeadbeef', signature: hexText.signature })).toBe(
      eth.address,
    );
    const bytes = await ethereum.signMessage(eth.id, new Uint8Array([0, 1, 2, 255]));
    expect(
      await recoverMessageAddress({
        message: { raw: new Uint8Array([0, 1, 2, 255]) },
        signature: bytes.signature,
      }),
    ).toBe(eth.address);

    const typed = await ethereum.signTypedData(eth.id, {
      domain: typedData.domain,
      types: typedData.types,
      primary_type: typedData.primaryType,
      // A bigint beyond 2^53 goes as 0x-hex.
      message: typedData.message,
    });
    expect(await recoverTypedDataAddress({ ...typedData, signature: typed.signature })).toBe(eth.address);

    const raw = await ethereum.signSecp256k1(eth.id, hash);
    expect(await recoverAddress({ hash, signature: raw.signature })).toBe(eth.address);
    const rawSigned = await latchkey.wallets.rawSign(eth.id, { params: { hash } });
    expect(rawSigned).toEqual({ method: 'raw_sign', data: { signature: raw.signature, encoding: 'hex' } });

    const tx = await ethereum.signTransaction(eth.id, {
      type: 2,
      to: '0x0000000000000000000000000000000000000002',
      value: 10n ** 15n,
      nonce: 0,
      chain_id: 31337,
      gas_limit: '0x5208',
      max_fee_per_gas: 2_000_000_000n,
      max_priority_fee_per_gas: '0x3b9aca00',
    });
    expect(tx.encoding).toBe('rlp');
    const parsed = parseTransaction(tx.signed_transaction);
    expect(parsed).toMatchObject({ type: 'eip1559', nonce: 0, value: 10n ** 15n, chainId: 31337 });
    expect(
      await recoverTransactionAddress({
        serializedTransaction: tx.signed_transaction as TransactionSerializedEIP1559,
      }),
    ).toBe(eth.address);

    const { authorization } = await ethereum.sign7702Authorization(eth.id, {
      contract: '0x0000000000000000000000000000000000000003',
      chain_id: 1,
      nonce: 7,
    });
    expect(
      await recoverAuthorizationAddress({
        authorization: {
          address: '0x0000000000000000000000000000000000000003',
          chainId: 1,
          nonce: 7,
          r: authorization.r,
          s: authorization.s,
          yParity: authorization.y_parity,
        },
      }),
    ).toBe(eth.address);

    // The typed rpc: the wire request and answer.
    const viaRpc = await latchkey.wallets.rpc(eth.id, { method: 'secp256k1_sign', params: { hash } });
    expect(viaRpc).toEqual({ method: 'secp256k1_sign', data: { signature: raw.signature, encoding: 'hex' } });
    const wrongChain = await rejection(latchkey.wallets.solana.signMessage(eth.id, 'not an ethereum method'));
    expect(wrongChain).toBeInstanceOf(InvalidRequestError);
    expect(wrongChain.code).toBe('invalid_data');
  });

  it('signs for a wallet owned by a key only with that key, and the incumbent’s SDK agrees on the payload', async () => {
    const owner = generateAuthorizationKeyPair();
    const wallet = await latchkey.wallets.create({
      chain_type: 'ethereum',
      owner: { public_key: owner.publicKey },
    });
    expect(wallet.owner_id).toEqual(expect.any(String));
    const unsigned = await rejection(latchkey.wallets.ethereum.signMessage(wallet.id, 'no signature'));
    expect(unsigned).toBeInstanceOf(AuthenticationError);
    const stranger = generateAuthorizationKeyPair();
    expect(
      await rejection(
        latchkey.wallets.ethereum.signMessage(wallet.id, 'wrong key', {
          authorizationContext: { authorizationPrivateKeys: [stranger.privateKey] },
        }),
      ),
    ).toBeInstanceOf(AuthenticationError);
    const authorizationContext = { authorizationPrivateKeys: [`wallet-auth:${owner.privateKey}`] };
    const signed = await latchkey.wallets.ethereum.signMessage(wallet.id, 'owner signed', {
      authorizationContext,
    });
    expect(await recoverMessageAddress({ message: 'owner signed', signature: signed.signature })).toBe(
      wallet.address,
    );
    // A deadline in the past is refused even with the right key.
    const expired = await rejection(
      latchkey.wallets.ethereum.signMessage(wallet.id, 'late', {
        authorizationContext,
        requestExpiry: Date.now() - 1,
      }),
    );
    expect(expired).toBeInstanceOf(AuthenticationError);
    expect(expired.message).toMatch(/expired/);
    // A signer function (a KMS) signs the same payload.
    const viaSigner = await latchkey.wallets.ethereum.signSecp256k1(wallet.id, hash, {
      authorizationContext: {
        signers: [async (payload) => signAuthorizationPayload(owner.privateKey, payload)],
      },
    });
    expect(await recoverAddress({ hash, signature: viaSigner.signature })).toBe(wallet.address);
    // The incumbent's SDK, with the same key, signs for the same wallet.
    const theirs = await privy
      .wallets()
      .ethereum()
      .signMessage(wallet.id, {
        message: 'owner signed',
        authorization_context: { authorization_private_keys: [owner.privateKey] },
      });
    expect(theirs.signature).toBe(signed.signature);

    // Only the owner changes the wallet: the update is signed too.
    expect(await rejection(latchkey.wallets.update(wallet.id, { display_name: 'Mine' }))).toBeInstanceOf(
      AuthenticationError,
    );
    const next = generateAuthorizationKeyPair();
    const moved = await latchkey.wallets.update(
      wallet.id,
      { owner: { public_key: next.publicKey } },
      { authorizationContext },
    );
    expect(moved.owner_id).not.toBe(wallet.owner_id);
    expect(
      await rejection(
        latchkey.wallets.ethereum.signMessage(wallet.id, 'old owner', { authorizationContext }),
      ),
    ).toBeInstanceOf(AuthenticationError);
    await latchkey.wallets.ethereum.signMessage(wallet.id, 'new owner', {
      authorizationContext: { authorizationPrivateKeys: [next.privateKey] },
    });
  });

  it('needs both keys of a 2-of-2 quorum, which changes and goes only with its members’ signatures', async () => {
    const [a, b] = [generateAuthorizationKeyPair(), generateAuthorizationKeyPair()];
    const quorum = await latchkey.keyQuorums.create({
      public_keys: [a.publicKey, b.publicKey],
      authorization_threshold: 2,
      display_name: 'Two of two',
    });
    expect(quorum).toMatchObject({ authorization_threshold: 2, display_name: 'Two of two' });
    expect(quorum.authorization_keys.map((k) => k.public_key).sort()).toEqual(
      [a.publicKey, b.publicKey].sort(),
    );
    expect(await latchkey.keyQuorums.get(quorum.id)).toEqual(quorum);

    const wallet = await latchkey.wallets.create({ chain_type: 'ethereum', owner_id: quorum.id });
    const one = { authorizationPrivateKeys: [a.privateKey] };
    const both = { authorizationPrivateKeys: [a.privateKey, b.privateKey] };
    expect(
      await rejection(
        latchkey.wallets.ethereum.signSecp256k1(wallet.id, hash, { authorizationContext: one }),
      ),
    ).toBeInstanceOf(AuthenticationError);
    const signed = await latchkey.wallets.ethereum.signSecp256k1(wallet.id, hash, {
      authorizationContext: both,
    });
    expect(await recoverAddress({ hash, signature: signed.signature })).toBe(wallet.address);

    // The quorum's own changes: both must sign.
    expect(
      await rejection(
        latchkey.keyQuorums.update(quorum.id, { display_name: 'Renamed' }, { authorizationContext: one }),
      ),
    ).toBeInstanceOf(AuthenticationError);
    const renamed = await latchkey.keyQuorums.update(
      quorum.id,
      { public_keys: [a.publicKey, b.publicKey], authorization_threshold: 2, display_name: 'Renamed' },
      { authorizationContext: both },
    );
    expect(renamed.display_name).toBe('Renamed');
    // It owns a wallet: not deletable from under it.
    const owning = await rejection(latchkey.keyQuorums.delete(quorum.id, { authorizationContext: both }));
    expect(owning).toBeInstanceOf(InvalidRequestError);
    expect(owning.code).toBe('authorization_key_has_associated_wallets');

    const spare = await latchkey.keyQuorums.create({
      public_keys: [a.publicKey, b.publicKey],
      authorization_threshold: 2,
    });
    expect(
      await rejection(latchkey.keyQuorums.delete(spare.id, { authorizationContext: one })),
    ).toBeInstanceOf(AuthenticationError);
    await latchkey.keyQuorums.delete(spare.id, { authorizationContext: both });
    expect(await rejection(latchkey.keyQuorums.get(spare.id))).toBeInstanceOf(NotFoundError);
  });

  it('replays a create under the same idempotency key and refuses another body under it', async () => {
    const idempotencyKey = crypto.randomUUID();
    const first = await latchkey.wallets.create({ chain_type: 'ethereum' }, { idempotencyKey });
    const again = await latchkey.wallets.create({ chain_type: 'ethereum' }, { idempotencyKey });
    expect(again).toEqual(first);
    const other = await rejection(latchkey.wallets.create({ chain_type: 'solana' }, { idempotencyKey }));
    expect(other).toBeInstanceOf(InvalidRequestError);
    expect(other.status).toBe(400);
    // An owned wallet's RPC under a key: the repeat (with a fresh signature and deadline) is the first answer.
    const owner = generateAuthorizationKeyPair();
    const wallet = await latchkey.wallets.create({
      chain_type: 'solana',
      owner: { public_key: owner.publicKey },
    });
    const options = {
      idempotencyKey: crypto.randomUUID(),
      authorizationContext: { authorizationPrivateKeys: [owner.privateKey] },
    };
    const signed = await latchkey.wallets.solana.signMessage(wallet.id, 'once', options);
    expect(await latchkey.wallets.solana.signMessage(wallet.id, 'once', options)).toEqual(signed);
  });

  it('is a viem account that signs messages, typed data and transactions, and sends on Hardhat', async () => {
    const account = toViemAccount(latchkey, { walletId: eth.id, address: eth.address as Address });
    expect(account).toMatchObject({ address: eth.address, type: 'local' });
    const signature = await account.signMessage({ message: 'from viem' });
    expect(await recoverMessageAddress({ message: 'from viem', signature })).toBe(eth.address);
    const raw = await account.signMessage({ message: { raw: '0x00ff' } });
    expect(await recoverMessageAddress({ message: { raw: '0x00ff' }, signature: raw })).toBe(eth.address);
    const typed = await account.signTypedData(typedData);
    expect(await recoverTypedDataAddress({ ...typedData, signature: typed })).toBe(eth.address);
    expect(await recoverAddress({ hash, signature: await account.sign!({ hash }) })).toBe(eth.address);

    const serialized = await account.signTransaction({
      chainId: 31337,
      type: 'legacy',
      to: '0x0000000000000000000000000000000000000004',
      value: 1n,
      nonce: 0,
      gas: 21000n,
      gasPrice: 1_000_000_000n,
    });
    expect(parseTransaction(serialized)).toMatchObject({ type: 'legacy', nonce: 0, value: 1n });
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as Hex as never })).toBe(
      eth.address,
    );

    // Funded by a Hardhat account, the server wallet pays through viem's own sendTransaction.
    const [funder] = (await evm.rpc('eth_accounts')) as string[];
    await evm.rpc('eth_sendTransaction', [
      { from: funder, to: eth.address, value: `0x${parseEther('1').toString(16)}` },
    ]);
    const chain = hardhatChain(evm);
    const wallet = createWalletClient({ account, chain, transport: http(evm.url) });
    const txHash = await wallet.sendTransaction({
      to: '0x0000000000000000000000000000000000000005',
      value: parseEther('0.01'),
    });
    const receipt = await createPublicClient({ chain, transport: http(evm.url) }).waitForTransactionReceipt({
      hash: txHash,
    });
    expect(receipt).toMatchObject({ status: 'success', from: eth.address.toLowerCase() });
  });

  it('is a @solana/kit signer for messages and transactions, which land on the cluster', async () => {
    const owner = generateAuthorizationKeyPair();
    const wallet = await latchkey.wallets.create({
      chain_type: 'solana',
      owner: { public_key: owner.publicKey },
    });
    const signer = toSolanaSigner(latchkey, {
      walletId: wallet.id,
      address: solanaAddress(wallet.address),
      authorizationContext: { authorizationPrivateKeys: [owner.privateKey] },
    });
    const publicKey = base58.decode(wallet.address);

    const content = new TextEncoder().encode('Hello Solana');
    const [dictionary] = await signer.signMessages([createSignableMessage(content)]);
    expect(ed25519.verify(dictionary![signer.address]!, content, publicKey)).toBe(true);

    // The server wallet moves its lamports; a local key pays the fee (two signers, ours in slot 1).
    solana.airdrop(wallet.address, 2_000_000_000n);
    const feePayer = await generateKeyPairSigner();
    solana.airdrop(feePayer.address, 1_000_000_000n);
    const destination = (await generateKeyPairSigner()).address;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash(solana.svm.latestBlockhash()), lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: signer, destination, amount: 1_000_000_000n })],
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    expect(Object.keys(signed.signatures)).toEqual([feePayer.address, wallet.address]);
    const ours = signed.signatures[signer.address];
    expect(ed25519.verify(ours!, new Uint8Array(signed.messageBytes), publicKey)).toBe(true);
    await sendWireTransaction(solana, new Uint8Array(getTransactionEncoder().encode(signed)));
    expect(solana.balance(destination)).toBe(1_000_000_000n);

    // With a cluster, it is a sending signer too: kit hands it the transaction and the server sends it.
    const sender = toSolanaSigner(latchkey, {
      walletId: wallet.id,
      address: solanaAddress(wallet.address),
      authorizationContext: { authorizationPrivateKeys: [owner.privateKey] },
      caip2: solanaChain,
    });
    const sendTo = (await generateKeyPairSigner()).address;
    const sentSignature = await signAndSendTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(sender, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash(solana.svm.latestBlockhash()), lastValidBlockHeight: 0n },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: sender, destination: sendTo, amount: 100_000_000n })],
            m,
          ),
      ),
    );
    expect(sentSignature).toHaveLength(64);
    expect(solana.balance(sendTo)).toBe(100_000_000n);
    expect('signAndSendTransactions' in signer).toBe(false);

    // Without the owner's key the server refuses, and the signer says so.
    const unauthorized = toSolanaSigner(latchkey, {
      walletId: wallet.id,
      address: solanaAddress(wallet.address),
    });
    expect(await rejection(unauthorized.signMessages([createSignableMessage(content)]))).toBeInstanceOf(
      AuthenticationError,
    );
  });

  it('sends on Hardhat (eth_sendTransaction): the record reaches confirmed, and the history and balance show it', async () => {
    const wallet = await latchkey.wallets.create({ chain_type: 'ethereum' });
    const [funder] = (await evm.rpc('eth_accounts')) as string[];
    await evm.rpc('eth_sendTransaction', [
      { from: funder, to: wallet.address, value: `0x${parseEther('1').toString(16)}` },
    ]);
    const recipient = '0x000000000000000000000000000000000000dEaD';
    const referenceId = `order-${crypto.randomUUID()}`;
    const idempotencyKey = crypto.randomUUID();
    const input = {
      caip2,
      transaction: { to: recipient, value: parseEther('0.25') },
      reference_id: referenceId,
    };
    const sent = await latchkey.wallets.ethereum.sendTransaction(wallet.id, input, { idempotencyKey });
    expect(sent).toMatchObject({
      caip2,
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      reference_id: referenceId,
    });
    // A repeat under the key is the same send, not a second one.
    expect(await latchkey.wallets.ethereum.sendTransaction(wallet.id, input, { idempotencyKey })).toEqual(
      sent,
    );

    let record = await latchkey.transactions.get(sent.transaction_id!);
    for (let i = 0; record.status !== 'confirmed' && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      record = await latchkey.transactions.get(sent.transaction_id!);
    }
    expect(record).toMatchObject({
      wallet_id: wallet.id,
      caip2,
      transaction_hash: sent.hash,
      status: 'confirmed',
    });
    expect((await latchkey.transactions.list({ reference_id: referenceId })).map((r) => r.id)).toEqual([
      sent.transaction_id,
    ]);
    const history = [];
    for await (const transfer of latchkey.wallets.transactions(wallet.id, { chain: caip2, limit: 1 }))
      history.push(transfer);
    expect(history).toContainEqual(
      expect.objectContaining({ privy_transaction_id: sent.transaction_id, transaction_hash: sent.hash }),
    );
    const { balances } = await latchkey.wallets.balance(wallet.id, { chain: caip2 });
    expect(balances).toHaveLength(1);
    expect(BigInt(balances[0]!.raw_value)).toBeLessThan(parseEther('0.75'));
    expect(await rejection(latchkey.transactions.get('t'.repeat(24)))).toBeInstanceOf(NotFoundError);
  });

  it('signs and sends a Solana transaction (signAndSendTransaction) that lands on the cluster', async () => {
    const wallet = await latchkey.wallets.create({ chain_type: 'solana' });
    solana.airdrop(wallet.address, 2_000_000_000n);
    const destination = (await generateKeyPairSigner()).address;
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(solanaAddress(wallet.address), m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash(solana.svm.latestBlockhash()), lastValidBlockHeight: 0n },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: { address: solanaAddress(wallet.address) } as never,
                destination,
                amount: 500_000_000n,
              }),
            ],
            m,
          ),
      ),
    );
    const sent = await latchkey.wallets.solana.signAndSendTransaction(wallet.id, {
      caip2: solanaChain,
      transaction: new Uint8Array(getTransactionEncoder().encode(unsigned)),
    });
    expect(sent).toMatchObject({ caip2: solanaChain, hash: expect.any(String) });
    expect(solana.balance(destination)).toBe(500_000_000n);
  });

  it('exports an owned wallet’s key to its owner only, and imports keys into new wallets (HPKE both ways)', async () => {
    const owner = generateAuthorizationKeyPair();
    const wallet = await latchkey.wallets.create({
      chain_type: 'ethereum',
      owner: { public_key: owner.publicKey },
    });
    expect(await rejection(latchkey.wallets.export(wallet.id))).toBeInstanceOf(AuthenticationError);
    const { private_key } = await latchkey.wallets.export(wallet.id, {
      authorizationContext: { authorizationPrivateKeys: [owner.privateKey] },
    });
    expect(privateKeyToAccount(private_key as Hex).address).toBe(wallet.address);
    expect((await latchkey.wallets.get(wallet.id)).exported_at).toEqual(expect.any(Number));

    const key = generatePrivateKey();
    const imported = await latchkey.wallets.import({
      wallet: { chain_type: 'ethereum', address: privateKeyToAccount(key).address, private_key: key },
      display_name: 'Imported',
    });
    expect(imported).toMatchObject({ address: privateKeyToAccount(key).address, display_name: 'Imported' });
    const signed = await latchkey.wallets.ethereum.signMessage(imported.id, 'imported');
    expect(await recoverMessageAddress({ message: 'imported', signature: signed.signature })).toBe(
      imported.address,
    );
    // A key that does not control the address is refused.
    const wrong = await rejection(
      latchkey.wallets.import({
        wallet: {
          chain_type: 'ethereum',
          address: privateKeyToAccount(generatePrivateKey()).address,
          private_key: key,
        },
      }),
    );
    expect(wrong).toBeInstanceOf(ApiError);

    // Solana: exported as base58 of the 64-byte secret key, which imports again in another app.
    const sol = await latchkey.wallets.create({ chain_type: 'solana' });
    const exported = await latchkey.wallets.export(sol.id);
    expect(base58.decode(exported.private_key)).toHaveLength(64);
    const other = await t.createApp();
    const elsewhere = new LatchkeyClient({ appId: other.app.id, appSecret: other.secret, apiUrl: t.url });
    const moved = await elsewhere.wallets.import({
      wallet: { chain_type: 'solana', address: sol.address, private_key: exported.private_key },
    });
    expect(moved.address).toBe(sol.address);
    const { signature } = await elsewhere.wallets.solana.signMessage(moved.id, 'moved');
    expect(
      ed25519.verify(
        Buffer.from(signature, 'base64'),
        new TextEncoder().encode('moved'),
        base58.decode(sol.address),
      ),
    ).toBe(true);
  });

  it('signs for a user-owned wallet with the user’s access token (userJwts), and authenticate lists it', async () => {
    const wallet = await latchkey.wallets.create({
      chain_type: 'ethereum',
      owner: { user_id: login.user.id },
    });
    expect(await rejection(latchkey.wallets.ethereum.signMessage(wallet.id, 'no user'))).toBeInstanceOf(
      AuthenticationError,
    );
    const authorizationContext = { userJwts: [login.token] };
    const signed = await latchkey.wallets.ethereum.signMessage(wallet.id, 'the user agrees', {
      authorizationContext,
    });
    expect(await recoverMessageAddress({ message: 'the user agrees', signature: signed.signature })).toBe(
      wallet.address,
    );
    // The second call reuses the key the first exchanged; the export goes to the user too.
    const { private_key } = await latchkey.wallets.export(wallet.id, { authorizationContext });
    expect(privateKeyToAccount(private_key as Hex).address).toBe(wallet.address);

    const session = await latchkey.wallets.authenticate(login.token);
    expect(session.wallets.map((w) => w.id)).toEqual([wallet.id]);
    expect(session.expires_at).toBeGreaterThan(Date.now());
    // The key came out of HPKE whole: a P-256 PKCS#8 key that signs for the wallet by itself.
    const bySession = await latchkey.wallets.ethereum.signSecp256k1(wallet.id, hash, {
      authorizationContext: { authorizationPrivateKeys: [session.authorizationKey] },
    });
    expect(await recoverAddress({ hash, signature: bySession.signature })).toBe(wallet.address);
    expect(await rejection(latchkey.wallets.authenticate('not.a.jwt'))).toBeInstanceOf(ApiError);
    expect(
      await rejection(
        latchkey.wallets.ethereum.signMessage(wallet.id, 'forged', {
          authorizationContext: { userJwts: ['not.a.jwt'] },
        }),
      ),
    ).toBeInstanceOf(ApiError);
  });

  it('policies: a dry run that refuses 0.02 ETH, owned rules, condition sets, the change log', async () => {
    const owner = generateAuthorizationKeyPair();
    const ownerContext = { authorizationPrivateKeys: [owner.privateKey] };
    const recipients = await latchkey.conditionSets.create({ name: 'Payees' });
    await latchkey.conditionSets.addItems(recipients.id, ['0x000000000000000000000000000000000000dEaD']);
    const items = [];
    for await (const item of latchkey.conditionSets.items(recipients.id)) items.push(item.value);
    expect(items).toEqual(['0x000000000000000000000000000000000000dEaD']);
    const policy = await latchkey.policies.create({
      version: '1.0',
      name: 'Small payments',
      chain_type: 'ethereum',
      owner: { public_key: owner.publicKey },
      rules: [
        {
          name: 'At most 0.01 ETH to a payee',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'ethereum_transaction',
              field: 'value',
              operator: 'lte',
              value: parseEther('0.01').toString(),
            },
            {
              field_source: 'ethereum_transaction',
              field: 'to',
              operator: 'in_condition_set',
              value: recipients.id,
            },
          ],
        },
      ],
    });
    expect(policy).toMatchObject({ name: 'Small payments', owner_id: expect.any(String) });
    expect(await latchkey.policies.get(policy.id)).toEqual(policy);

    const dryRun = await latchkey.policies.evaluate(policy.id, {
      method: 'eth_sendTransaction',
      caip2,
      params: {
        transaction: {
          to: '0x000000000000000000000000000000000000dEaD',
          value: `0x${parseEther('0.02').toString(16)}`,
        },
      },
    });
    expect(dryRun.decision).toBe('DENY');
    expect(dryRun.trace.rules?.[0]?.conditions[0]).toMatchObject({ operator: 'lte', result: false });

    // The policy is owned: its rules change only with the owner's signature, and the log says so.
    const rule: PolicyRuleInput = {
      name: 'Any typed data',
      method: 'eth_signTypedData_v4',
      action: 'ALLOW',
      conditions: [],
    };
    expect(await rejection(latchkey.policies.createRule(policy.id, rule))).toBeInstanceOf(
      AuthenticationError,
    );
    const added = await latchkey.policies.createRule(policy.id, rule, { authorizationContext: ownerContext });
    expect(await latchkey.policies.getRule(policy.id, added.id)).toMatchObject({ name: 'Any typed data' });
    const renamed = await latchkey.policies.updateRule(
      policy.id,
      added.id,
      { ...rule, name: 'Typed data' },
      { authorizationContext: ownerContext },
    );
    expect(renamed.name).toBe('Typed data');
    await latchkey.policies.deleteRule(policy.id, added.id, { authorizationContext: ownerContext });
    expect(await rejection(latchkey.policies.getRule(policy.id, added.id))).toBeInstanceOf(NotFoundError);
    const log = [];
    for await (const entry of latchkey.policies.audit(policy.id, { limit: 1 })) log.push(entry);
    expect(log.length).toBeGreaterThanOrEqual(3);

    const updated = await latchkey.policies.update(
      policy.id,
      { name: 'Payments' },
      { authorizationContext: ownerContext },
    );
    expect(updated.name).toBe('Payments');
    const spare = await latchkey.policies.create({
      version: '1.0',
      name: 'Spare',
      chain_type: 'solana',
      rules: [],
    });
    await latchkey.policies.delete(spare.id);
    expect(await rejection(latchkey.policies.get(spare.id))).toBeInstanceOf(NotFoundError);
    await latchkey.conditionSets.replaceItems(recipients.id, ['0x0000000000000000000000000000000000000001']);
    const [only] = await (async () => {
      const values = [];
      for await (const item of latchkey.conditionSets.items(recipients.id)) values.push(item);
      return values;
    })();
    expect(only?.value).toBe('0x0000000000000000000000000000000000000001');
    expect(await latchkey.conditionSets.getItem(recipients.id, only!.id)).toEqual(only);
  });

  it('a wallet under a policy refuses to send 0.02 ETH and sends 0.005', async () => {
    const recipients = await latchkey.conditionSets.create({ name: 'Payees' });
    await latchkey.conditionSets.addItems(recipients.id, ['0x000000000000000000000000000000000000dEaD']);
    const policy = await latchkey.policies.create({
      version: '1.0',
      name: 'Small payments',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'At most 0.01 ETH to a payee',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'ethereum_transaction',
              field: 'value',
              operator: 'lte',
              value: parseEther('0.01').toString(),
            },
            {
              field_source: 'ethereum_transaction',
              field: 'to',
              operator: 'in_condition_set',
              value: recipients.id,
            },
          ],
        },
      ],
    });
    const wallet = await latchkey.wallets.create({ chain_type: 'ethereum', policy_ids: [policy.id] });
    const [funder] = (await evm.rpc('eth_accounts')) as string[];
    await evm.rpc('eth_sendTransaction', [
      { from: funder, to: wallet.address, value: `0x${parseEther('1').toString(16)}` },
    ]);
    const send = (value: bigint) =>
      latchkey.wallets.ethereum.sendTransaction(wallet.id, {
        caip2,
        transaction: { to: '0x000000000000000000000000000000000000dEaD', value },
      });
    const refused = await rejection(send(parseEther('0.02')));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.code).toBe('policy_violation');
    expect((await send(parseEther('0.005'))).hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('sends privy-request-expiry on every write, from the client’s default or the call', async () => {
    const seen: (string | null)[] = [];
    const recording = new LatchkeyClient({
      appId: latchkey.appId,
      appSecret: 'unused',
      apiUrl: t.url,
      requestExpiryMs: 60_000,
      maxRetries: 0,
      fetch: async (_input, init) => {
        seen.push(new Headers(init?.headers).get('privy-request-expiry'));
        return Response.json({ error: 'no', code: 'invalid_credentials' }, { status: 401 });
      },
    });
    const before = Date.now();
    await rejection(recording.wallets.create({ chain_type: 'ethereum' }));
    await rejection(recording.keyQuorums.delete('q', { requestExpiry: 1_900_000_000_000 }));
    await rejection(recording.wallets.get('w'));
    expect(Number(seen[0])).toBeGreaterThanOrEqual(before + 60_000);
    expect(Number(seen[0])).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(seen.slice(1)).toEqual(['1900000000000', null]);
    expect(
      () => new LatchkeyClient({ appId: 'a', appSecret: 's', apiUrl: t.url, requestExpiryMs: 0 }),
    ).toThrow(TypeError);
  });

  it('is an ApiError for what the server refuses', async () => {
    const error = await rejection(latchkey.wallets.create({ chain_type: 'ton' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('not_supported');
  });
});
