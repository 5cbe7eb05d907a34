import { normaliseAllowedDomain } from '@latchkey/protocol';
import { ListEditor } from '../../components/ListEditor.tsx';

/** The server's rule for an allowed domain, after normaliseAllowedDomain (app-config schema). */
const origin = /^(https?|chrome-extension):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** Where the app may run: web origins, and native apps' ids and URL schemes. */
export function DomainsSection() {
  return (
    <section className="card">
      <ListEditor
        path="allowed_domains"
        label="Allowed domains"
        hint="Origins the SDK may run on. localhost:3000 is read as http://localhost:3000, app.example.com as https://app.example.com. None: any origin."
        placeholder="https://app.example.com"
        addLabel="Add a domain"
        normalise={normaliseAllowedDomain}
        check={(value) => (origin.test(value) ? null : 'must be an origin like https://example.com')}
      />
      <ListEditor
        path="allowed_native_app_ids"
        label="Native app ids"
        hint="Bundle ids / package names"
        placeholder="com.example.app"
        addLabel="Add an app id"
      />
      <ListEditor
        path="allowed_native_app_url_schemes"
        label="Native app URL schemes"
        placeholder="exampleapp"
        addLabel="Add a scheme"
      />
    </section>
  );
}
