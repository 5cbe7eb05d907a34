import type { EvmNode } from './evm-node.ts';

/**
 * The smallest ERC-20 that tests need, as EVM runtime bytecode assembled here (no compiler offline)
 * and installed with `hardhat_setCode`: `transfer(address,uint256)` (moves the caller's balance,
 * emits the standard `Transfer(address indexed from, address indexed to, uint256 value)`, returns
 * true; reverts when the balance is short), `balanceOf(address)` and `decimals()` (6). A holder's
 * balance lives in the storage slot numbered by its address, so a test sets one with
 * `hardhat_setStorageAt` (`setTokenBalance`) instead of minting.
 */

/** keccak256("Transfer(address,address,uint256)"). */
const transferTopic = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

// One line of the program per step: opcodes in hex, `@label` for PUSH1 of a label's offset, and
// `:label` lines marking where a label is. Opcodes: 01 ADD, 03 SUB, 10 LT, 14 EQ, 1c SHR, 33 CALLER,
// 35 CALLDATALOAD, 52 MSTORE, 54 SLOAD, 55 SSTORE, 57 JUMPI, 5b JUMPDEST, 60 PUSH1, 63 PUSH4,
// 7f PUSH32, 80 DUP1, 82 DUP3, 90 SWAP1, a3 LOG3, f3 RETURN, fd REVERT.
const program = [
  '6000 35 60e0 1c', // PUSH1 0, CALLDATALOAD, PUSH1 224, SHR: the selector
  '80 63a9059cbb 14 @transfer 57', // DUP1, PUSH4 transfer(address,uint256), EQ, JUMPI
  '80 6370a08231 14 @balanceOf 57', // DUP1, PUSH4 balanceOf(address), EQ, JUMPI
  '80 63313ce567 14 @decimals 57', // DUP1, PUSH4 decimals(), EQ, JUMPI
  '6000 80 fd', // any other selector: REVERT(0, 0)
  ':balanceOf',
  '5b 6004 35 54', // JUMPDEST, SLOAD(calldata[4:36])
  '6000 52 6020 6000 f3', // MSTORE(0, balance), RETURN(0, 32)
  ':decimals',
  '5b 6006 6000 52 6020 6000 f3', // JUMPDEST, MSTORE(0, 6), RETURN(0, 32)
  ':transfer',
  '5b 33 54', // JUMPDEST, SLOAD(CALLER): [balance]
  '6024 35', // CALLDATALOAD(36): [balance, amount]
  '80 82 10 @short 57', // balance < amount: jump to short
  '80 82 03 33 55', // SSTORE(CALLER, balance - amount)
  '6004 35 80 54 82 01 90 55', // to = calldata[4:36]; SSTORE(to, SLOAD(to) + amount)
  '80 6000 52', // MSTORE(0, amount): the event's data
  `6004 35 33 7f${transferTopic} 6020 6000 a3`, // LOG3(0, 32, Transfer, CALLER, to)
  '6001 6000 52 6020 6000 f3', // RETURN(0, 32) of true
  ':short',
  '5b 6000 80 fd', // JUMPDEST, REVERT(0, 0)
];

/** Lays the program out in bytes, each `@label` resolved to its label's offset. */
function assemble(lines: string[]): string {
  const offsets = new Map<string, number>();
  let size = 0;
  for (const line of lines)
    if (line.startsWith(':')) offsets.set(line.slice(1), size);
    else for (const op of line.split(' ')) size += op.startsWith('@') ? 2 : op.length / 2;
  const bytes = lines
    .filter((line) => !line.startsWith(':'))
    .flatMap((line) => line.split(' '))
    .map((op) => (op.startsWith('@') ? `60${offsets.get(op.slice(1))!.toString(16).padStart(2, '0')}` : op));
  return `0x${bytes.join('')}`;
}

export const testTokenCode = assemble(program);

const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');

/** Installs the test token's code at `address` (any unused address). */
export async function installTestToken(node: EvmNode, address: string): Promise<string> {
  await node.rpc('hardhat_setCode', [address, testTokenCode]);
  return address;
}

/** Sets `holder`'s balance of the test token outright (its storage slot is the holder's address). */
export async function setTokenBalance(
  node: EvmNode,
  token: string,
  holder: string,
  amount: bigint,
): Promise<void> {
  await node.rpc('hardhat_setStorageAt', [token, `0x${BigInt(holder).toString(16)}`, `0x${word(amount)}`]);
}

/** The calldata of `transfer(to, amount)`. */
export const tokenTransferData = (to: string, amount: bigint): string =>
  `0xa9059cbb${word(to)}${word(amount)}`;

/** `balanceOf(holder)` of a token. */
export async function tokenBalance(node: EvmNode, token: string, holder: string): Promise<bigint> {
  return BigInt(
    (await node.rpc('eth_call', [{ to: token, data: `0x70a08231${word(holder)}` }, 'latest'])) as string,
  );
}
