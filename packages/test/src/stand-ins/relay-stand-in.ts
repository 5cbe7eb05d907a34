import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { EvmNode } from '../chains/evm-node.ts';
import type { SolanaRpc } from '../chains/solana-rpc.ts';
import { settleOnChain } from './funding-settlement.ts';
import { idleClosingServer, json, readText } from './stand-in-http.ts';

/**
 * The Relay bridge as the funding screens use it (REFERENCES §5.3; spec document 2 §3, §4, §7), on
 * the local chains: `POST /quote` for an exact SOL output answers one step whose transaction sends
 * ETH on the Hardhat node to this bridge's deposit address, its calldata the request id (as Relay's
 * deposits carry it). The stand-in watches the node; when that deposit lands it pays the recipient
 * SOL on the local Solana RPC and reports `success` on `GET /requests/v2?hash=` (what the client
 * polls) and `GET /intents/status/v2?requestId=` (Relay's newer status API). `refund` sends the ETH
 * back instead, `failure` keeps it: the two endings the failure screen shows.
 *
 * The other way, from Solana (Relay's SVM origin): a quote for an exact ETH output from a Solana
 * `user` answers one instruction, a System Program transfer of the SOL price to the stand-in's
 * Solana deposit key, as Relay's Solana steps carry instructions (`data.instructions`). The stand-in
 * reads the deposit key's signatures on the local Solana RPC; a confirmed deposit from the user of
 * at least the price pays the recipient ETH on the Hardhat node, and `requests/v2?hash=<signature>`
 * answers. `refund` pays the SOL back (less a fee), `failure` keeps it.
 */

/** Relay's chain id for Solana and its currency id for SOL (REFERENCES §5.3). */
export const relaySolanaChainId = 792703809;
export const relaySolCurrency = '11111111111111111111111111111111';
const zeroAddress = '0x0000000000000000000000000000000000000000';

export type RelayOutcome = 'success' | 'refund' | 'failure';
/** Relay's request statuses, in the order a request goes through them. */
export type RelayStatus = 'waiting' | 'pending' | RelayOutcome;

export interface RelayStandInOptions {
  evm: EvmNode;
  solana: SolanaRpc;
  /** How each deposit ends; changeable later through `outcome`. Default `success`. */
  outcome?: RelayOutcome;
  /** Wei per lamport: the price of the bridge's SOL. Default 50,000,000 (1 SOL = 0.05 ETH). */
  weiPerLamport?: bigint;
  /** How often the node is read for deposits. */
  watchMs?: number;
  idleMs?: number;
}

export interface RelayRequest {
  id: `0x${string}`;
  /** Where the user pays: the Hardhat node (ETH for SOL) or the Solana RPC (SOL for ETH). */
  origin: 'evm' | 'solana';
  user: string;
  recipient: string;
  /** What the recipient gets, in base units: lamports from the EVM side, wei from Solana. */
  amount: bigint;
  /** What the deposit must carry, in base units: wei on the EVM side, lamports on Solana. */
  value: bigint;
  status: RelayStatus | null;
  inTxHash: string | null;
  outTxHash: string | null;
}

export interface RelayStandIn {
  url: string;
  /** Where the quotes' deposits go: the bridge's solver on the Hardhat node. */
  depositAddress: string;
  /** Where the Solana-origin quotes' deposits go: the solver's key on the Solana RPC. */
  solanaDepositAddress: string;
  /** How the next deposits end. */
  outcome: RelayOutcome;
  /** Every quote, in order. */
  requests: RelayRequest[];
  close(): Promise<void>;
}

const isEvmAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
const isSolanaAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);

/** Wei → the decimal ETH text settleOnChain takes. */
const weiText = (wei: bigint) => `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, '0')}`;

/** `1500000000` lamports → `1.5`: the decimal text settleOnChain takes. */
const lamportsText = (lamports: bigint) =>
  `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`;

