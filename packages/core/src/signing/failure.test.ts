import { describe, expect, it } from 'vitest';
import { ProviderRpcError, SolanaRpcError } from '../embedded/index.ts';
import { LatchkeyClientError } from '../errors.ts';
import { isUserRejection, TransactionRevertedError, transactionFailure } from './failure.ts';

describe('transactionFailure', () => {
  it("calls a reverted transaction 'Transaction failed'", () => {
    expect(transactionFailure(new TransactionRevertedError('0xabc'), 'ethereum')).toEqual({
      title: 'Transaction failed',
      code: 'transaction_failure',
      message: 'Transaction failed.',
    });
  });

  it('shows an Ethereum error with its code and message', () => {
    expect(
      transactionFailure(new ProviderRpcError(-32000, 'insufficient funds for gas'), 'ethereum'),
    ).toEqual({
      title: 'Something went wrong',
      code: '-32000',
      message: 'insufficient funds for gas',
    });
    expect(transactionFailure('odd', 'ethereum')).toEqual({
      title: 'Something went wrong',
      code: null,
      message: 'Something went wrong.',
    });
  });

  it("picks a Solana log line about insufficient lamports, else 'Something went wrong.'", () => {
    const refused = new SolanaRpcError(-32002, 'Transaction simulation failed', {
      logs: ['Program 1111 invoke [1]', 'Transfer: insufficient lamports 5000, need 10000'],
    });
    expect(transactionFailure(refused, 'solana')).toEqual({
      title: 'Transaction failed',
      code: 'transaction_failure',
      message: 'Transfer: insufficient lamports 5000, need 10000',
    });
    const wrapped = new LatchkeyClientError(
      'insufficient_balance',
      'Solana wallet has insufficient funds for this transaction.',
      {
        cause: refused,
      },
    );
    expect(transactionFailure(wrapped, 'solana').message).toBe(
      'Transfer: insufficient lamports 5000, need 10000',
    );
    expect(
      transactionFailure(
        new LatchkeyClientError('transaction_failure', 'Transaction failed.', {
          details: '{"InstructionError":[0,"Custom"]}',
        }),
        'solana',
      ),
    ).toEqual({
      title: 'Transaction failed',
      code: 'transaction_failure',
      message: 'Something went wrong.',
    });
  });
});

describe('isUserRejection', () => {
  it('knows 4001 only', () => {
    expect(isUserRejection(new ProviderRpcError(4001, 'The user rejected the request.'))).toBe(true);
    expect(isUserRejection(new ProviderRpcError(4100, 'no'))).toBe(false);
    expect(isUserRejection(null)).toBe(false);
  });
});
