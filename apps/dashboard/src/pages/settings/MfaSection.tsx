import { MultiCheck } from '../../form.tsx';

/** The second factors users may enrol (the server offers SMS, TOTP and passkeys). */
const offered = ['sms', 'totp', 'passkey'] as const;

export function MfaSection() {
  return (
    <section className="card">
      <MultiCheck
        path="mfa_methods"
        label="MFA methods"
        options={offered}
        optionLabel={(method) =>
          ({ sms: 'SMS code', totp: 'Authenticator app (TOTP)', passkey: 'Passkey' })[method] ?? method
        }
      />
      <p className="muted">Users enrol from the modal; none checked: MFA is off.</p>
    </section>
  );
}