export async function startRelayStandIn(options: RelayStandInOptions): Promise<RelayStandIn> {
  const { evm, solana } = options;
  const weiPerLamport = options.weiPerLamport ?? 50_000_000n;
  const depositAddress = `0x${randomBytes(20).toString('hex')}`;
  const solanaDepositAddress = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
  const requests: RelayRequest[] = [];
  const hex = (value: bigint) => `0x${value.toString(16)}`;

  /** Relay's quote refusals carry a `message` (and an error code the client does not read). */
  const refuse = (res: ServerResponse, message: string, errorCode = 'INVALID_INPUT') =>
    json(res, 400, { message, errorCode });

  async function quote(req: IncomingMessage, res: ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readText(req)) as Record<string, unknown>;
    } catch {
      return refuse(res, 'Invalid JSON body');
    }
    if (body?.tradeType !== 'EXPECTED_OUTPUT')
      return refuse(res, 'Only EXPECTED_OUTPUT quotes are served here');
    if (body.originChainId === relaySolanaChainId) return quoteFromSolana(body, res);
    if (body.originChainId !== evm.chainId)
      return refuse(res, `Unsupported origin chain ${String(body.originChainId)}`, 'UNSUPPORTED_CHAIN');
    if (body.destinationChainId !== relaySolanaChainId)
      return refuse(
        res,
        `Unsupported destination chain ${String(body.destinationChainId)}`,
        'UNSUPPORTED_CHAIN',
      );
    if ((body.originCurrency ?? zeroAddress) !== zeroAddress)
      return refuse(res, 'Only the native currency is bridged here', 'UNSUPPORTED_CURRENCY');
    if (![zeroAddress, relaySolCurrency, undefined].includes(body.destinationCurrency as string))
      return refuse(res, 'Only SOL is bridged here', 'UNSUPPORTED_CURRENCY');
    if (!isEvmAddress(body.user))
      return refuse(res, `Invalid address ${String(body.user)}`, 'INVALID_ADDRESS');
    if (!isSolanaAddress(body.recipient))
      return refuse(res, `Invalid address ${String(body.recipient)}`, 'INVALID_ADDRESS');
    if (typeof body.amount !== 'string' || !/^[1-9]\d{0,18}$/.test(body.amount))
      return refuse(res, 'Amount must be a positive whole number of base units');
    const amount = BigInt(body.amount);
    const request: RelayRequest = {
      id: `0x${randomBytes(32).toString('hex')}`,
      origin: 'evm',
      user: body.user.toLowerCase(),
      recipient: body.recipient,
      amount,
      value: amount * weiPerLamport,
      status: null,
      inTxHash: null,
      outTxHash: null,
    };
    requests.push(request);
    watch();
    json(res, 200, {
      steps: [
        {
          id: 'deposit',
          action: 'Confirm transaction in your wallet',
          description: 'Depositing funds to the relayer to execute the swap for SOL',
          kind: 'transaction',
          requestId: request.id,
          items: [
            {
              status: 'incomplete',
              data: {
                from: body.user,
                to: depositAddress,
                value: request.value.toString(),
                chainId: evm.chainId,
                data: request.id,
              },
              check: { endpoint: `/intents/status?requestId=${request.id}`, method: 'GET' },
            },
          ],
        },
      ],
      details: {
        currencyIn: { amount: request.value.toString(), currency: { chainId: evm.chainId, symbol: 'ETH' } },
        currencyOut: { amount: amount.toString(), currency: { chainId: relaySolanaChainId, symbol: 'SOL' } },
      },
    });
  }

  /** A quote for ETH paid in SOL: one System Program transfer of the price to the Solana deposit key. */
  function quoteFromSolana(body: Record<string, unknown>, res: ServerResponse) {
    if (body.destinationChainId !== evm.chainId)
      return refuse(
        res,
        `Unsupported destination chain ${String(body.destinationChainId)}`,
        'UNSUPPORTED_CHAIN',
      );
    if ((body.originCurrency ?? relaySolCurrency) !== relaySolCurrency)
      return refuse(res, 'Only SOL is bridged from Solana here', 'UNSUPPORTED_CURRENCY');
    if ((body.destinationCurrency ?? zeroAddress) !== zeroAddress)
      return refuse(res, 'Only the native currency is bridged here', 'UNSUPPORTED_CURRENCY');
    if (!isSolanaAddress(body.user))
      return refuse(res, `Invalid address ${String(body.user)}`, 'INVALID_ADDRESS');
    if (!isEvmAddress(body.recipient))
      return refuse(res, `Invalid address ${String(body.recipient)}`, 'INVALID_ADDRESS');
    if (typeof body.amount !== 'string' || !/^[1-9]\d{0,30}$/.test(body.amount))
      return refuse(res, 'Amount must be a positive whole number of base units');
    const amount = BigInt(body.amount);
    const request: RelayRequest = {
      id: `0x${randomBytes(32).toString('hex')}`,
      origin: 'solana',
      user: body.user,
      recipient: body.recipient.toLowerCase(),
      amount,
      // The price rounds up to a whole lamport.
      value: (amount + weiPerLamport - 1n) / weiPerLamport,
      status: null,
      inTxHash: null,
      outTxHash: null,
    };
    requests.push(request);
    watch();
    // System Program Transfer: instruction 2 (u32 LE), then the lamports (u64 LE), as hex.
    const data = Buffer.alloc(12);
    data.writeUInt32LE(2, 0);
    data.writeBigUInt64LE(request.value, 4);
    json(res, 200, {
      steps: [
        {
          id: 'deposit',
          action: 'Confirm transaction in your wallet',
          description: 'Depositing funds to the relayer to execute the swap for ETH',
          kind: 'transaction',
          requestId: request.id,
          items: [
            {
              status: 'incomplete',
              data: {
                instructions: [
                  {
                    keys: [
                      { pubkey: body.user, isSigner: true, isWritable: true },
                      { pubkey: solanaDepositAddress, isSigner: false, isWritable: true },
                    ],
                    programId: relaySolCurrency,
                    data: data.toString('hex'),
                  },
                ],
              },
              check: { endpoint: `/intents/status?requestId=${request.id}`, method: 'GET' },
            },
          ],
        },
      ],
      details: {
        currencyIn: {
          amount: request.value.toString(),
          currency: { chainId: relaySolanaChainId, symbol: 'SOL' },
        },
        currencyOut: { amount: amount.toString(), currency: { chainId: evm.chainId, symbol: 'ETH' } },
      },
    });
  }

  /** The request as `GET /requests/v2` lists it. */
  const listed = (request: RelayRequest) => {
    const [inChain, outChain] =
      request.origin === 'evm' ? [evm.chainId, relaySolanaChainId] : [relaySolanaChainId, evm.chainId];
    return {
      id: request.id,
      status: request.status,
      user: request.user,
      recipient: request.recipient,
      data: {
        inTxs: request.inTxHash ? [{ hash: request.inTxHash, chainId: inChain }] : [],
        outTxs: request.outTxHash ? [{ hash: request.outTxHash, chainId: outChain }] : [],
      },
    };
  };

  // The node is read from the block after the last one seen, while a quote awaits its deposit.
  let nextBlock = BigInt((await evm.rpc('eth_blockNumber')) as string) + 1n;
  let watcher: NodeJS.Timeout | undefined;
  let closed = false;
  function watch() {
    if (watcher || closed) return;
    watcher = setInterval(() => void scan().catch(() => {}), options.watchMs ?? 200);
    watcher.unref();
  }
  let scanning = false;
  async function scan() {
    if (scanning) return;
    scanning = true;
    try {
      if (requests.some((request) => request.origin === 'solana' && request.status === null))
        await scanSolana();
      const head = BigInt((await evm.rpc('eth_blockNumber')) as string);
      for (; nextBlock <= head; nextBlock++) {
        const block = (await evm.rpc('eth_getBlockByNumber', [hex(nextBlock), true])) as {
          transactions: { hash: string; from: string; to: string | null; value: string; input: string }[];
        } | null;
        for (const tx of block?.transactions ?? []) await deposited(tx);
      }
      if (!requests.some((request) => request.status === null)) {
        clearInterval(watcher);
        watcher = undefined;
      }
    } finally {
      scanning = false;
    }
  }

  /** The Solana RPC's JSON-RPC, as any client reaches it. */
  async function solanaRpc<T>(method: string, params: unknown[]): Promise<T> {
    const response = await fetch(solana.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const reply = (await response.json()) as { result?: T; error?: { message: string } };
    if (reply.error) throw new Error(reply.error.message);
    return reply.result as T;
  }

  const seenSignatures = new Set<string>();
  /** The deposit key's new transactions: each successful one credits the first matching quote. */
  async function scanSolana() {
    const found = await solanaRpc<{ signature: string; err: unknown }[]>('getSignaturesForAddress', [
      solanaDepositAddress,
    ]);
    for (const { signature, err } of found.reverse()) {
      if (seenSignatures.has(signature)) continue;
      seenSignatures.add(signature);
      if (err) continue;
      const tx = await solanaRpc<{
        transaction: { message: { accountKeys: string[] } };
        meta: { err: unknown; preBalances: number[]; postBalances: number[] };
      } | null>('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]);
      if (!tx || tx.meta.err) continue;
      const keys = tx.transaction.message.accountKeys;
      const index = keys.indexOf(solanaDepositAddress);
      const paid = BigInt(tx.meta.postBalances[index] ?? 0) - BigInt(tx.meta.preBalances[index] ?? 0);
      // Credited only when it pays the quote in full, from the quoted user (the fee payer).
      const request = requests.find(
        (r) => r.origin === 'solana' && r.status === null && r.user === keys[0] && paid >= r.value,
      );
      if (!request) continue;
      request.inTxHash = signature;
      request.status = 'waiting';
      void settle(request, paid);
    }
  }

  async function deposited(tx: {
    hash: string;
    from: string;
    to: string | null;
    value: string;
    input: string;
  }) {
    if (tx.to?.toLowerCase() !== depositAddress) return;
    const request = requests.find(
      (r) => r.origin === 'evm' && r.status === null && r.id === tx.input.toLowerCase(),
    );
    // Relay credits a deposit to its request only when it pays the quote in full, from the quoted user.
    if (!request || tx.from.toLowerCase() !== request.user || BigInt(tx.value) < request.value) return;
    const receipt = (await evm.rpc('eth_getTransactionReceipt', [tx.hash])) as { status: string } | null;
    if (receipt?.status !== '0x1') return;
    request.inTxHash = tx.hash;
    request.status = 'waiting';
    void settle(request, BigInt(tx.value));
  }

  async function settle(request: RelayRequest, paid: bigint) {
    request.status = 'pending';
    const outcome = stand.outcome;
    try {
      if (request.origin === 'solana') {
        if (outcome === 'success') {
          request.outTxHash = await settleOnChain({ evm }, request.recipient, weiText(request.amount));
        } else if (outcome === 'refund') {
          // The SOL goes back less a fee, as a real refund comes; from the shim's faucet, which
          // stands in for the solver's key here.
          request.outTxHash = solana.airdrop(request.user, paid - 5000n);
        }
      } else if (outcome === 'success') {
        request.outTxHash = await settleOnChain({ solana }, request.recipient, lamportsText(request.amount));
      } else if (outcome === 'refund') {
        // The solver pays the deposit back from the deposit address (the node lets it send as it),
        // less the refund's own gas, as a real refund comes less fees.
        const gasPrice = BigInt((await evm.rpc('eth_gasPrice')) as string);
        await evm.rpc('hardhat_impersonateAccount', [depositAddress]);
        request.outTxHash = (await evm.rpc('eth_sendTransaction', [
          {
            from: depositAddress,
            to: request.user,
            value: hex(paid - 21_000n * gasPrice),
            gas: hex(21_000n),
            gasPrice: hex(gasPrice),
          },
        ])) as string;
      }
      request.status = outcome;
    } catch {
      request.status = 'failure';
    }
  }

  const server = await idleClosingServer(
    async (req, res, url) => {
      // Relay's API answers pages of any origin (the client quotes and polls from the browser); the
      // quote is a JSON POST, so the browser asks first (preflight).
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
          'access-control-max-age': '600',
        });
        return void res.end();
      }
      if (req.method === 'POST' && url.pathname === '/quote') return quote(req, res);
      if (req.method === 'GET' && url.pathname === '/requests/v2') {
        // EVM hashes in any case; Solana signatures (base58) exactly.
        const hash = url.searchParams.get('hash');
        const id = url.searchParams.get('id');
        const found = requests.filter(
          (r) => r.status && ((hash && [hash, hash.toLowerCase()].includes(r.inTxHash ?? '')) || r.id === id),
        );
        return json(res, 200, { requests: found.map(listed) });
      }
      if (req.method === 'GET' && url.pathname === '/intents/status/v2') {
        const request = requests.find((r) => r.id === url.searchParams.get('requestId'));
        if (!request) return json(res, 404, { message: 'Request not found', errorCode: 'REQUEST_NOT_FOUND' });
        return json(res, 200, {
          status: request.status ?? 'waiting',
          inTxHashes: request.inTxHash ? [request.inTxHash] : [],
          txHashes: request.outTxHash ? [request.outTxHash] : [],
          originChainId: request.origin === 'evm' ? evm.chainId : relaySolanaChainId,
          destinationChainId: request.origin === 'evm' ? relaySolanaChainId : evm.chainId,
        });
      }
      json(res, 404, { message: `No route ${req.method} ${url.pathname}` });
    },
    options.idleMs ?? 10 * 60_000,
  );

  const stand: RelayStandIn = {
    url: server.url,
    depositAddress,
    solanaDepositAddress,
    outcome: options.outcome ?? 'success',
    requests,
    close: async () => {
      closed = true;
      clearInterval(watcher);
      await server.close();
    },
  };
  return stand;
}
