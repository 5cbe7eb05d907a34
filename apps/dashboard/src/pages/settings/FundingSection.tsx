import { fundingConfigMethods, fundingSettingFields } from '@latchkey/protocol';
import type { SecretSettingView } from '../../api.ts';
import { Check, MultiCheck, SecretSetting, Text } from '../../form.tsx';
import { FundingOptionsEditor } from './FundingOptionsEditor.tsx';
import { fundingMethodLabel } from './funding-options.ts';

/**
 * How users add funds to a wallet: the on-ramps and options, the suggested chain, asset and amount,
 * the prompt after wallet creation, and the card providers' keys (the secret halves sealed).
 */
export function FundingSection({ secrets }: { secrets: readonly SecretSettingView[] }) {
  const wasSet = (field: string) => secrets.some((secret) => secret.field === field && secret.set);
  return (
    <>
      <section className="card">
        <Check path="fiat_on_ramp_enabled" label="Fiat on-ramp" />
        <MultiCheck
          path="funding_config.methods"
          label="On-ramps"
          options={fundingConfigMethods}
          optionLabel={fundingMethodLabel}
        />
        <FundingOptionsEditor />
        <Check
          path="funding_config.prompt_funding_on_wallet_creation"
          label="Prompt funding after wallet creation"
        />
        <Check path="funding_config.cross_chain_bridging_enabled" label="Bridge to Solana" />
      </section>
      <section className="card">
        <Text
          path="funding_config.default_recommended_currency.chain"
          label="Default chain (CAIP-2)"
          placeholder="eip155:8453"
          hint="A chain funding knows, or one with an RPC URL (Server wallets, or LATCHKEY_RPC_URLS)."
        />
        <Text
          path="funding_config.default_recommended_currency.asset"
          label="Default asset"
          placeholder="native-currency, USDC or a token address"
        />
        <Text path="funding_config.default_recommended_amount" label="Default amount" placeholder="0.01" />
      </section>
      <section className="card">
        <p className="muted">
          The card providers' keys. The private and secret keys are sealed on the server and shown only as
          set.
        </p>
        <Text
          path={fundingSettingFields.cdpKeyName}
          label="Coinbase CDP API key name"
          placeholder="organizations/…/apiKeys/…"
          nullable
        />
        <SecretSetting
          path={fundingSettingFields.cdpPrivateKey}
          label="Coinbase CDP API private key"
          wasSet={wasSet(fundingSettingFields.cdpPrivateKey)}
          multiline
        />
        <Text
          path={fundingSettingFields.moonpayPublishableKey}
          label="MoonPay publishable key"
          placeholder="pk_live_…"
          nullable
        />
        <SecretSetting
          path={fundingSettingFields.moonpaySecretKey}
          label="MoonPay secret key"
          wasSet={wasSet(fundingSettingFields.moonpaySecretKey)}
        />
      </section>
    </>
  );
}
