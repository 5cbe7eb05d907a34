import { type FundingProviderName, fundingProviderEnabled, fundingSettingFields } from '@latchkey/protocol';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import type { AppSettingsDeclaration } from '../app-config/feature-settings.ts';
import { openAppSettingSecret } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { parseCdpPrivateKey } from './cdp-jwt.ts';

/** The app settings of the two card providers (protocol names them for the dashboard too). */
export const fundingFields = fundingSettingFields;

const cdpPrivateKey = z
  .string()
  .max(4000)
  .refine((value) => {
    try {
      parseCdpPrivateKey(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be a CDP private key: a PEM EC key (ES256) or a base64 Ed25519 key')
  .nullable();

export const fundingAppSettings: AppSettingsDeclaration = {
  fields: {
    [fundingFields.cdpKeyName]: z
      .string()
      .min(1)
      .max(300)
      .regex(/^[\w./:-]+$/, 'must be a CDP API key name')
      .nullable(),
    [fundingFields.cdpPrivateKey]: cdpPrivateKey,
    [fundingFields.moonpayPublishableKey]: z
      .string()
      .max(200)
      .regex(/^pk_\w+$/, 'must be a MoonPay publishable key (pk_…)')
      .nullable(),
    [fundingFields.moonpaySecretKey]: z
      .string()
      .max(200)
      .regex(/^sk_\w+$/, 'must be a MoonPay secret key (sk_…)')
      .nullable(),
  },
  defaults: {
    [fundingFields.cdpKeyName]: null,
    [fundingFields.cdpPrivateKey]: null,
    [fundingFields.moonpayPublishableKey]: null,
    [fundingFields.moonpaySecretKey]: null,
  },
  secrets: [
    { field: fundingFields.cdpPrivateKey, label: 'Coinbase CDP API private key' },
    { field: fundingFields.moonpaySecretKey, label: 'MoonPay secret key' },
  ],
};

/** Spec document 2 §5's message when the app cannot fund: the providers' keys are not set. */
export const fundingNotEnabled = 'Wallet funding is not enabled';

const setting = (app: AppRecord, field: string) => {
  const value = (app.settings as unknown as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
};

export interface CdpCredentials {
  keyName: string;
  privateKey: string;
}

/**
 * Refuses `feature_not_enabled` unless the app's `funding_config` turns `provider` on (spec document
 * 2 §5): keys left in the settings of a provider the app turned off are not used.
 */
export function assertProviderEnabled(app: AppRecord, provider: FundingProviderName): void {
  if (!fundingProviderEnabled(app.config.funding_config, provider))
    throw new ApiError('feature_not_enabled', fundingNotEnabled);
}

/** The app's CDP key, opened; refused `feature_not_enabled` when either half is unset. */
export function cdpCredentialsOf(ctx: ServerContext, app: AppRecord): CdpCredentials {
  const keyName = setting(app, fundingFields.cdpKeyName);
  const privateKey = keyName ? openAppSettingSecret(ctx, app, fundingFields.cdpPrivateKey) : null;
  if (!keyName || !privateKey) throw new ApiError('feature_not_enabled', fundingNotEnabled);
  return { keyName, privateKey };
}

export interface MoonpayCredentials {
  publishableKey: string;
  secretKey: string;
}

/** The app's MoonPay keys, the secret one opened; refused `feature_not_enabled` when either is unset. */
export function moonpayCredentialsOf(ctx: ServerContext, app: AppRecord): MoonpayCredentials {
  const publishableKey = setting(app, fundingFields.moonpayPublishableKey);
  const secretKey = publishableKey ? openAppSettingSecret(ctx, app, fundingFields.moonpaySecretKey) : null;
  if (!publishableKey || !secretKey) throw new ApiError('feature_not_enabled', fundingNotEnabled);
  return { publishableKey, secretKey };
}
