import type { FrameContext } from '../frame-context.ts';
import type { RequestData } from '../request-data.ts';
import {
  importedKeyConnect,
  importedKeyRpc,
  importedKeySetRecovery,
  orImportedKey,
} from './imported-key-handlers.ts';
import { ready } from './ready.ts';
import { solanaWalletCreate } from './solana-wallet-create.ts';
import { walletCreate } from './wallet-create.ts';
import { walletsAdd } from './wallets-add.ts';
import { walletsCheckPassword } from './wallets-check-password.ts';
import { walletsConnect } from './wallets-connect.ts';
import { walletsEnrollDevice } from './wallets-enroll-device.ts';
import { walletsImport } from './wallets-import.ts';
import { walletsRecover } from './wallets-recover.ts';
import { walletsRpc } from './wallets-rpc.ts';
import { walletsSetRecovery } from './wallets-set-recovery.ts';

export type Handler = (ctx: FrameContext, data: RequestData) => Promise<object>;

/** The WIRE §6 events this frame answers, by event name. */
export const handlers: Readonly<Record<string, Handler>> = {
  'privy:iframe:ready': ready,
  'privy:wallet:create': walletCreate,
  'privy:solana-wallet:create': solanaWalletCreate,
  'privy:wallets:add': walletsAdd,
  'privy:wallets:connect': orImportedKey(walletsConnect, importedKeyConnect),
  'privy:wallets:recover': walletsRecover,
  'privy:wallets:set-recovery': orImportedKey(walletsSetRecovery, importedKeySetRecovery),
  'privy:wallets:rpc': orImportedKey(walletsRpc, importedKeyRpc),
  'privy:wallets:import': walletsImport,
  // Latchkey's own: the modal checks a wallet's current password before it asks for a new one, and
  // the SDK enrolls the device right after a login.
  'privy:wallets:check-recovery-password': walletsCheckPassword,
  'privy:wallets:enroll-device': walletsEnrollDevice,
};

/** Creates that the host may send twice while the first is still running (WIRE §6): both get one result. */
export const deduplicatedEvents: ReadonlySet<string> = new Set([
  'privy:wallet:create',
  'privy:wallets:add',
  'privy:solana-wallet:create',
]);
