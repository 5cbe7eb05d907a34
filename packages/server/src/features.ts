import type { Migration } from 'kysely';
import type { AccountTypeDescriptor } from './accounts/account-type.ts';
import type { UserDeletionStep } from './accounts/delete-user.ts';
import { adminFeature } from './admin/feature.ts';
import { analyticsFeature } from './analytics/feature.ts';
import type { AppSettingsDeclaration } from './app-config/feature-settings.ts';
import { appsFeature } from './apps/feature.ts';
import { customJwtFeature } from './custom-jwt/feature.ts';
import { dashboardFeature } from './dashboard/feature.ts';
import { delegatedActionsFeature } from './delegated-actions/feature.ts';
import { emailFeature } from './email/feature.ts';
import { embeddedWalletsFeature } from './embedded-wallets/feature.ts';
import { farcasterFeature } from './farcaster/feature.ts';
import type { Feature } from './feature.ts';
import { fundingFeature } from './funding/feature.ts';
import { guestFeature } from './guest/feature.ts';
import { healthFeature } from './health/feature.ts';
import { mfaFeature } from './mfa/feature.ts';
import { oauthFeature } from './oauth/feature.ts';
import { observabilityFeature } from './observability/feature.ts';
import { openApiFeature } from './openapi/feature.ts';
import { passkeysFeature } from './passkeys/feature.ts';
import { serverWalletsFeature } from './server-wallets/feature.ts';
import { sessionsFeature } from './sessions/feature.ts';
import { siweFeature } from './siwe/feature.ts';
import { siwsFeature } from './siws/feature.ts';
import { smsFeature } from './sms/feature.ts';
import { foundationSweeps, type SweepEntry } from './storage/retention.ts';
import { telegramFeature } from './telegram/feature.ts';
import { usersFeature } from './users/feature.ts';
import { usersApiFeature } from './users-api/feature.ts';
import { walletFrameFeature } from './wallet-frame/feature.ts';
import { webhooksFeature } from './webhooks/feature.ts';

/** The server's features, in the order their routes are registered (app.ts) and their migrations run. */
export const features: Feature[] = [
  healthFeature,
  appsFeature,
  adminFeature,
  walletFrameFeature,
  sessionsFeature,
  usersFeature,
  analyticsFeature,
  emailFeature,
  smsFeature,
  guestFeature,
  customJwtFeature,
  siweFeature,
  siwsFeature,
  oauthFeature,
  embeddedWalletsFeature,
  passkeysFeature,
  telegramFeature,
  farcasterFeature,
  mfaFeature,
  usersApiFeature,
  serverWalletsFeature,
  delegatedActionsFeature,
  fundingFeature,
  webhooksFeature,
  dashboardFeature,
  observabilityFeature,
  openApiFeature,
];

/** The features' own migrations, in feature order: storage runs them after the foundation's. */
export const featureMigrations = (): Record<string, Migration>[] =>
  features.flatMap((feature) => (feature.migrations ? [feature.migrations] : []));

/** What the retention sweep deletes: the foundation's entries, then every feature's, in feature order. */
export const sweepEntries = (from: readonly Feature[] = features): SweepEntry[] => [
  ...foundationSweeps,
  ...from.flatMap((feature) => feature.sweeps ?? []),
];

/** The account types the features own (app.ts installs them before serving). */
export const featureAccountTypes = (from: readonly Feature[] = features): AccountTypeDescriptor[] =>
  from.flatMap((feature) => feature.accountTypes ?? []);

/** The app settings the features declare (app.ts installs them before serving). */
export const featureAppSettings = (from: readonly Feature[] = features): AppSettingsDeclaration[] =>
  from.flatMap((feature) => (feature.appSettings ? [feature.appSettings] : []));

/** What the features delete with a user (app.ts installs them before serving). */
export const featureUserDeletionSteps = (from: readonly Feature[] = features): UserDeletionStep[] =>
  from.flatMap((feature) => (feature.deletesWithUser ? [feature.deletesWithUser] : []));
