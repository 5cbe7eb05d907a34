import { serverWalletPoliciesApi as api } from '@latchkey/protocol';
import { always, invalidData, label, type Outcome, ok, type RouteFixture } from '../../hostile-fixtures.ts';

/*
 * The hostile-input suite's view of the policy routes: creates answer 200; routes on a resource
 * name one that does not exist (404 `not_found`) once their body is well-formed. The item routes
 * take a JSON array, which the generated suite cannot shape: their hostile cases are in
 * test/integration/server-wallet-policies.test.ts.
 */

const notFound: Outcome = { status: 404, code: 'not_found' };
const absent = 'a'.repeat(24);
const at = (path: string) => () =>
  path
    .replace(':policy_id', absent)
    .replace(':rule_id', absent)
    .replace(':condition_set_id', absent)
    .replace(':condition_set_item_id', absent)
    .replace(':aggregation_id', absent);

const rule = () => ({
  name: 'hostile rule',
  method: 'eth_sendTransaction',
  action: 'ALLOW',
  conditions: [
    {
      field_source: 'ethereum_transaction',
      field: 'to',
      operator: 'eq',
      value: '0x52908400098527886E0F7030069857D2E4169EE7',
    },
  ],
});

const ruleFixture = (path: string): RouteFixture => ({
  path: at(path),
  body: rule,
  valid: notFound,
  required: ['name', 'method', 'action', 'conditions'],
  strings: { name: label(notFound), method: label(notFound), action: label(notFound) },
});

const deletion = (path: string): RouteFixture => ({
  path: at(path),
  body: () => ({}),
  valid: notFound,
  empty: notFound,
});

const itemsCoverage = 'server-wallet-policies.test.ts (condition set items)';

export const policyFixtures: Record<string, RouteFixture> = {
  [`POST ${api.policyCreate.path}`]: {
    body: () => ({ version: '1.0', name: 'hostile', chain_type: 'ethereum', rules: [rule()] }),
    valid: ok,
    required: ['version', 'name', 'chain_type', 'rules'],
    strings: { name: label(ok), version: always(invalidData), chain_type: always(invalidData) },
  },
  [`GET ${api.policyGet.path}`]: { path: at(api.policyGet.path), valid: notFound },
  [`PATCH ${api.policyUpdate.path}`]: {
    path: at(api.policyUpdate.path),
    body: () => ({ name: 'renamed' }),
    valid: notFound,
    strings: { name: label(notFound) },
  },
  [`DELETE ${api.policyDelete.path}`]: deletion(api.policyDelete.path),
  [`POST ${api.policyEvaluate.path}`]: {
    path: at(api.policyEvaluate.path),
    body: () => ({ method: 'eth_sendTransaction', params: { transaction: { to: '0x00' } } }),
    valid: notFound,
    required: ['method', 'params'],
    strings: { method: label(notFound) },
  },
  [`GET ${api.policyAudit.path}`]: { path: at(api.policyAudit.path), valid: notFound },
  [`POST ${api.ruleCreate.path}`]: ruleFixture(api.ruleCreate.path),
  [`GET ${api.ruleGet.path}`]: { path: at(api.ruleGet.path), valid: notFound },
  [`PATCH ${api.ruleUpdate.path}`]: ruleFixture(api.ruleUpdate.path),
  [`DELETE ${api.ruleDelete.path}`]: deletion(api.ruleDelete.path),
  [`POST ${api.conditionSetCreate.path}`]: {
    body: () => ({ name: 'hostile set' }),
    valid: ok,
    required: ['name'],
    strings: { name: label(ok) },
  },
  [`GET ${api.conditionSetGet.path}`]: { path: at(api.conditionSetGet.path), valid: notFound },
  [`PATCH ${api.conditionSetUpdate.path}`]: {
    path: at(api.conditionSetUpdate.path),
    body: () => ({ name: 'renamed set' }),
    valid: notFound,
    strings: { name: label(notFound) },
  },
  [`DELETE ${api.conditionSetDelete.path}`]: deletion(api.conditionSetDelete.path),
  [`POST ${api.conditionSetItemsAdd.path}`]: { valid: notFound, coveredBy: itemsCoverage },
  [`PUT ${api.conditionSetItemsReplace.path}`]: { valid: notFound, coveredBy: itemsCoverage },
  [`GET ${api.conditionSetItemsList.path}`]: { path: at(api.conditionSetItemsList.path), valid: notFound },
  [`GET ${api.conditionSetItemGet.path}`]: { path: at(api.conditionSetItemGet.path), valid: notFound },
  [`DELETE ${api.conditionSetItemDelete.path}`]: deletion(api.conditionSetItemDelete.path),
  [`POST ${api.aggregationCreate.path}`]: {
    body: () => ({
      name: 'hostile aggregation',
      method: 'eth_signTransaction',
      metric: { field_source: 'ethereum_transaction', field: 'value', function: 'sum' },
      window: { type: 'rolling', seconds: 86_400 },
    }),
    valid: ok,
    required: ['name', 'method', 'metric', 'window'],
    strings: { name: label(ok), method: always(invalidData) },
  },
  [`GET ${api.aggregationGet.path}`]: { path: at(api.aggregationGet.path), valid: notFound },
  [`DELETE ${api.aggregationDelete.path}`]: deletion(api.aggregationDelete.path),
};
