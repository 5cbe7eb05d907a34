/**
 * Test funds for the demo's wallets on the local chains `npm start` runs (Hardhat's 31337, the
 * litesvm shim), so a fresh embedded wallet can send at once. Only ever against a loopback RPC, and
 * on EVM only once the node says it is chain 31337: `hardhat_setBalance` and `requestAirdrop` exist
 * on no real network, but a misconfigured URL must not even be asked.
 */
import { localChainId } from './chains.ts';

/** Below this a wallet is topped up; to this much. */
export const ethFunding = { minimum: 10n ** 18n, amount: 10n * 10n ** 18n };
export const solFunding = { minimum: 1_000_000_000n, amount: 10_000_000_000n };

export type FundingChain = 'ethereum' | 'solana';

export interface Funding {
  /** 'topped-up' when this call added funds, 'enough' when the wallet already had them. */
  outcome: 'topped-up' | 'enough';
  /** The balance afterwards, in wei or lamports. */
  balance: bigint;
}

/** Whether `url` is on this machine (false for text that is no URL). */
export function isLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Tops `address` up on the local EVM chain when it holds less than `ethFunding.minimum`. */
export async function fundOnLocalEvm(rpcUrl: string, address: string): Promise<Funding> {
  if (!isLoopback(rpcUrl)) throw new Error(`Not a local chain: ${rpcUrl}`);
  const chainId = Number(await rpc(rpcUrl, 'eth_chainId', []));
  if (chainId !== localChainId) throw new Error(`The local node is chain ${chainId}, not ${localChainId}`);
  const balance = BigInt(String(await rpc(rpcUrl, 'eth_getBalance', [address, 'latest'])));
  if (balance >= ethFunding.minimum) return { outcome: 'enough', balance };
  await rpc(rpcUrl, 'hardhat_setBalance', [address, `0x${ethFunding.amount.toString(16)}`]);
  return { outcome: 'topped-up', balance: ethFunding.amount };
}

/** The wallet's balance now, in wei or lamports: the demo shows it live after funding. */
export async function localBalance(chain: FundingChain, rpcUrl: string, address: string): Promise<bigint> {
  if (!isLoopback(rpcUrl)) throw new Error(`Not a local chain: ${rpcUrl}`);
  if (chain === 'ethereum') return BigInt(String(await rpc(rpcUrl, 'eth_getBalance', [address, 'latest'])));
  return BigInt(((await rpc(rpcUrl, 'getBalance', [address])) as { value: number | string }).value);
}

/** Airdrops SOL to `address` on the local cluster when it holds less than `solFunding.minimum`. */
export async function fundOnLocalSolana(rpcUrl: string, address: string): Promise<Funding> {
  if (!isLoopback(rpcUrl)) throw new Error(`Not a local cluster: ${rpcUrl}`);
  const lamports = async () =>
    BigInt(((await rpc(rpcUrl, 'getBalance', [address])) as { value: number | string }).value);
  const balance = await lamports();
  if (balance >= solFunding.minimum) return { outcome: 'enough', balance };
  await rpc(rpcUrl, 'requestAirdrop', [address, Number(solFunding.amount)]);
  return { outcome: 'topped-up', balance: await lamports() };
}

/** `10 ETH`, `0.5 SOL`: a balance in whole units, up to 4 decimals. */
export function formatBalance(chain: FundingChain, balance: bigint): string {
  const decimals = chain === 'ethereum' ? 18 : 9;
  const unit = 10n ** BigInt(decimals);
  const fraction = ((balance % unit) * 10_000n) / unit;
  const text = `${balance / unit}${fraction ? `.${fraction.toString().padStart(4, '0').replace(/0+$/, '')}` : ''}`;
  return `${text} ${chain === 'ethereum' ? 'ETH' : 'SOL'}`;
}
