import { type DelegationReason, delegationLimits } from '@latchkey/protocol';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import type { AppSettingsDeclaration } from '../app-config/feature-settings.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * An app's delegated-actions settings (the admin API, the dashboard and the CLI take them with the
 * rest). Whether the quorum and the policy are the app's is checked at each consent, as a server
 * wallet's signers are: an app may set them before it makes them, and delete them afterwards.
 * - `delegated_actions_signer_id`: the key quorum of the app's backend that may sign for delegated
 *   wallets; null turns delegation off (consent is refused `feature_not_enabled`).
 * - `delegated_actions_policy_ids`: the policies that bound what that quorum may sign (at most one).
 * - `delegated_actions_ttl_seconds`: how long a delegation lasts; null: until revoked.
 */
export const delegatedActionsSettings: AppSettingsDeclaration = {
  fields: {
    delegated_actions_signer_id: z.string().min(1).max(100).nullable(),
    delegated_actions_policy_ids: z.array(z.string().min(1).max(100)).max(1).nullable(),
    delegated_actions_ttl_seconds: z.number().int().min(1).max(delegationLimits.maxTtlSeconds).nullable(),
  },
  defaults: {
    delegated_actions_signer_id: null,
    delegated_actions_policy_ids: null,
    delegated_actions_ttl_seconds: null,
  },
};

export interface DelegationSettings {
  signerId: string | null;
  policyIds: string[];
  ttlSeconds: number | null;
}

/** The app's settings as the consent reads them (stored apps may predate them: the defaults). */
export function delegationSettingsOf(app: AppRecord): DelegationSettings {
  const settings = app.settings as {
    delegated_actions_signer_id?: string | null;
    delegated_actions_policy_ids?: string[] | null;
    delegated_actions_ttl_seconds?: number | null;
  };
  return {
    signerId: settings.delegated_actions_signer_id ?? null,
    policyIds: settings.delegated_actions_policy_ids ?? [],
    ttlSeconds: settings.delegated_actions_ttl_seconds ?? null,
  };
}

/**
 * Delegation needs the app's signer; the background migration (spec document 2 §4) does not when the
 * app runs its embedded wallets as user-controlled server wallets: the user owns them either way.
 * `frame/delegation/init` asks with `migration` (it does not know the reason yet): refused there, a
 * frame learns it before it releases any share for nothing.
 */
export function assertEnabled(app: AppRecord, settings: DelegationSettings, reason: DelegationReason): void {
  if (settings.signerId) return;
  const migrationMode = app.config.embedded_wallet_config?.mode === 'user-controlled-server-wallets-only';
  if (reason === 'migration' && migrationMode) return;
  throw new ApiError('feature_not_enabled', 'Delegated actions are not enabled for this app.');
}
