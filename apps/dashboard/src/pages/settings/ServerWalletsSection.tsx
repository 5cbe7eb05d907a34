import { MapEditor } from '../../components/MapEditor.tsx';
import { RegisteredAssetsEditor } from './RegisteredAssetsEditor.tsx';

/** Server wallets' chains: the app's own RPC endpoints, and the tokens the chain watcher follows. */
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
    </>
  );
}
