import { appEnvironments } from '@latchkey/protocol';
import { Check, NumberField, Select, Text } from '../../form.tsx';
import { href } from '../../route.ts';

/** The app's environment, user limit and session cookies. */
export function AdvancedSection({ appId }: { appId: string }) {
  return (
    <section className="card">
      <Select path="environment" label="Environment" options={appEnvironments} />
      <NumberField path="user_limit" label="User limit" hint="Empty: none" />
      <Check path="cookie_sessions" label="HttpOnly cookie sessions (same-site deployments)" />
      <Text path="cookie_domain" label="Cookie domain" nullable placeholder="example.com" />
      <p className="muted">
        Test credentials and the signing key: the <a href={href('apps', appId, 'keys')}>Keys</a> tab.
      </p>
    </section>
  );
}
