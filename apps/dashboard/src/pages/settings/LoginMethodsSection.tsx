import { useContext } from 'react';
import { Check, FormContext, NumberField, Text } from '../../form.tsx';
import { FarcasterIdentityCard } from './FarcasterIdentityCard.tsx';

/** How users log in, besides the social providers: codes, wallets, passkeys, and the like. */
export function LoginMethodsSection({ appId }: { appId: string }) {
  const { draft } = useContext(FormContext)!;
  return (
    <>
      <section className="card">
        <h3>Methods</h3>
        <div className="checks">
          <Check path="email_auth" label="Email" />
          <Check path="sms_auth" label="SMS" />
          <Check path="whatsapp_enabled" label="WhatsApp codes" />
          <Check path="wallet_auth" label="Ethereum wallet" />
          <Check path="solana_wallet_auth" label="Solana wallet" />
          <Check path="external_wallets_for_signup_enabled" label="External wallets may sign up" />
          <Check path="passkey_auth" label="Passkey" />
          <Check path="passkeys_for_signup_enabled" label="Passkeys may sign up" />
          <Check path="farcaster_auth" label="Farcaster" />
          <Check path="farcaster_link_wallets_enabled" label="Link Farcaster wallets" />
          <Check path="telegram_auth" label="Telegram" />
          <Check path="guest_auth" label="Guest" />
          <Check path="custom_jwt_auth" label="Custom token (JWT)" />
        </div>
        <p className="muted">Google, Apple, Discord and the other OAuth logins: Social providers.</p>
      </section>
      <section className="card">
        <h3>Accounts</h3>
        <div className="checks">
          <Check path="disable_plus_emails" label="Refuse plus-addressed emails" />
          <Check path="merge_accounts_by_email" label="Merge accounts by email" />
        </div>
        <NumberField
          path="max_linked_wallets_per_user"
          label="Max linked wallets per user"
          hint="Empty: no limit"
        />
      </section>
      {draft.custom_jwt_auth === true && (
        <section className="card">
          <h3>Custom token verification</h3>
          <Text
            path="custom_jwt_jwks_url"
            label="JWKS URL"
            nullable
            placeholder="https://…/.well-known/jwks.json"
          />
          <Text path="custom_jwt_verification_key" label="Verification key (PEM)" nullable />
          <Text path="custom_jwt_issuer" label="Issuer" nullable />
          <Text path="custom_jwt_audience" label="Audience" nullable />
          <Text path="custom_jwt_user_id_claim" label="User id claim" />
        </section>
      )}
      {draft.farcaster_auth === true && <FarcasterIdentityCard appId={appId} />}
      {draft.telegram_auth === true && (
        <section className="card">
          <h3>Telegram</h3>
          <Text path="telegram_auth_config.bot_id" label="Bot id" />
          <Text path="telegram_auth_config.bot_name" label="Bot name" />
          <Check path="telegram_auth_config.link_enabled" label="Linking enabled" />
          <Check path="telegram_auth_config.seamless_auth_enabled" label="Seamless auth" />
          <Check path="telegram_seamless_auth_enabled" label="Seamless auth in Telegram Mini Apps" />
        </section>
      )}
    </>
  );
}
