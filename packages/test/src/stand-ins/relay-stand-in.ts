import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  user: string;
  recipient: string;
  /** Lamports the recipient gets. */
  amount: bigint;
  /** Wei the deposit must carry. */
  value: bigint;
  status: RelayStatus | null;
  inTxHash: string | null;
  outTxHash: string | null;
}

export interface RelayStandIn {
  url: string;
  /** Where the quotes' deposits go: the bridge's solver on the Hardhat node. */
  depositAddress: string;
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

/** `1500000000` lamports → `1.5`: the decimal text settleOnChain takes. */
const lamportsText = (lamports: bigint) =>
  `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`;

export async function startRelayStandIn(options: RelayStandInOptions): Promise<RelayStandIn> {
  const { evm, solana } = options;
  const weiPerLamport = options.weiPerLamport ?? 50_000_000n;
  const depositAddress = `0x${randomBytes(20).toString('hex')}`;
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

  /** The request as `GET /requests/v2` lists it. */
  const listed = (request: RelayRequest) => ({
    id: request.id,
    status: request.status,
    user: request.user,
    recipient: request.recipient,
    data: {
      inTxs: request.inTxHash ? [{ hash: request.inTxHash, chainId: evm.chainId }] : [],
      outTxs: request.outTxHash ? [{ hash: request.outTxHash, chainId: relaySolanaChainId }] : [],
    },
  });

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

  async function deposited(tx: {
    hash: string;
    from: string;
    to: string | null;
    value: string;
    input: string;
  }) {
    if (tx.to?.toLowerCase() !== depositAddress) return;
    const request = requests.find((r) => r.status === null && r.id === tx.input.toLowerCase());
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
      if (outcome === 'success') {
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
        const hash = url.searchParams.get('hash')?.toLowerCase();
        const id = url.searchParams.get('id');
        const found = requests.filter((r) => r.status && (r.inTxHash === hash || r.id === id));
        return json(res, 200, { requests: found.map(listed) });
      }
      if (req.method === 'GET' && url.pathname === '/intents/status/v2') {
        const request = requests.find((r) => r.id === url.searchParams.get('requestId'));
        if (!request) return json(res, 404, { message: 'Request not found', errorCode: 'REQUEST_NOT_FOUND' });
        return json(res, 200, {
          status: request.status ?? 'waiting',
          inTxHashes: request.inTxHash ? [request.inTxHash] : [],
          txHashes: request.outTxHash ? [request.outTxHash] : [],
          originChainId: evm.chainId,
          destinationChainId: relaySolanaChainId,
        });
      }
      json(res, 404, { message: `No route ${req.method} ${url.pathname}` });
    },
    options.idleMs ?? 10 * 60_000,
  );

  const stand: RelayStandIn = {
    url: server.url,
    depositAddress,
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
