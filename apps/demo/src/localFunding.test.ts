import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBalance, fundOnLocalEvm, fundOnLocalSolana, isLoopback } from './localFunding.ts';

describe('local funding only ever asks a local chain', () => {
  // A JSON-RPC endpoint on 127.0.0.1 that claims to be mainnet (chain 1) and records every method.
  const methods: string[] = [];
  let url = '';
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const { method } = JSON.parse(body) as { method: string };
      methods.push(method);
      const result = method === 'eth_chainId' ? '0x1' : method === 'eth_getBalance' ? '0x0' : null;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a node that is not chain 31337, before any hardhat_ method', async () => {
    await expect(fundOnLocalEvm(url, `0x${'11'.repeat(20)}`)).rejects.toThrow(
      'The local node is chain 1, not 31337',
    );
    expect(methods).toEqual(['eth_chainId']);
  });

  it('refuses an RPC that is not on this machine without calling it', async () => {
    expect(isLoopback('http://localhost:8545')).toBe(true);
    expect(isLoopback('https://eth.merkle.io')).toBe(false);
    await expect(fundOnLocalEvm('https://eth.merkle.io', `0x${'11'.repeat(20)}`)).rejects.toThrow(
      'Not a local chain',
    );
    await expect(
      fundOnLocalSolana('https://api.mainnet-beta.solana.com', '11111111111111111111111111111111'),
    ).rejects.toThrow('Not a local cluster');
  });

  it('shows balances in whole coins', () => {
    expect(formatBalance('ethereum', 10n * 10n ** 18n)).toBe('10 ETH');
    expect(formatBalance('solana', 1_500_000_000n)).toBe('1.5 SOL');
  });
});
