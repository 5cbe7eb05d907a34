import type { PolicyCondition, PolicyRule } from '@latchkey/protocol';
import { base58 } from '@scure/base';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  getBurnInstruction,
  getCloseAccountInstruction,
  getInitializeAccount3Instruction,
  getMintToInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token';
import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { evaluatePolicy } from './evaluate.ts';
import type { EvaluationContext, PolicyRequest } from './request.ts';

/** The engine, table by table: every operator, every field source, the coercion rules, the evaluation order. */

const to = '0x52908400098527886E0F7030069857D2E4169EE7';
const other = '0xde709f2102306220921060314715629080e2fb77';
const erc20 = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'swap',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'order',
        type: 'tuple',
        components: [
          { name: 'recipient', type: 'address' },
          { name: 'path', type: 'address[]' },
          { name: 'memo', type: 'string' },
          { name: 'salt', type: 'bytes32' },
          { name: 'exact', type: 'bool' },
        ],
      },
    ],
    outputs: [],
  },
] as const;

const context: EvaluationContext = {
  now: 1_800_000_000,
  conditionSets: new Map([
    ['cs_recipients', [other, 'not an address', to.toLowerCase()]],
    ['cs_programs', [SYSTEM_PROGRAM_ADDRESS]],
  ]),
  aggregations: new Map([['agg1', 5_000n]]),
};

let ruleCount = 0;
const rule = (
  action: 'ALLOW' | 'DENY',
  conditions: PolicyCondition[],
  method: PolicyRule['method'] = 'eth_sendTransaction',
): PolicyRule => ({ id: `rule${++ruleCount}`, name: `r${ruleCount}`, method, action, conditions });

const ethTx = (transaction: Record<string, unknown>, extra: Partial<PolicyRequest> = {}): PolicyRequest => ({
  method: 'eth_sendTransaction',
  chainType: 'ethereum',
  walletAddress: other,
  caip2: 'eip155:31337',
  params: { transaction },
  body: { method: 'eth_sendTransaction', caip2: 'eip155:31337', params: { transaction } },
  ...extra,
});

function decide(rules: PolicyRule[], request: PolicyRequest, ctx = context) {
  return evaluatePolicy({ id: 'policy1', chain_type: request.chainType, rules }, request, ctx);
}

/** One condition as the only condition of an ALLOW rule: true iff the request is allowed. */
function holds(condition: PolicyCondition, request: PolicyRequest, ctx = context): boolean {
  return (
    decide([rule('ALLOW', [condition], request.method as PolicyRule['method'])], request, ctx).decision ===
    'ALLOW'
  );
}

const c = (
  field_source: string,
  field: string,
  operator: PolicyCondition['operator'],
  value: string | string[],
  extra: Partial<PolicyCondition> = {},
): PolicyCondition => ({ field_source, field, operator, value, ...extra });

