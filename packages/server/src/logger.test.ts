import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const loggerUrl = new URL('./logger.ts', import.meta.url).href;

/**
 * Runs `body` in a Node process of its own with `log` a console logger writing to its stdout (a
 * pipe, as under a process manager), and answers what it printed. Stdout writes that reach the
 * pipe are counted (the stream's `_write`/`_writev`, one system call each) and told on stderr.
 */
function run(body: string) {
  const script = `
    import { consoleLogger } from ${JSON.stringify(loggerUrl)};
    let writes = 0;
    for (const key of ['_write', '_writev']) {
      const original = process.stdout[key];
      if (original) process.stdout[key] = function (...args) { writes++; return original.apply(this, args); };
    }
    process.on('exit', () => process.stderr.write('writes=' + writes));
    const log = consoleLogger();
    ${body}
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const lines = child.stdout.split('\n').filter(Boolean);
  const messages = lines.map((line) => (line.startsWith('{') ? JSON.parse(line).message : line));
  return { messages, writes: Number(/writes=(\d+)/.exec(child.stderr)?.[1]), status: child.status };
}

describe('consoleLogger on stdout', () => {
  it('writes the lines of one turn of the event loop in one system call, in order with console.log', () => {
    const { messages, writes } = run(`
      log.info('one', { n: 1 });
      console.log('plain');
      log.info('two');
      log.error('three');
    `);
    expect(messages).toEqual(['one', 'plain', 'two', 'three']);
    expect(writes).toBe(1);
  });

  it('writes every line still held when the process exits or crashes', () => {
    const exited = run(`log.info('before exit'); console.log('plain'); process.exit(3);`);
    expect(exited).toMatchObject({ messages: ['before exit', 'plain'], status: 3 });
    const crashed = run(`log.info('before crash'); log.error('failing'); throw new Error('boom');`);
    expect(crashed).toMatchObject({ messages: ['before crash', 'failing'], status: 1 });
    const later = run(`log.info('now'); setTimeout(() => log.info('later'), 5);`);
    expect(later.messages).toEqual(['now', 'later']);
  });
});
