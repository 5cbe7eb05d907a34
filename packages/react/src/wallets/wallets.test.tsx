import type { AvailableWallet, WalletConnectionState } from '@latchkey/core';
import { pickerChains, pickerWallets } from '@latchkey/core/modal';
import { defaultAppConfig } from '@latchkey/protocol';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LatchkeyProvider, useConnectWallet, useLatchkey, useSolanaWallets, useWallets } from '../index.ts';
import { walletStatusText } from '../screens/wallets/WalletConnectingScreen.tsx';
import { filterWallets } from '../screens/wallets/walletSearch.ts';

const provider = { request: async () => null };
const solana = { name: 'Phantom', icon: '', chains: ['solana:mainnet'], features: {}, accounts: [] };
const wallet = (id: string, name: string, extra: Partial<AvailableWallet> = {}): AvailableWallet => ({
  id,
  name,
  icon: '',
  walletClientType: name.toLowerCase().replace(/\s+/g, '_'),
  ethereum: provider,
  ...extra,
});

describe('wallet picker rows', () => {
  it('keeps wallets on the allowed chains and suggests missing ones to install', () => {
    const available = [
      wallet('dev.test', 'Test Wallet'),
      wallet('app.phantom', 'Phantom', { solana }),
      wallet('solflare', 'Solflare', { ethereum: undefined, solana: { ...solana, name: 'Solflare' } }),
    ];
    const eth = pickerWallets({ available }, ['ethereum']);
    expect(eth.map((w) => [w.id, w.chains.join('+'), w.installed])).toEqual([
      ['dev.test', 'ethereum', true],
      ['app.phantom', 'ethereum', true],
      ['io.metamask', 'ethereum', false],
    ]);
    const both = pickerWallets({ available }, ['ethereum', 'solana']);
    expect(both.find((w) => w.id === 'app.phantom')?.chains).toEqual(['ethereum', 'solana']);
    const sol = pickerWallets({ available: [] }, ['solana']);
    expect(sol.map((w) => w.id)).toEqual(['app.phantom']);
    expect(sol[0]?.installed).toBe(false);
  });

  it('searches labels case-insensitively', () => {
    const rows = [{ name: 'MetaMask' }, { name: 'Rabby' }, { name: 'Test Wallet 3' }];
    expect(filterWallets(rows, 'meta').map((w) => w.name)).toEqual(['MetaMask']);
    expect(filterWallets(rows, 'WALLET').map((w) => w.name)).toEqual(['Test Wallet 3']);
    expect(filterWallets(rows, 'zzz')).toEqual([]);
    expect(filterWallets(rows, ' ')).toHaveLength(3);
  });

  it('derives the chains from the option or the app config', () => {
    expect(pickerChains('solana-only', null)).toEqual(['solana']);
    expect(
      pickerChains(undefined, { ...defaultAppConfig, wallet_auth: true, solana_wallet_auth: true } as never),
    ).toEqual(['ethereum', 'solana']);
    expect(pickerChains(undefined, null)).toEqual(['ethereum']);
  });

  it('words each connection state as the spec does', () => {
    const at = (status: WalletConnectionState['status'], retries = 0, error: string | null = null) =>
      walletStatusText({ status, retries, error }, 'MetaMask');
    expect(at('connecting')).toBe('Waiting for MetaMask');
    expect(at('switching_to_supported_chain')).toBe('Switching networks');
    expect(at('connected')).toBe('Sign to verify');
    expect(at('signing')).toBe('Signing');
    expect(at('signed')).toBe('Successfully connected with MetaMask');
    expect(at('error', 1, 'The user rejected the request.')).toBe('The user rejected the request.');
    expect(at('error', 2, 'The user rejected the request.')).toBe('Unable to connect wallet');
  });
});

function Page() {
  const { wallets, ready } = useWallets();
  const solanaWallets = useSolanaWallets();
  const { connectWallet } = useConnectWallet();
  const { linkWallet, unlinkWallet } = useLatchkey();
  return (
    <p>{`ready=${ready} eth=${wallets.length} sol=${solanaWallets.wallets.length} ${typeof connectWallet} ${typeof linkWallet} ${typeof unlinkWallet}`}</p>
  );
}

describe('wallet hooks', () => {
  it('render on the server with no wallets and no wallet code loaded', () => {
    const html = renderToString(
      <LatchkeyProvider appId="abcdefghijklmnopqrstuvwxy" apiUrl="http://127.0.0.1:9">
        <Page />
      </LatchkeyProvider>,
    );
    expect(html).toContain('ready=false eth=0 sol=0 function function function');
  });
});
