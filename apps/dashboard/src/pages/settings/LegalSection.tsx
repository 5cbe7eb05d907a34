import { Check, Text } from '../../form.tsx';

/** The legal name and the documents users may be asked to accept. */
export function LegalSection() {
  return (
    <section className="card">
      <Text path="legal_name" label="Legal name" nullable />
      <Text
        path="terms_and_conditions_url"
        label="Terms and conditions URL"
        nullable
        placeholder="https://…"
      />
      <Text path="privacy_policy_url" label="Privacy policy URL" nullable placeholder="https://…" />
      <Check path="require_users_accept_terms" label="Users must accept the terms" />
    </section>
  );
}
