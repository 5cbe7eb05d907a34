import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { en } from '../copy/en.ts';
import { ChevronDownIcon } from '../icons/glyphs.tsx';
import { FieldError } from './FieldError.tsx';

type PhoneModule = typeof import('./phone.ts');

export interface PhoneFormProps {
  /** ISO 3166 alpha-2; 'US' when missing or unknown. */
  defaultCountry?: string | undefined;
  onSubmit(phoneNumber: string): Promise<void>;
  /**
   * The number and country last typed (kept by the flow: Back from the code screen shows them
   * again) and whether to select the number ('Use a different phone number'); `onDraft` hears
   * every edit.
   */
  draft?: { value: string; country: string | null; select: boolean } | undefined;
  onDraft?(draft: { phone: string; country: string }): void;
}

/**
 * Country selector and number field. libphonenumber-js arrives with this form (dynamic import),
 * never with the rest of the modal. Changing country clears the number (spec document 1 §5).
 */
export function PhoneForm({ defaultCountry, onSubmit, draft, onDraft }: PhoneFormProps) {
  const [phone, setPhone] = useState<PhoneModule | null>(null);
  const [country, setCountry] = useState((draft?.country ?? defaultCountry ?? 'US').toUpperCase());
  const [value, setValue] = useState(draft?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const countryId = useId();
  const errorId = useId();

  useEffect(() => {
    let current = true;
    import('./phone.ts').then(
      (module) => {
        if (!current) return;
        setPhone(module);
        setCountry((code) => module.supportedCountry(code));
      },
      (cause: unknown) => console.error('Latchkey could not load phone number support', cause),
    );
    return () => {
      current = false;
    };
  }, []);

  const select = draft?.select ?? false;
  useEffect(() => {
    // After the modal's own autofocus (a frame later), so the selection is not lost to it.
    if (!select) return;
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, [select]);

  const countries = useMemo(() => phone?.listCountries() ?? [], [phone]);
  const callingCode = countries.find((c) => c.code === country)?.callingCode;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!phone || busy || !value.trim()) return;
    const normalised = phone.normalisePhoneForCountry(value, country);
    if (!normalised) {
      setError(en.invalidPhone);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(normalised);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="lk-field" onSubmit={submit} noValidate>
      <label className="lk-visually-hidden" htmlFor={countryId}>
        {en.countryLabel}
      </label>
      <label className="lk-visually-hidden" htmlFor={inputId}>
        {en.phoneLabel}
      </label>
      <div className="lk-input-row" data-invalid={error ? 'true' : undefined}>
        {/*
          The closed selector shows the country's code and dial code ('US +1'); the native select
          lies over it, transparent, so the list, the keyboard and screen readers still get the
          full names ('United States +1').
        */}
        <span className="lk-country">
          <span className="lk-country-face" data-testid="lk-country-face" aria-hidden="true">
            {callingCode ? `${country} +${callingCode}` : country}
            <ChevronDownIcon />
          </span>
          <select
            id={countryId}
            className="lk-select"
            data-testid="lk-country-select"
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setValue('');
              setError(null);
              onDraft?.({ phone: '', country: event.target.value });
              input.current?.focus();
            }}
          >
            {countries.length === 0 ? (
              <option value={country}>{country}</option>
            ) : (
              countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.name} +${c.callingCode}`}
                </option>
              ))
            )}
          </select>
        </span>
        <input
          ref={input}
          id={inputId}
          className="lk-input"
          data-testid="lk-phone-input"
          data-lk-autofocus
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={en.phonePlaceholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            onDraft?.({ phone: event.target.value, country });
          }}
        />
        <button
          type="submit"
          className="lk-submit"
          data-testid="lk-phone-submit"
          disabled={!phone || !value.trim() || busy}
        >
          {en.submit}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
