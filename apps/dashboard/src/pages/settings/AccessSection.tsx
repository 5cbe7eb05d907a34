import { captchaProviders } from '@latchkey/protocol';
import { Check, SecretText, Select, Text } from '../../form.tsx';
import { href } from '../../route.ts';

/** Who may log in: the allowlist's switch and refusal texts, and the captcha. */
export function AccessSection({ appId }: { appId: string }) {
  return (
    <>
      <section className="card">
        <h3>Allowlist</h3>
        <Check path="allowlist_enabled" label="Only allowlisted users may log in" />
        <Text path="allowlist_config.error_title" label="Refusal title" nullable />
        <Text path="allowlist_config.error_detail" label="Refusal detail" nullable />
        <Text path="allowlist_config.cta_text" label="Call-to-action text" nullable />
        <Text path="allowlist_config.cta_link" label="Call-to-action link" nullable placeholder="https://…" />
        <p className="muted">
          Entries: the <a href={href('apps', appId, 'allowlist')}>Allowlist</a> tab,{' '}
          <code>latchkey allowlist</code> or the server API (<code>/api/v1/apps/:id/allowlist</code>).
        </p>
      </section>
      <section className="card">
        <h3>Captcha</h3>
        <Check path="captcha_enabled" label="Require a captcha" />
        <Select path="enabled_captcha_provider" label="Provider" options={captchaProviders} nullable />
        <Text path="captcha_site_key" label="Site key" nullable />
        <SecretText path="captcha_secret_key" label="Secret key" />
      </section>
    </>
  );
}
