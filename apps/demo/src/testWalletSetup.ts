/**
 * The demo's built-in test wallet: an Ethereum wallet (EIP-6963) and a Solana wallet (Wallet
 * Standard) that sign in the page with PUBLISHED keys, so wallet login (SIWE / SIWS) can be tried
 * without an extension. Switched on per browser (localStorage) before the SDK starts, so the SDK
 * finds it like an installed wallet. Never send anything of value to these addresses.
 */
import { installInPageTestWallets } from '@latchkey/test/wallets';

const storageKey = 'latchkey-demo:test-wallet';
export const testWalletName = 'Latchkey Test Wallet';
/** Hardhat's published development account #9: funded with 10,000 ETH on every Hardhat node. */
const ethereumKey = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
/** A published ed25519 seed (32 bytes of 0x4c, 'L'); the demo airdrops it SOL on the local cluster. */
const solanaSeed = new Uint8Array(32).fill(0x4c);

export function testWalletEnabled(): boolean {
  return localStorage.getItem(storageKey) === 'on';
}

/** Switches the test wallet on or off; the page reloads so the SDK sees the wallets come or go. */
export function setTestWalletEnabled(on: boolean): void {
  if (on) localStorage.setItem(storageKey, 'on');
  else localStorage.removeItem(storageKey);
  window.location.reload();
}

export interface TestWalletAddresses {
  ethereum: string;
  solana: string;
}

/** Installs the wallets when switched on (call before the SDK renders); their addresses, or null. */
export function installTestWalletIfEnabled(): TestWalletAddresses | null {
  if (!testWalletEnabled()) return null;
  const installed = installInPageTestWallets({
    ethereum: { name: testWalletName, rdns: 'dev.latchkey.demo.testwallet', privateKey: ethereumKey },
    solana: { name: testWalletName, secretKey: solanaSeed },
  });
  return { ethereum: installed.ethereumAddress, solana: installed.solanaAddress };
}
