import { createOnLoginValues, embeddedWalletModes, userOwnedRecoveryOptions } from '@latchkey/protocol';
import { useContext } from 'react';
import { RowsEditor } from '../../components/RowsEditor.tsx';
import { Check, FormContext, MultiCheck, Select, Text } from '../../form.tsx';
import { recoveryMethodLabel } from '../../labels.ts';

/** Embedded wallets (created when, recovered how), smart wallets and WalletConnect. */
export function WalletsSection() {
  const { draft } = useContext(FormContext)!;
  const smart = (draft.smart_wallet_config ?? {}) as { enabled?: boolean };
  return (
    <>
      <section className="card">
        <h3>Embedded wallets</h3>
        <Select
          path="embedded_wallet_config.ethereum.create_on_login"
          label="Ethereum: create on login"
          options={createOnLoginValues}
        />
        <Select
          path="embedded_wallet_config.solana.create_on_login"
          label="Solana: create on login"
          options={createOnLoginValues}
        />
        <MultiCheck
          path="embedded_wallet_config.user_owned_recovery_options"
          label="User-owned recovery"
          options={userOwnedRecoveryOptions}
          optionLabel={recoveryMethodLabel}
        />
        <Check
          path="embedded_wallet_config.require_user_owned_recovery_on_create"
          label="Require user-owned recovery on create"
        />
        <Check
          path="embedded_wallet_config.require_user_password_on_create"
          label="Require a password on create"
        />
        <Select path="embedded_wallet_config.mode" label="Mode" options={embeddedWalletModes} />
        <Check path="enforce_wallet_uis" label="Always show wallet confirmation screens" />
        <Check path="legacy_wallet_ui_config" label="Legacy wallet screens" />
      </section>
      <section className="card">
        <h3>Smart wallets</h3>
        <Check path="smart_wallet_config.enabled" label="Smart wallets" />
        {smart.enabled === true && (
          <>
            <Text path="smart_wallet_config.smart_wallet_type" label="Type" placeholder="kernel" />
            <Text path="smart_wallet_config.smart_wallet_version" label="Version" />
            <RowsEditor
              path="smart_wallet_config.configured_networks"
              label="Networks"
              addLabel="Add a network"
              blank={() => ({ chain_id: '', bundler_url: '' })}
              columns={[
                { key: 'chain_id', label: 'Chain (CAIP-2)', placeholder: 'eip155:8453' },
                { key: 'bundler_url', label: 'Bundler URL', placeholder: 'https://…' },
                { key: 'paymaster_url', label: 'Paymaster URL', placeholder: 'https://…' },
                { key: 'paymaster_context.policy_id', label: 'Paymaster policy id' },
              ]}
            />
          </>
        )}
      </section>
      <section className="card">
        <h3>External wallets</h3>
        <Text path="wallet_connect_cloud_project_id" label="WalletConnect project id" nullable />
      </section>
    </>
  );
}
