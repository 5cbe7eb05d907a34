import { ListError, RemoveButton } from '../../components/listParts.tsx';
import { errorFor, getIn, useForm } from '../../form.tsx';
import {
  type AssetRow,
  type AssetType,
  assetProblem,
  assetTypes,
  blankAsset,
  idField,
  withType,
} from './server-wallet-settings.ts';

const path = 'registered_assets';

/**
 * `registered_assets` as rows: a chain, a type, and the token's address or the mint (the field the
 * type names, so the row is what the server takes); none at all is null, the default.
 */
export function RegisteredAssetsEditor() {
  const { draft, set, errors } = useForm();
  const value = getIn(draft, path);
  const rows = Array.isArray(value) ? (value as AssetRow[]) : [];
  const update = (next: AssetRow[]) => set(path, next.length > 0 ? next : null);
  const replace = (index: number, row: AssetRow) => update(rows.map((old, i) => (i === index ? row : old)));
  return (
    <fieldset className="rows-editor" data-field={path}>
      <legend>Registered assets</legend>
      <small className="muted">
        ERC-20 tokens and SPL mints whose transfers to and from this app's server wallets are announced
        (wallet.funds_deposited, wallet.funds_withdrawn) and shown in their history. At most 50.
      </small>
      {rows.length === 0 && <p className="muted">None yet: native coins only.</p>}
      <ol className="rows">
        {rows.map((row, index) => {
          const field = idField(row.type);
          const problem = assetProblem(row);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
            <li key={index} className="row-item" data-row={index}>
              <div className="row-cells">
                <label className="field">
                  <span>Chain (CAIP-2)</span>
                  <input
                    name={`${path}.${index}.caip2`}
                    placeholder={
                      row.type === 'erc20' ? 'eip155:8453' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
                    }
                    value={row.caip2}
                    onChange={(e) => replace(index, { ...row, caip2: e.target.value.trim() })}
                  />
                </label>
                <label className="field">
                  <span>Type</span>
                  <select
                    name={`${path}.${index}.type`}
                    value={row.type}
                    onChange={(e) => replace(index, withType(row, e.target.value as AssetType))}
                  >
                    {assetTypes.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field">
                  <span>{row.type === 'erc20' ? 'Token address' : 'Mint'}</span>
                  <input
                    name={`${path}.${index}.${field}`}
                    value={row[field] ?? ''}
                    onChange={(e) => replace(index, { ...row, [field]: e.target.value.trim() })}
                  />
                </label>
              </div>
              <RemoveButton
                label={`Remove registered asset ${index + 1}`}
                onRemove={() => update(rows.filter((_, i) => i !== index))}
              />
              {problem && <small className="error row-problem">{problem}</small>}
            </li>
          );
        })}
      </ol>
      <button type="button" className="secondary" onClick={() => update([...rows, blankAsset()])}>
        Add an asset
      </button>
      <ListError path={path} error={errorFor(errors, path)} />
    </fieldset>
  );
}