describe('operators on the three kinds (ethereum_transaction)', () => {
  const tx = ethTx({ to, value: '0x2386F26FC10000', chain_id: 31337 });
  it.each([
    // address: case-insensitive; a value that is not an address matches nothing
    ['to eq checksum', c('ethereum_transaction', 'to', 'eq', to), true],
    ['to eq lower-case', c('ethereum_transaction', 'to', 'eq', to.toLowerCase()), true],
    ['to eq upper hex', c('ethereum_transaction', 'to', 'eq', `0x${to.slice(2).toUpperCase()}`), true],
    ['to eq another', c('ethereum_transaction', 'to', 'eq', other), false],
    ['to eq junk', c('ethereum_transaction', 'to', 'eq', 'vitalik.eth'), false],
    ['to neq another', c('ethereum_transaction', 'to', 'neq', other), true],
    ['to neq itself (lower)', c('ethereum_transaction', 'to', 'neq', to.toLowerCase()), false],
    ['to neq junk (unparsable: false)', c('ethereum_transaction', 'to', 'neq', 'junk'), false],
    ['to in', c('ethereum_transaction', 'to', 'in', [other, to.toLowerCase()]), true],
    ['to in (absent from list)', c('ethereum_transaction', 'to', 'in', [other]), false],
    ['to not_in', c('ethereum_transaction', 'to', 'not_in', [other]), true],
    ['to not_in (listed)', c('ethereum_transaction', 'to', 'not_in', [to]), false],
    ['to not_in with junk (false)', c('ethereum_transaction', 'to', 'not_in', [other, 'junk']), false],
    ['to in_condition_set', c('ethereum_transaction', 'to', 'in_condition_set', 'cs_recipients'), true],
    ['to in unknown set', c('ethereum_transaction', 'to', 'in_condition_set', 'cs_nope'), false],
    ['to not_in_condition_set', c('ethereum_transaction', 'to', 'not_in_condition_set', 'cs_programs'), true],
    [
      'to not_in_condition_set (member)',
      c('ethereum_transaction', 'to', 'not_in_condition_set', 'cs_recipients'),
      false,
    ],
    ['to starts_with (case-insensitive)', c('ethereum_transaction', 'to', 'starts_with', '0x5290'), true],
    ['to ends_with', c('ethereum_transaction', 'to', 'ends_with', '9EE7'), true],
    ['to contains', c('ethereum_transaction', 'to', 'contains', '8400098'), true],
    ['to gt (an address is not a quantity)', c('ethereum_transaction', 'to', 'gt', '0'), false],
    // quantity: hex and decimal both parse; 0x2386F26FC10000 = 10^16
    ['value eq decimal', c('ethereum_transaction', 'value', 'eq', '10000000000000000'), true],
    ['value eq hex lower', c('ethereum_transaction', 'value', 'eq', '0x2386f26fc10000'), true],
    ['value eq junk', c('ethereum_transaction', 'value', 'eq', '1e16'), false],
    ['value gt', c('ethereum_transaction', 'value', 'gt', '9999999999999999'), true],
    ['value gt equal', c('ethereum_transaction', 'value', 'gt', '10000000000000000'), false],
    ['value gte equal', c('ethereum_transaction', 'value', 'gte', '0x2386F26FC10000'), true],
    ['value lt', c('ethereum_transaction', 'value', 'lt', '0x2386F26FC10001'), true],
    ['value lt equal', c('ethereum_transaction', 'value', 'lt', '10000000000000000'), false],
    ['value lte equal', c('ethereum_transaction', 'value', 'lte', '10000000000000000'), true],
    ['value lte decimal point (unparsable)', c('ethereum_transaction', 'value', 'lte', '1.5'), false],
    ['value lte negative (unparsable)', c('ethereum_transaction', 'value', 'lte', '-1'), false],
    [
      'value lte over uint256 (unparsable)',
      c('ethereum_transaction', 'value', 'lte', `0x1${'0'.repeat(64)}`),
      false,
    ],
    ['value in', c('ethereum_transaction', 'value', 'in', ['1', '0x2386f26fc10000']), true],
    ['value not_in', c('ethereum_transaction', 'value', 'not_in', ['1', '2']), true],
    ['value contains (decimal text)', c('ethereum_transaction', 'value', 'contains', '100000'), true],
    ['chain_id eq decimal (number in request)', c('ethereum_transaction', 'chain_id', 'eq', '31337'), true],
    ['chain_id eq hex', c('ethereum_transaction', 'chain_id', 'eq', '0x7a69'), true],
    ['chain_id in', c('ethereum_transaction', 'chain_id', 'in', ['1', '8453']), false],
  ])('%s', (_label, condition, expected) => {
    expect(holds(condition, tx)).toBe(expected);
  });

  it('chain_id falls back to the caip2; value defaults to 0; a missing `to` is absent', () => {
    const bare = ethTx({ data: '0x' });
    expect(holds(c('ethereum_transaction', 'chain_id', 'eq', '31337'), bare)).toBe(true);
    expect(holds(c('ethereum_transaction', 'value', 'eq', '0'), bare)).toBe(true);
    expect(holds(c('ethereum_transaction', 'to', 'neq', other), bare)).toBe(false);
    expect(holds(c('ethereum_transaction', 'to', 'not_in', [other]), bare)).toBe(false);
    const trace = decide([rule('ALLOW', [c('ethereum_transaction', 'to', 'neq', other)])], bare).trace;
    expect(trace.rules?.[0]?.conditions[0]).toMatchObject({ seen: null, result: false, note: 'absent' });
  });

  it('a quantity that does not parse in the request is undecodable', () => {
    const odd = ethTx({ to, value: 'lots' });
    expect(holds(c('ethereum_transaction', 'value', 'gte', '0'), odd)).toBe(false);
    expect(holds(c('ethereum_transaction', 'value', 'neq', '5'), odd)).toBe(false);
    expect(holds(c('ethereum_transaction', 'value', 'eq', '5'), ethTx({ to, value: 5 }))).toBe(true);
    expect(holds(c('ethereum_transaction', 'value', 'eq', '5'), ethTx({ to, value: 5.5 }))).toBe(false);
  });

  it('ethereum_transaction is absent on other methods', () => {
    const sign = { ...ethTx({ to }), method: 'personal_sign' };
    expect(holds(c('ethereum_transaction', 'to', 'eq', to), sign)).toBe(false);
  });
});

