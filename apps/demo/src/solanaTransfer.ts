/**
 * A SOL transfer as a dapp hands it to a wallet: an unsigned legacy transaction (one empty
 * signature slot for the fee payer), built by hand so the demo carries no Solana library.
 */
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const systemProgram = '11111111111111111111111111111111';

function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) throw new Error(`Not a base58 address: ${text}`);
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function key(address: string): Uint8Array {
  const bytes = base58Decode(address);
  if (bytes.length !== 32) throw new Error(`Not a Solana address: ${address}`);
  return bytes;
}

function u64(value: bigint): number[] {
  return Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));
}

/** The cluster's latest blockhash (base58). */
export async function latestBlockhash(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getLatestBlockhash',
      params: [{ commitment: 'confirmed' }],
    }),
  });
  const body = (await response.json()) as {
    result?: { value: { blockhash: string } };
    error?: { message: string };
  };
  if (!body.result) throw new Error(body.error?.message ?? 'getLatestBlockhash failed');
  return body.result.value.blockhash;
}

/** System program Transfer (instruction 2) of `lamports` from `from` (the fee payer) to `to`. */
export function solTransfer(from: string, to: string, lamports: bigint, blockhash: string): Uint8Array {
  // 1 signer, 0 read-only signers, 1 read-only non-signer (the system program)
  const header = [1, 0, 1];
  const accounts = [3, ...key(from), ...key(to), ...key(systemProgram)];
  // program index 2, accounts [0, 1], 12 bytes of data: u32 2 (Transfer) ‖ u64 lamports
  const transfer = [2, 2, 0, 1, 12, 2, 0, 0, 0, ...u64(lamports)];
  const message = [...header, ...accounts, ...key(blockhash), 1, ...transfer];
  return Uint8Array.from([1, ...new Array<number>(64).fill(0), ...message]);
}
