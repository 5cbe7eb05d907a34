import { ListEditor } from '../../components/ListEditor.tsx';
import { MapEditor } from '../../components/MapEditor.tsx';
import { NumberField, Text } from '../../form.tsx';
import { RegisteredAssetsEditor } from './RegisteredAssetsEditor.tsx';

/**
 * Server wallets' chains (the app's own RPC endpoints, and the tokens the chain watcher follows), and
 * delegated actions: the key quorum and policy under which the app's backend signs for the embedded
 * wallets users delegate to it (the server checks both are the app's at each consent).
 */
export function ServerWalletsSection() {
  return (
    <>
      <section className="card">
        <MapEditor
          path="rpc_urls"
          label="RPC endpoints"
          hint="The app's own JSON-RPC URL per chain, used for its server wallets before the server's LATCHKEY_RPC_URLS."
          keyLabel="Chain (CAIP-2)"
          valueLabel="URL"
          keyPlaceholder="eip155:8453"
          valuePlaceholder="https://…"
          addLabel="Add an endpoint"
        />
      </section>
      <section className="card">
        <RegisteredAssetsEditor />
      </section>
      <section className="card">
        <Text
          path="delegated_actions_signer_id"
          label="Delegated actions signer"
          hint="The key quorum id of the app's backend that may sign for wallets users delegate. Empty: delegation is off."
          nullable
        />
        <ListEditor
          path="delegated_actions_policy_ids"
          label="Delegated actions policy"
          hint="At most one policy id: what that quorum may sign."
          placeholder="Policy id"
          addLabel="Add a policy"
        />
        <NumberField
          path="delegated_actions_ttl_seconds"
          label="Delegation lifetime (seconds)"
          hint="Empty: until the user revokes it."
        />
      </section>
    </>
  );
}