describe('ethereum_calldata', () => {
  const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, 1_000_000n] });
  const tx = ethTx({ to: other, data });
  const calldata = (field: string, operator: PolicyCondition['operator'], value: string | string[]) =>
    c('ethereum_calldata', field, operator, value, { abi: erc20 });
  it.each([
    ['function_name eq', calldata('function_name', 'eq', 'transfer'), true],
    ['function_name eq other', calldata('function_name', 'eq', 'approve'), false],
    ['function_name in', calldata('function_name', 'in', ['approve', 'transfer']), true],
    ['transfer.to eq (lower)', calldata('transfer.to', 'eq', to.toLowerCase()), true],
    ['transfer.0 (by index)', calldata('transfer.0', 'eq', to), true],
    ['transfer.amount lte', calldata('transfer.amount', 'lte', '1000000'), true],
    ['transfer.amount lt', calldata('transfer.amount', 'lt', '0xf4240'), false],
    ['transfer.amount gt', calldata('transfer.amount', 'gt', '999999'), true],
    ['approve.amount on a transfer (absent)', calldata('approve.amount', 'gte', '0'), false],
    ['transfer.nope (absent)', calldata('transfer.nope', 'gte', '0'), false],
  ])('%s', (_label, condition, expected) => {
    expect(holds(condition, tx)).toBe(expected);
  });

  it('reads tuple components, array elements, bool, bytes and string parameters', () => {
    const salt = `0x${'Ab'.repeat(32)}` as const;
    const swap = ethTx({
      to: other,
      data: encodeFunctionData({
        abi: erc20,
        functionName: 'swap',
        args: [{ recipient: to, path: [other, to], memo: 'gm', salt, exact: true }],
      }),
    });
    const cond = (field: string, operator: PolicyCondition['operator'], value: string) =>
      c('ethereum_calldata', field, operator, value, { abi: erc20 });
    expect(holds(cond('swap.order.recipient', 'eq', to.toLowerCase()), swap)).toBe(true);
    expect(holds(cond('swap.order.path.1', 'eq', to), swap)).toBe(true);
    expect(holds(cond('swap.order.path.0', 'eq', to), swap)).toBe(false);
    expect(holds(cond('swap.order.path', 'eq', to), swap)).toBe(false);
    expect(holds(cond('swap.order.memo', 'eq', 'gm'), swap)).toBe(true);
    expect(holds(cond('swap.order.memo', 'eq', 'GM'), swap)).toBe(false);
    expect(holds(cond('swap.order.salt', 'eq', salt.toLowerCase()), swap)).toBe(true);
    expect(holds(cond('swap.order.exact', 'eq', 'true'), swap)).toBe(true);
  });

  it('calldata the ABI does not decode, or no calldata, is absent', () => {
    const foreign = ethTx({ to: other, data: '0xdeadbeef00000000' });
    expect(holds(calldata('function_name', 'neq', 'transfer'), foreign)).toBe(false);
    expect(holds(calldata('function_name', 'neq', 'transfer'), ethTx({ to }))).toBe(false);
  });
});

