import { fundingMethods, fundingOptionMethods, fundingProviders } from '@latchkey/protocol';
import { RowsEditor } from '../../components/RowsEditor.tsx';
import { Check, MultiCheck, Text } from '../../form.tsx';

/** How users add funds to a wallet: the on-ramp, the methods and options, the suggested amount. */
export function FundingSection() {
  return (
    <>
      <section className="card">
        <Check path="fiat_on_ramp_enabled" label="Fiat on-ramp" />
        <MultiCheck path="funding_config.methods" label="Methods" options={fundingMethods} />
        <Text
          path="funding_config.default_recommended_currency.chain"
          label="Recommended currency chain (CAIP-2)"
          placeholder="eip155:1"
        />
        <Text
          path="funding_config.default_recommended_currency.asset"
          label="Recommended asset"
          placeholder="native-currency, USDC or a token address"
        />
        <Text path="funding_config.default_recommended_amount" label="Recommended amount" placeholder="0.1" />
        <Check
          path="funding_config.prompt_funding_on_wallet_creation"
          label="Prompt funding on wallet creation"
        />
        <Check path="funding_config.cross_chain_bridging_enabled" label="Cross-chain bridging" />
      </section>
      <section className="card">
        <RowsEditor
          path="funding_config.options"
          label="Funding options"
          hint="What the funding screen offers, in order: a method and the provider behind it."
          addLabel="Add an option"
          blank={() => ({ method: 'card', provider: 'moonpay' })}
          columns={[
            { key: 'method', label: 'Method', kind: 'select', options: fundingOptionMethods },
            { key: 'provider', label: 'Provider', kind: 'select', options: fundingProviders },
          ]}
        />
      </section>
    </>
  );
}
