import { oauthProviders } from '@latchkey/protocol';
import { useContext } from 'react';
import { RowsEditor } from '../../components/RowsEditor.tsx';
import { Check, FormContext, SecretText, Text } from '../../form.tsx';
import { providerLabel } from '../../labels.ts';

/** The server's own rule for a custom provider's id (app-config schema): `custom:` and a short name. */
const providerName = /^custom:[a-z0-9_-]{1,50}$/;

/** Google, Apple and the other OAuth providers, their clients, and custom OpenID providers. */
export function SocialSection() {
  const { draft } = useContext(FormContext)!;
  const enabled = oauthProviders.filter((p) => draft[`${p}_oauth`] === true);
  const custom = Array.isArray(draft.custom_oauth_providers)
    ? (draft.custom_oauth_providers as { provider?: string; enabled?: boolean }[])
    : [];
  return (
    <>
      <section className="card">
        <h3>Providers</h3>
        <div className="checks">
          {oauthProviders.map((provider) => (
            <Check key={provider} path={`${provider}_oauth`} label={providerLabel(provider)} />
          ))}
          <Check path="twitter_oauth_on_mobile_enabled" label="Twitter on mobile" />
        </div>
        <Check path="return_oauth_tokens" label="Return the provider's OAuth tokens to the client" />
      </section>
      {enabled.map((provider) => (
        <section key={provider} className="card" data-provider={provider}>
          <h3>{providerLabel(provider)} OAuth client</h3>
          <Text
            path={`oauth_credentials.${provider}.client_id`}
            label={provider === 'apple' ? 'Services ID' : 'Client id'}
          />
          {provider === 'apple' ? (
            <>
              <Text path="oauth_credentials.apple.team_id" label="Team id" />
              <Text path="oauth_credentials.apple.key_id" label="Key id" />
              <SecretText path="oauth_credentials.apple.private_key" label="Private key (.p8)" multiline />
            </>
          ) : (
            <SecretText path={`oauth_credentials.${provider}.client_secret`} label="Client secret" />
          )}
        </section>
      ))}
      <section className="card">
        <RowsEditor
          path="custom_oauth_providers"
          label="Custom OpenID providers"
          hint="Any OpenID Connect provider: its id, the name and icon the modal shows; its client below once saved."
          addLabel="Add a provider"
          blank={() => ({
            provider: 'custom:',
            provider_display_name: '',
            provider_icon_url: null,
            enabled: true,
          })}
          columns={[
            {
              key: 'provider',
              label: 'Id',
              prefix: 'custom:',
              placeholder: 'acme',
              check: (value) =>
                typeof value === 'string' && providerName.test(value)
                  ? null
                  : 'The id: 1 to 50 of a–z, 0–9, _ and -.',
            },
            { key: 'provider_display_name', label: 'Display name', placeholder: 'Acme' },
            {
              key: 'provider_icon_url',
              label: 'Icon URL',
              placeholder: 'https://…',
              nullable: true,
            },
            { key: 'enabled', label: 'Enabled', kind: 'check' },
          ]}
        />
      </section>
      {custom
        .filter((entry) => typeof entry.provider === 'string' && providerName.test(entry.provider))
        .map(({ provider }) => (
          <section key={provider} className="card" data-provider={provider}>
            <h3>{provider} OpenID client</h3>
            <Text
              path={`oauth_credentials.${provider}.issuer`}
              label="Issuer"
              placeholder="https://login.acme.example"
            />
            <Text path={`oauth_credentials.${provider}.client_id`} label="Client id" />
            <SecretText path={`oauth_credentials.${provider}.client_secret`} label="Client secret" />
          </section>
        ))}
    </>
  );
}
