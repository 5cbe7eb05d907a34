import type { FundingOptionConfig } from '@latchkey/protocol';
import { fieldId, getIn, useForm } from '../../form.tsx';
import {
  cardProviders,
  fundingOptionChoices,
  hasOption,
  preferCardProvider,
  providerLabel,
  withOption,
} from './funding-options.ts';

const path = 'funding_config.options';

/**
 * What the funding screen offers (`funding_config.options`) as switches, and which card provider
 * comes first when both are on (the client shows the first card option as 'Pay with card' and the
 * other behind 'Try a different provider.').
 */
export function FundingOptionsEditor() {
  const { draft, set, errors } = useForm();
  const value = getIn(draft, path);
  const options = Array.isArray(value) ? (value as FundingOptionConfig[]) : [];
  const cards = cardProviders(options);
  const error = Object.entries(errors).find(([field]) => field.startsWith(path))?.[1];
  return (
    <>
      <fieldset className="multi" data-field={path}>
        <legend>Funding options</legend>
        {fundingOptionChoices.map((choice) => (
          <label key={choice.label} className="check">
            <input
              type="checkbox"
              name={`${path}:${choice.method}:${choice.provider}`}
              checked={hasOption(options, choice)}
              onChange={(e) => set(path, withOption(options, choice, e.target.checked))}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {error && <small className="error">{error}</small>}
      </fieldset>
      {cards.length > 1 && (
        <div className="field" data-field="preferred-card-provider">
          <label htmlFor={fieldId('preferred-card-provider')}>Preferred card provider</label>
          <select
            id={fieldId('preferred-card-provider')}
            name="preferred-card-provider"
            value={cards[0]}
            onChange={(e) => set(path, preferCardProvider(options, e.target.value))}
          >
            {cards.map((provider) => (
              <option key={provider} value={provider}>
                {providerLabel(provider)}
              </option>
            ))}
          </select>
          <small className="muted">
            Shown as 'Pay with card'; the other is offered after 'Try a different provider.'. A host's
            card.preferredProvider still wins.
          </small>
        </div>
      )}
    </>
  );
}