describe('ethereum_typed_data_domain and ethereum_typed_data_message', () => {
  const types = {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'meta', type: 'Meta' },
      { name: 'tags', type: 'string[]' },
    ],
    Meta: [{ name: 'action', type: 'string' }],
  };
  const request: PolicyRequest = {
    method: 'eth_signTypedData_v4',
    chainType: 'ethereum',
    walletAddress: other,
    params: {
      typed_data: {
        domain: { name: 'USD', chainId: 8453, verifyingContract: to.toLowerCase() },
        types,
        primary_type: 'Permit',
        message: { owner: other, spender: to, value: '1000', meta: { action: 'permit' }, tags: ['a', 'b'] },
      },
    },
    body: {},
  };
  const { EIP712Domain: _domain, ...structs } = types;
  const typed_data = { primary_type: 'Permit', types: structs };
  const message = (field: string, operator: PolicyCondition['operator'], value: string, td = typed_data) =>
    c('ethereum_typed_data_message', field, operator, value, { typed_data: td });

  it.each([
    ['chainId eq', c('ethereum_typed_data_domain', 'chainId', 'eq', '8453'), true],
    ['chain_id (snake) eq hex', c('ethereum_typed_data_domain', 'chain_id', 'eq', '0x2105'), true],
    ['verifyingContract eq checksum', c('ethereum_typed_data_domain', 'verifyingContract', 'eq', to), true],
    ['verifying_contract in', c('ethereum_typed_data_domain', 'verifying_contract', 'in', [other]), false],
    ['message spender eq', message('spender', 'eq', to.toLowerCase()), true],
    ['message value lte', message('value', 'lte', '1000'), true],
    ['message value gt', message('value', 'gt', '1000'), false],
    ['message nested', message('meta.action', 'eq', 'permit'), true],
    ['message array element', message('tags.1', 'eq', 'b'), true],
    ['message struct itself (absent)', message('meta', 'eq', 'x'), false],
    ['message unknown field', message('nope', 'neq', 'x'), false],
    ['other primary type', message('spender', 'eq', to, { primary_type: 'Meta', types: structs }), false],
    [
      'types that differ',
      message('spender', 'eq', to, { primary_type: 'Permit', types: { ...structs, Meta: [] } }),
      false,
    ],
    [
      'types with EIP712Domain too (ignored on both sides)',
      message('spender', 'eq', to, { primary_type: 'Permit', types }),
      true,
    ],
  ])('%s', (_label, condition, expected) => {
    expect(holds(condition, request)).toBe(expected);
  });
});

describe('ethereum_7702_authorization, message, system, action_request_body, reference', () => {
  const auth: PolicyRequest = {
    method: 'eth_sign7702Authorization',
    chainType: 'ethereum',
    walletAddress: other,
    params: { contract: to, chain_id: 1, nonce: 0 },
    body: {},
  };
  const personal = (message: string, encoding?: string): PolicyRequest => ({
    method: 'personal_sign',
    chainType: 'ethereum',
    walletAddress: other,
    params: { message, ...(encoding ? { encoding } : {}) },
    body: {},
  });
  const transfer: PolicyRequest = {
    method: 'transfer',
    chainType: 'ethereum',
    walletAddress: other,
    params: {},
    body: { source: { asset: 'usdc', amount: '25', chain: 'base' }, destination: { address: to } },
  };

  it.each([
    ['7702 contract eq', c('ethereum_7702_authorization', 'contract', 'eq', to.toLowerCase()), auth, true],
    ['7702 contract in', c('ethereum_7702_authorization', 'contract', 'in', [other]), auth, false],
    ['message content eq (utf-8)', c('message', 'content', 'eq', 'hello'), personal('hello'), true],
    ['message content (hex)', c('message', 'content', 'eq', 'hello'), personal('0x68656c6c6f', 'hex'), true],
    [
      'message content (hex without 0x)',
      c('message', 'content', 'starts_with', 'he'),
      personal('68656c6c6f', 'hex'),
      true,
    ],
    [
      'message content not UTF-8 (absent)',
      c('message', 'content', 'neq', 'x'),
      personal('0xff', 'hex'),
      false,
    ],
    ['message byte_length lte', c('message', 'byte_length', 'lte', '5'), personal('héllo'), false],
    ['message byte_length eq', c('message', 'byte_length', 'eq', '6'), personal('héllo'), true],
    ['message content contains', c('message', 'content', 'contains', 'ell'), personal('hello'), true],
    ['message content ends_with', c('message', 'content', 'ends_with', 'LO'), personal('hello'), false],
    ['system timestamp lt', c('system', 'current_unix_timestamp', 'lt', '1800000001'), personal('x'), true],
    [
      'system timestamp gte',
      c('system', 'current_unix_timestamp', 'gte', '0x6b49d201'),
      personal('x'),
      false,
    ],
    ['body source.asset eq', c('action_request_body', 'source.asset', 'eq', 'usdc'), transfer, true],
    ['body source.amount lte', c('action_request_body', 'source.amount', 'lte', '100'), transfer, true],
    [
      'body destination.address eq (string: exact)',
      c('action_request_body', 'destination.address', 'eq', to.toLowerCase()),
      transfer,
      false,
    ],
    ['body object (absent)', c('action_request_body', 'source', 'neq', 'x'), transfer, false],
    ['body __proto__ path (absent)', c('action_request_body', '__proto__.x', 'neq', 'x'), transfer, false],
  ])('%s', (_label, condition, request, expected) => {
    expect(holds(condition, request)).toBe(expected);
  });

  it('reference aggregation.<id> reads the measured value; an unmeasured one is absent', () => {
    const tx = ethTx({ to, value: '1' });
    expect(holds(c('reference', 'aggregation.agg1', 'lte', '5000'), tx)).toBe(true);
    expect(holds(c('reference', 'aggregation.agg1', 'lt', '5000'), tx)).toBe(false);
    expect(holds(c('reference', 'aggregation.agg2', 'lte', '5000'), tx)).toBe(false);
  });
});

