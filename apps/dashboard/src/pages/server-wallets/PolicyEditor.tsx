import {
  type AdminConditionSet,
  type Aggregation,
  type EvaluatePolicyResponse,
  type Policy,
  type PolicyChainType,
  policyMethods,
  type RuleTrace,
} from '@latchkey/protocol';
import { type FormEvent, useState } from 'react';
import { AdminApiError, api, appPath } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';
import { ConditionRow } from './ConditionRow.tsx';
import {
  blankCondition,
  blankRule,
  type ConditionDraft,
  draftOf,
  errorPath,
  fieldSources,
  type PolicyDraft,
  type RuleDraft,
  rulesOf,
} from './policy-draft.ts';
import { Cell, ErrorLine, usePaged } from './shared.tsx';

/**
 * A policy's rules and their conditions as rows (method, field_source, field, operator, value,
 * action), saved whole; the server's `invalid_policy_format` shown next to the field it names. The
 * app's condition sets and aggregations are offered where a condition takes them (ConditionRow). An
 * owned policy is shown, not edited. The dry run evaluates a pasted RPC body against the saved policy.
 */
export function PolicyEditor({
  appId,
  policy,
  chainType,
  onSaved,
}: {
  appId: string;
  policy: Policy | null;
  chainType: PolicyChainType;
  onSaved(policy: Policy): Promise<void>;
}) {
  const [draft, setDraft] = useState<PolicyDraft>(() =>
    policy ? draftOf(policy) : { name: '', chain_type: chainType, rules: [blankRule(chainType)] },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const readOnly = policy?.owner_id != null;
  const chain = draft.chain_type;
  const sources = Object.keys(fieldSources).filter((s) => fieldSources[s]!.chains.includes(chain));
  // What the set operators and `reference` offer: the app's sets and aggregations (first 100 of each).
  const conditionSets = usePaged<AdminConditionSet>(appPath(appId, '/condition_sets'));
  const aggregations = usePaged<Aggregation>(appPath(appId, '/aggregations'));

  const setRule = (index: number, rule: RuleDraft) =>
    setDraft({ ...draft, rules: draft.rules.map((r, i) => (i === index ? rule : r)) });
  const setCondition = (ruleIndex: number, index: number, condition: ConditionDraft) => {
    const rule = draft.rules[ruleIndex]!;
    setRule(ruleIndex, {
      ...rule,
      conditions: rule.conditions.map((c, i) => (i === index ? condition : c)),
    });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    setStatus(null);
    try {
      const body = { name: draft.name.trim(), rules: rulesOf(draft) };
      const saved = policy
        ? await api<Policy>('PATCH', appPath(appId, `/policies/${encodeURIComponent(policy.id)}`), body)
        : await api<Policy>('POST', appPath(appId, '/policies'), { ...body, chain_type: chain });
      setStatus('Saved.');
      await onSaved(saved);
    } catch (e) {
      const named = e instanceof AdminApiError ? errorPath(e.message) : null;
      if (named && named.path !== 'rules') setErrors({ [named.path]: named.message });
      else setError((e as Error).message);
    }
  };

  return (
    <section className="card" data-testid="policy-editor">
      <h2>{policy ? policy.name : `New ${chain} policy`}</h2>
      {policy && (
        <dl className="facts">
          <dt>Id</dt>
          <dd>
            <CopyText value={policy.id} />
          </dd>
          <dt>Owner</dt>
          <dd>{policy.owner_id ?? 'none (app secret)'}</dd>
        </dl>
      )}
      {readOnly && (
        <p className="notice" data-testid="owned-note">
          This policy has an owner: it changes only with the owner's authorization signature, from the
          backend.
        </p>
      )}
      <form onSubmit={save}>
        <fieldset disabled={readOnly} className="policy-form">
          <Cell label="Name" path="name" errors={errors}>
            <input
              name="policy_name"
              maxLength={50}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </Cell>
          <p className="muted">
            Rules for the request's method: any DENY that fires wins, else any ALLOW, else the request is
            denied. A rule fires when all its conditions hold.
          </p>
          <ol className="rows" data-testid="rules">
            {draft.rules.map((rule, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place; their order is their identity
              <li key={r} className="row-item policy-rule" data-row={r}>
                <div className="row-cells">
                  <Cell label="Rule name" path={`rules.${r}.name`} errors={errors}>
                    <input
                      name={`rules.${r}.name`}
                      value={rule.name}
                      onChange={(e) => setRule(r, { ...rule, name: e.target.value })}
                    />
                  </Cell>
                  <Cell label="Method" path={`rules.${r}.method`} errors={errors}>
                    <select
                      name={`rules.${r}.method`}
                      value={rule.method}
                      onChange={(e) => setRule(r, { ...rule, method: e.target.value })}
                    >
                      {policyMethods.map((m) => (
                        <option key={m}>{m}</option>
                      ))}
                    </select>
                  </Cell>
                  <Cell label="Action" path={`rules.${r}.action`} errors={errors}>
                    <select
                      name={`rules.${r}.action`}
                      value={rule.action}
                      onChange={(e) => setRule(r, { ...rule, action: e.target.value })}
                    >
                      <option>ALLOW</option>
                      <option>DENY</option>
                    </select>
                  </Cell>
                </div>
                <ol className="rows conditions">
                  {rule.conditions.map((condition, c) => (
                    <ConditionRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place; their order is their identity
                      key={c}
                      at={`rules.${r}.conditions.${c}`}
                      condition={condition}
                      sources={sources}
                      errors={errors}
                      conditionSets={conditionSets.items ?? []}
                      aggregations={aggregations.items ?? []}
                      removeLabel={`Remove condition ${c + 1} of rule ${r + 1}`}
                      onChange={(next) => setCondition(r, c, next)}
                      onRemove={() =>
                        setRule(r, { ...rule, conditions: rule.conditions.filter((_, i) => i !== c) })
                      }
                    />
                  ))}
                </ol>
                <div className="button-row">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      setRule(r, { ...rule, conditions: [...rule.conditions, blankCondition(chain)] })
                    }
                  >
                    Add a condition
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Remove rule ${r + 1}`}
                    onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, i) => i !== r) })}
                  >
                    Remove rule
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <div className="button-row">
            <button
              type="button"
              className="secondary"
              onClick={() => setDraft({ ...draft, rules: [...draft.rules, blankRule(chain)] })}
            >
              Add a rule
            </button>
            <button type="submit">{policy ? 'Save policy' : 'Create policy'}</button>
          </div>
        </fieldset>
      </form>
      <ErrorLine error={error} />
      {status && <p role="status">{status}</p>}
      {policy && <DryRun appId={appId} policy={policy} />}
    </section>
  );
}

const examples: Record<PolicyChainType, object> = {
  ethereum: {
    method: 'eth_sendTransaction',
    caip2: 'eip155:8453',
    params: { transaction: { to: '0x000000000000000000000000000000000000dEaD', value: '0x2386f26fc10000' } },
  },
  solana: { method: 'signMessage', params: { message: 'aGVsbG8=', encoding: 'base64' } },
};

function RuleRows({ rules }: { rules: RuleTrace[] }) {
  return (
    <ul className="accounts" data-testid="trace">
      {rules.map((rule) => (
        <li key={rule.rule_id} className="account" data-fired={rule.fired}>
          <span className="account-type">
            {rule.action} · {rule.name} ·{' '}
            {!rule.method_matched ? 'other method' : rule.fired ? 'fired' : 'did not fire'}
          </span>
          {rule.method_matched &&
            rule.conditions.map((condition, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a trace is read-only
              <small key={i} className={condition.result ? '' : 'muted'}>
                {condition.result ? '✓' : '✗'} {condition.field_source}.{condition.field} {condition.operator}{' '}
                {Array.isArray(condition.expected) ? condition.expected.join(', ') : condition.expected} —
                seen {condition.seen ?? 'nothing'}
                {condition.note ? ` (${condition.note})` : ''}
              </small>
            ))}
        </li>
      ))}
    </ul>
  );
}

/** The dry run: a pasted RPC body evaluated against the saved policy, its decision and rule trace. */
function DryRun({ appId, policy }: { appId: string; policy: Policy }) {
  const [body, setBody] = useState(() => JSON.stringify(examples[policy.chain_type], null, 2));
  const [result, setResult] = useState<EvaluatePolicyResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResult(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      setError('The request is not JSON.');
      return;
    }
    try {
      setResult(
        await api<EvaluatePolicyResponse>(
          'POST',
          appPath(appId, `/policies/${encodeURIComponent(policy.id)}/evaluate`),
          parsed,
        ),
      );
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form className="dry-run" onSubmit={run} data-testid="dry-run">
      <h3>Dry run</h3>
      <p className="muted">
        Paste an RPC body as your backend would send it to <code>/v1/wallets/:id/rpc</code>; nothing is signed
        and no limit is spent. It runs against the saved policy.
      </p>
      <label className="field">
        <span>RPC body</span>
        <textarea
          name="dry_run_body"
          rows={7}
          className="mono"
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <button type="submit">Dry run</button>
      <ErrorLine error={error} />
      {result && (
        <div data-testid="dry-run-result">
          <p>
            <span
              className={`badge ${result.decision === 'ALLOW' ? 'badge-confirmed' : 'badge-failed'}`}
              data-testid="decision"
            >
              {result.decision}
            </span>{' '}
            {result.trace.reason}
          </p>
          {result.trace.rules && <RuleRows rules={result.trace.rules} />}
          {result.trace.instructions?.map((ix) => (
            <div key={ix.index}>
              <h4>
                Instruction {ix.index} · {ix.decision} <small className="muted">{ix.program_id}</small>
              </h4>
              <RuleRows rules={ix.rules} />
            </div>
          ))}
        </div>
      )}
    </form>
  );
}
