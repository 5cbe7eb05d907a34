import type { ChainRpc } from '@latchkey/protocol';

/**
 * JSON-RPC to a chain's node, with what a send needs to know about a failure: whether the node
 * answered (and refused), never got the request, or may have got it. A send's nonce goes back only
 * in the first two cases (nonces.ts); in the third the signed bytes stay recorded and the watcher
 * broadcasts them again. Errors never name the URL (it may carry a provider's API key).
 */

/** The node answered with a JSON-RPC error. */
export class NodeError extends Error {
  override readonly name = 'NodeError';
  readonly method: string;
  readonly code: number;
  readonly data: unknown;
  constructor(method: string, code: number, message: string, data: unknown) {
    super(message);
    this.method = method;
    this.code = code;
    this.data = data;
  }
}

/** The request never reached the node (connection refused, unknown host): nothing was sent. */
export class UnreachableError extends Error {
  override readonly name = 'UnreachableError';
}

/** The request may have reached the node, but no answer came back (timeout, reset, not JSON). */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

let nextId = 0;

/** A `ChainRpc` over HTTP to `url`, each call bounded by `timeoutMs`. */
export function httpRpc(url: string, timeoutMs = 15_000): ChainRpc {
  return async (method, params = []) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = causeCode(error);
      if (code && unreachableCodes.has(code))
        throw new UnreachableError(`The chain's RPC endpoint is unreachable (${method}: ${code})`);
      throw new NoAnswerError(`No answer from the chain's RPC endpoint (${method})`);
    }
    let reply: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      reply = (await response.json()) as typeof reply;
    } catch {
      throw new NoAnswerError(
        `The chain's RPC endpoint answered ${response.status} without JSON (${method})`,
      );
    }
    if (reply && typeof reply === 'object' && reply.error) {
      const { code, message, data } = reply.error;
      throw new NodeError(
        method,
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message.slice(0, 500) : `Chain RPC error (${method})`,
        data,
      );
    }
    if (!response.ok || !reply || typeof reply !== 'object' || !('result' in reply))
      throw new NoAnswerError(`The chain's RPC endpoint answered ${response.status} (${method})`);
    return reply.result;
  };
}

/** The node's message when a balance is short for value plus gas (geth, Hardhat, anvil, Solana). */
export const insufficientFunds = (message: string) =>
  /insufficient funds|doesn't have enough funds|insufficient lamports|insufficient balance|InsufficientFundsFor/i.test(
    message,
  );

/** The node already has this very transaction (it was broadcast before). */
export const alreadyKnown = (message: string) =>
  /already known|known transaction|already imported|AlreadyProcessed|already been processed/i.test(message);

/** The nonce was used on chain already (by another transaction of the wallet). */
export const nonceTooLow = (message: string) =>
  /nonce too low|nonce has already been used|NonceTooLow/i.test(message);

/** The node holds no pool for later nonces (Hardhat automining): a lower nonce is still on its way. */
export const nonceTooHigh = (message: string) => /nonce too high/i.test(message);
