import { readFileSync } from 'node:fs';
import { botIdOf } from './bot-token.ts';

/**
 * Reads a bot token from a file (`--bot-token-file`): a token never travels on a command line, where
 * `ps` and shell history would show it. Surrounding white space (the editor's final newline) is
 * dropped; what remains must be a token as BotFather gives it. Errors name the file, never its text.
 */
export function readBotTokenFile(path: string): Uint8Array {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(
      `cannot read the bot token file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let start = 0;
  let end = bytes.length;
  const blank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
  while (start < end && blank(bytes[start]!)) start++;
  while (end > start && blank(bytes[end - 1]!)) end--;
  const token = new Uint8Array(bytes.subarray(start, end));
  bytes.fill(0);
  if (!botIdOf(token))
    throw new Error(`${path} does not hold a bot token (<bot id>:<secret>, as @BotFather gives it)`);
  return token;
}
