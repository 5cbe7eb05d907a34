import {
  deduplicatedFrameEvents,
  type FrameEventName,
  type FrameResponseOf,
  frameEvents,
} from '@latchkey/protocol';
import type { FrameContext } from '../frame-context.ts';
import type { RequestData } from '../request-data.ts';
import { authUnlinkPasskey } from './auth-unlink-passkey.ts';
import { delegatedActionsConsent } from './delegated-actions-consent.ts';
import { farcasterInitSigner, farcasterSignMessage } from './farcaster-signer.ts';
import {
  importedKeyConnect,
  importedKeyRpc,
  importedKeySetRecovery,
  orImportedKey,
} from './imported-key-handlers.ts';
import { mfaClear } from './mfa-clear.ts';
import { mfaInitEnrollment, mfaSubmitEnrollment, mfaUnenroll } from './mfa-enrollment.ts';
import { mfaVerify } from './mfa-verify.ts';
import { ready } from './ready.ts';
import { solanaWalletCreate } from './solana-wallet-create.ts';
import { userSignerSign } from './user-signer-sign.ts';
import { walletCreate } from './wallet-create.ts';
import { walletsAdd } from './wallets-add.ts';
import { walletsCheckPassword } from './wallets-check-password.ts';
import { walletsConnect } from './wallets-connect.ts';
import { walletsEnrollDevice } from './wallets-enroll-device.ts';
import { walletsImport } from './wallets-import.ts';
import { walletsLock } from './wallets-lock.ts';
import { walletsRecover } from './wallets-recover.ts';
import { walletsRpc } from './wallets-rpc.ts';
import { walletsSetRecovery } from './wallets-set-recovery.ts';

/** Answers one event; the request data is unchecked (it comes from the host page). */
export type Handler<E extends FrameEventName = FrameEventName> = (
  ctx: FrameContext,
  data: RequestData,
) => Promise<FrameResponseOf<E>>;

/**
 * The WIRE §6 events this frame answers, one handler for each event of protocol's event map, each
 * answering that event's reply type.
 */
export const handlers: { readonly [E in FrameEventName]: Handler<E> } = {
  [frameEvents.ready]: ready,
  [frameEvents.walletCreate]: walletCreate,
  [frameEvents.solanaWalletCreate]: solanaWalletCreate,
  [frameEvents.walletsAdd]: walletsAdd,
  [frameEvents.walletsConnect]: orImportedKey(walletsConnect, importedKeyConnect),
  [frameEvents.walletsRecover]: walletsRecover,
  [frameEvents.walletsSetRecovery]: orImportedKey(walletsSetRecovery, importedKeySetRecovery),
  [frameEvents.walletsRpc]: orImportedKey(walletsRpc, importedKeyRpc),
  [frameEvents.walletsImport]: walletsImport,
  [frameEvents.walletsCheckRecoveryPassword]: walletsCheckPassword,
  [frameEvents.walletsEnrollDevice]: walletsEnrollDevice,
  [frameEvents.walletsLock]: walletsLock,
  [frameEvents.mfaVerify]: mfaVerify,
  [frameEvents.mfaInitEnrollment]: mfaInitEnrollment,
  [frameEvents.mfaSubmitEnrollment]: mfaSubmitEnrollment,
  [frameEvents.mfaUnenroll]: mfaUnenroll,
  [frameEvents.mfaClear]: mfaClear,
  [frameEvents.authUnlinkPasskey]: authUnlinkPasskey,
  [frameEvents.delegatedActionsConsent]: delegatedActionsConsent,
  [frameEvents.userSignerSign]: userSignerSign,
  [frameEvents.farcasterInitSigner]: farcasterInitSigner,
  [frameEvents.farcasterSign]: farcasterSignMessage,
};

/** Creates that the host may send twice while the first is still running (WIRE §6): both get one result. */
export const deduplicatedEvents: ReadonlySet<string> = new Set(deduplicatedFrameEvents);
