/**
 * `@latchkey/core/delegation`: delegated actions and session signers (spec document 2 §3, §4). Loaded
 * on first use (the hooks import it dynamically); the client starts the background migration from here.
 */
export type {
  DelegationClient,
  DelegationContext,
  DelegationFrame,
  DelegationRootTarget,
} from './context.ts';
export { clientDelegationContext, delegationProxyWaitMs } from './context.ts';
export { type DelegateWalletParameters, delegateWallet, revokeWallets } from './delegated-actions.ts';
export { type MigrationLedger, migrateRootWallet, storageLedger } from './migration.ts';
export { addSessionSigners, removeSessionSigners, type SessionSigner } from './session-signers.ts';
export { assertRevocable, delegatedWallets, delegationMessages, delegationTarget } from './targets.ts';
