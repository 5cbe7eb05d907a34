import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBotTokenFile } from './bot-token-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'lk-telegram-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const token = '1234567890:AAHc2dUZOe3zfOxcFMB5oTo6Gy9xk5JFmgw';

describe('readBotTokenFile', () => {
  it('reads the token, without the final newline', () => {
    expect(new TextDecoder().decode(readBotTokenFile(file('ok', `${token}\n`)))).toBe(token);
    expect(new TextDecoder().decode(readBotTokenFile(file('crlf', ` ${token}\r\n`)))).toBe(token);
  });

  it('refuses a missing file or one without a token, never echoing what it holds', () => {
    expect(() => readBotTokenFile(join(dir, 'absent'))).toThrow(/cannot read the bot token file .*ENOENT/);
    const secretLooking = 'not-a-token-but-secret-text';
    const error = (() => {
      try {
        readBotTokenFile(file('bad', secretLooking));
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).toMatch(/does not hold a bot token/);
    expect(error).not.toContain(secretLooking);
    expect(() => readBotTokenFile(file('two', `${token}\n${token}\n`))).toThrow(/does not hold a bot token/);
  });
});
