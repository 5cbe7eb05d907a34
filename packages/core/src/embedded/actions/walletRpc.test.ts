import { describe, expect, it } from 'vitest';
import {
  eth0,
  eth1,
  eth2,
  failure,
  notOnDevice,
  sol0,
  walletAccount,
  world,
} from '../../../test/embedded-world.ts';
import { createEmbeddedWallets } from '../embedded-wallets.ts';
import { EmbeddedWalletError } from '../errors.ts';

describe('signing through the frame', () => {
  it('sends the wallet’s HD index, and several calls on a new device share one recovery', async () => {
    let onDevice = false;
    const w = world([walletAccount('ethereum', eth0, 0), walletAccount('ethereum', eth1, 1)], {
      'privy:wallets:rpc': (data) => {
        if (!onDevice) notOnDevice();
        return {
          address: eth1,
          chainType: 'ethereum',
          response: { method: 'personal_sign', data: `0xsig${data.hdWalletIndex}` },
        };
      },
      'privy:wallets:recover': async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        onDevice = true;
        return { entropyId: eth0 };
      },
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const request = { method: 'personal_sign', params: ['0x68', eth1] };
    const results = await Promise.all([
      wallets.rpc(eth1.toLowerCase(), 'ethereum', request),
      wallets.rpc(eth1, 'ethereum', request),
    ]);
    expect(results).toEqual(['0xsig1', '0xsig1']);
    expect(w.events().filter((e) => e === 'privy:wallets:recover')).toHaveLength(1);
    expect(w.requests.at(-1)!.data).toEqual({
      accessToken: 'access-token',
      entropyId: eth0,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 1,
      request,
    });
    expect((await failure(wallets.rpc(eth2, 'ethereum', request))).message).toBe(
      'No wallet found for address',
    );
  });

  it('gives one EIP-1193 provider per wallet, confirming through the installed hook', async () => {
    const w = world([walletAccount('ethereum', eth0, 0)], {
      'privy:wallets:rpc': () => ({ response: { method: 'personal_sign', data: '0xsig' } }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    const provider = wallets.getEthereumProvider(eth0.toLowerCase());
    expect(wallets.getEthereumProvider(eth0)).toBe(provider);
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([eth0]);
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', eth0] })).resolves.toBe(
      '0xsig',
    );
    const asked: string[] = [];
    wallets.setConfirm(async (r) => {
      asked.push(r.method);
      throw new Error('cancel');
    });
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', eth0] })).rejects.toMatchObject(
      {
        code: 4001,
      },
    );
    expect(asked).toEqual(['personal_sign']);
    expect(w.events()).toEqual(['privy:wallets:rpc']);
    expect(() => wallets.getEthereumProvider(eth1)).toThrow(EmbeddedWalletError);
    const events: unknown[] = [];
    provider.on('accountsChanged', (a: string[]) => events.push(a));
    wallets.destroy();
    expect(events).toEqual([[]]);
    expect(w.destroyed()).toBe(1);
  });

  it('signs a Solana message: base64 to the frame and back', async () => {
    const signature = new Uint8Array(64).map((_, i) => i);
    const w = world([walletAccount('solana', sol0, 0)], {
      'privy:wallets:rpc': () => ({
        response: { method: 'signMessage', data: { signature: Buffer.from(signature).toString('base64') } },
      }),
    });
    const wallets = createEmbeddedWallets({ session: w.session, proxy: w.proxy });
    await expect(wallets.signSolanaMessage(sol0, new TextEncoder().encode('hello'))).resolves.toEqual(
      signature,
    );
    expect(w.requests[0]!.data.request).toEqual({ method: 'signMessage', params: { message: 'aGVsbG8=' } });
    expect(w.requests[0]!.data.entropyIdVerifier).toBe('solana-address-verifier');
    expect((await failure(wallets.signSolanaMessage(sol0, new Uint8Array()))).message).toBe(
      'Message must be a non-empty string',
    );
  });
});