describe('evaluation order', () => {
  const tx = ethTx({ to, value: '10' });
  const allowAll = () => rule('ALLOW', []);

  it('denies by default: no rule, or no rule for the method', () => {
    expect(decide([], tx).decision).toBe('DENY');
    const { decision, trace } = decide([rule('ALLOW', [], 'eth_signTransaction')], tx);
    expect(decision).toBe('DENY');
    expect(trace.decided_by).toBeNull();
    expect(trace.reason).toBe('No rule allowed it.');
    expect(trace.rules?.[0]).toMatchObject({ method_matched: false, fired: false, conditions: [] });
  });

  it('an ALLOW with no conditions allows; `*` matches every method', () => {
    const allow = allowAll();
    expect(decide([allow], tx).trace.decided_by).toEqual({
      rule_id: allow.id,
      name: allow.name,
      action: 'ALLOW',
    });
    expect(decide([rule('ALLOW', [], '*')], { ...tx, method: 'personal_sign' }).decision).toBe('ALLOW');
  });

  it('conditions are ANDed', () => {
    const both = rule('ALLOW', [
      c('ethereum_transaction', 'to', 'eq', to),
      c('ethereum_transaction', 'value', 'lte', '5'),
    ]);
    const { decision, trace } = decide([both], tx);
    expect(decision).toBe('DENY');
    expect(trace.rules?.[0]?.conditions.map((x) => x.result)).toEqual([true, false]);
    expect(trace.rules?.[0]?.conditions[1]).toMatchObject({ seen: '10', expected: '5' });
  });

  it('any firing DENY wins, whatever the order; a DENY that does not fire does not', () => {
    const deny = rule('DENY', [c('ethereum_transaction', 'to', 'eq', to)]);
    for (const rules of [
      [allowAll(), deny],
      [deny, allowAll()],
    ]) {
      const { decision, trace } = decide(rules, tx);
      expect(decision).toBe('DENY');
      expect(trace.decided_by?.rule_id).toBe(deny.id);
      expect(trace.reason).toContain(`"${deny.name}"`);
    }
    const wildcardDeny = rule('DENY', [], '*');
    expect(decide([allowAll(), wildcardDeny], tx).decision).toBe('DENY');
    const idle = rule('DENY', [c('ethereum_transaction', 'to', 'eq', other)]);
    expect(decide([idle, allowAll()], tx).decision).toBe('ALLOW');
  });

  it('shortens long values in the trace', () => {
    const long = 'x'.repeat(500);
    const trace = decide([rule('ALLOW', [c('message', 'content', 'eq', long)], 'personal_sign')], {
      method: 'personal_sign',
      chainType: 'ethereum',
      walletAddress: other,
      params: { message: long },
      body: {},
    }).trace;
    const seen = trace.rules?.[0]?.conditions[0];
    expect(seen?.result).toBe(true);
    expect(seen?.seen).toMatch(/\(500 chars\)$/);
    expect(String(seen?.expected).length).toBeLessThan(100);
  });
});

describe('Solana: every instruction must be allowed', () => {
  const key = (n: number) => address(base58.encode(new Uint8Array(32).fill(n)));
  const wallet = key(1);
  const recipient = key(2);
  const mint = key(3);
  const source = key(4);
  const destination = key(5);
  const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
  const token2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
  const memoProgram = key(9);

  function solTx(instructions: Instruction[], version: 0 | 'legacy' = 0): string {
    const message = pipe(
      createTransactionMessage({ version }),
      (tx) => setTransactionMessageFeePayer(wallet, tx),
      (tx) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash(key(7)), lastValidBlockHeight: 0n },
          tx,
        ),
      (tx) => appendTransactionMessageInstructions(instructions, tx),
    );
    return Buffer.from(getTransactionEncoder().encode(compileTransaction(message))).toString('base64');
  }
  const signer = { address: wallet } as unknown as Parameters<typeof getTransferSolInstruction>[0]['source'];
  const solTransfer = (lamports: bigint, dest: Address = recipient) =>
    getTransferSolInstruction({ source: signer, destination: dest, amount: lamports });
  const request = (transaction: string, method = 'signAndSendTransaction'): PolicyRequest => ({
    method,
    chainType: 'solana',
    walletAddress: wallet,
    params: { transaction, encoding: 'base64' },
    body: {},
  });
  const solRule = (
    action: 'ALLOW' | 'DENY',
    conditions: PolicyCondition[],
    method: PolicyRule['method'] = 'signAndSendTransaction',
  ) => rule(action, conditions, method);

  it.each([
    ['programId eq', c('solana_program_instruction', 'programId', 'eq', SYSTEM_PROGRAM_ADDRESS), true],
    [
      'programId in_condition_set',
      c('solana_program_instruction', 'programId', 'in_condition_set', 'cs_programs'),
      true,
    ],
    ['instructionName eq', c('solana_system_program_instruction', 'instructionName', 'eq', 'Transfer'), true],
    ['Transfer.from eq', c('solana_system_program_instruction', 'Transfer.from', 'eq', wallet), true],
    ['Transfer.to eq', c('solana_system_program_instruction', 'Transfer.to', 'eq', recipient), true],
    [
      'Transfer.to is case-sensitive',
      c('solana_system_program_instruction', 'Transfer.to', 'eq', recipient.toLowerCase()),
      false,
    ],
    [
      'Transfer.lamports lte',
      c('solana_system_program_instruction', 'Transfer.lamports', 'lte', '1000000'),
      true,
    ],
    [
      'Transfer.lamports gt',
      c('solana_system_program_instruction', 'Transfer.lamports', 'gt', '1000000'),
      false,
    ],
    [
      'token source on a system transfer (absent)',
      c('solana_token_program_instruction', 'instructionName', 'neq', 'Burn'),
      false,
    ],
  ])('%s', (_label, condition, expected) => {
    const wire = solTx([solTransfer(1_000_000n)]);
    expect(decide([solRule('ALLOW', [condition])], request(wire)).decision).toBe(expected ? 'ALLOW' : 'DENY');
  });

  const authority = { address: wallet } as unknown as Parameters<
    typeof getTransferInstruction
  >[0]['authority'];
  const tokenCases: [string, Instruction, [string, string][]][] = [
    [
      'Transfer',
      getTransferInstruction({ source, destination, authority, amount: 42n }),
      [
        ['source', source],
        ['destination', destination],
        ['authority', wallet],
        ['amount', '42'],
      ],
    ],
    [
      'TransferChecked',
      getTransferCheckedInstruction({ source, mint, destination, authority, amount: 43n, decimals: 6 }),
      [
        ['source', source],
        ['destination', destination],
        ['authority', wallet],
        ['amount', '43'],
        ['mint', mint],
      ],
    ],
    [
      'Burn',
      getBurnInstruction({ account: source, mint, authority, amount: 44n }),
      [
        ['account', source],
        ['mint', mint],
        ['authority', wallet],
        ['amount', '44'],
      ],
    ],
    [
      'MintTo',
      getMintToInstruction({ mint, token: destination, mintAuthority: authority, amount: 45n }),
      [
        ['mint', mint],
        ['account', destination],
        ['authority', wallet],
        ['amount', '45'],
      ],
    ],
    [
      'CloseAccount',
      getCloseAccountInstruction({ account: source, destination: wallet, owner: authority }),
      [
        ['account', source],
        ['destination', wallet],
        ['authority', wallet],
      ],
    ],
    [
      'InitializeAccount3',
      getInitializeAccount3Instruction({ account: destination, mint, owner: recipient }),
      [
        ['account', destination],
        ['mint', mint],
        ['owner', recipient],
      ],
    ],
  ];
  it.each(tokenCases)('token %s: every field', (name, instruction, fields) => {
    const wire = solTx([instruction]);
    const allows = (condition: PolicyCondition) =>
      decide([solRule('ALLOW', [condition])], request(wire)).decision === 'ALLOW';
    expect(allows(c('solana_token_program_instruction', 'instructionName', 'eq', name))).toBe(true);
    for (const [field, value] of fields) {
      expect(allows(c('solana_token_program_instruction', `${name}.${field}`, 'eq', value)), field).toBe(
        true,
      );
      expect(allows(c('solana_token_program_instruction', `${name}.${field}`, 'eq', other)), field).toBe(
        false,
      );
    }
    // Another instruction's field is absent on this one.
    const elsewhere = name === 'Burn' ? 'Transfer.amount' : 'Burn.amount';
    expect(allows(c('solana_token_program_instruction', elsewhere, 'gte', '0'))).toBe(false);
  });

  it('reads the Token-2022 program with the same layouts', () => {
    const ix = getTransferInstruction(
      { source, destination, authority, amount: 7n },
      { programAddress: address(token2022) },
    );
    const wire = solTx([ix]);
    const condition = c('solana_token_program_instruction', 'Transfer.amount', 'eq', '7');
    expect(decide([solRule('ALLOW', [condition])], request(wire)).decision).toBe('ALLOW');
    expect(tokenProgram).not.toBe(token2022);
  });

  it('denies the transaction when one instruction is not allowed, and names it', () => {
    const memo: Instruction = { programAddress: memoProgram, data: new Uint8Array([1, 2, 3]) };
    const wire = solTx([solTransfer(5n), memo]);
    const allowSystem = solRule('ALLOW', [
      c('solana_program_instruction', 'programId', 'eq', SYSTEM_PROGRAM_ADDRESS),
    ]);
    const { decision, trace } = decide([allowSystem], request(wire));
    expect(decision).toBe('DENY');
    expect(trace.instructions?.map((i) => i.decision)).toEqual(['ALLOW', 'DENY']);
    expect(trace.instructions?.[1]?.program_id).toBe(memoProgram);
    expect(trace.reason).toBe('No rule allowed it for instruction 1.');
    const allowMemo = solRule('ALLOW', [c('solana_program_instruction', 'programId', 'eq', memoProgram)]);
    expect(decide([allowSystem, allowMemo], request(wire)).decision).toBe('ALLOW');
  });

  it('a DENY on one instruction denies the whole transaction (legacy messages too)', () => {
    const wire = solTx([solTransfer(5n), solTransfer(5_000n, key(8))], 'legacy');
    const allowAll = solRule('ALLOW', [], 'signTransaction');
    const denyBig = solRule(
      'DENY',
      [c('solana_system_program_instruction', 'Transfer.lamports', 'gt', '1000')],
      'signTransaction',
    );
    expect(decide([allowAll], request(wire, 'signTransaction')).decision).toBe('ALLOW');
    const { decision, trace } = decide([allowAll, denyBig], request(wire, 'signTransaction'));
    expect(decision).toBe('DENY');
    expect(trace.decided_by?.rule_id).toBe(denyBig.id);
    expect(trace.reason).toContain('for instruction 1');
  });

  it('an undecodable transaction has no instruction fields: only condition-free rules fire', () => {
    const junk = request('not base64!');
    expect(
      decide([solRule('ALLOW', [c('solana_program_instruction', 'programId', 'neq', memoProgram)])], junk)
        .decision,
    ).toBe('DENY');
    expect(decide([solRule('ALLOW', [])], junk).decision).toBe('ALLOW');
  });

  it('Solana signMessage reads base64 messages', () => {
    const sign: PolicyRequest = {
      method: 'signMessage',
      chainType: 'solana',
      walletAddress: wallet,
      params: { message: Buffer.from('gm solana').toString('base64'), encoding: 'base64' },
      body: {},
    };
    const allows = (condition: PolicyCondition) =>
      decide([rule('ALLOW', [condition], 'signMessage')], sign).decision === 'ALLOW';
    expect(allows(c('message', 'content', 'eq', 'gm solana'))).toBe(true);
    expect(allows(c('message', 'byte_length', 'eq', '9'))).toBe(true);
  });
});
