import { describe, expect, it } from 'vitest';
import { devOutboxLine, terminalHasColour } from './dev-outbox-line.ts';

const message = {
  appId: 'a'.repeat(25),
  channel: 'email' as const,
  to: 'ada@example.com',
  subject: '023420 is your login code for My app',
  text: '023420 is your login code for My app.\n\nIt expires in 10 minutes.',
};

describe('devOutboxLine', () => {
  it('is one line naming the code, the recipient and the channel', () => {
    const line = devOutboxLine(message, false);
    expect(line).toBe(
      '✉ Code 023420 for ada@example.com (email): 023420 is your login code for My app. It expires in 10 minutes.',
    );
    expect(line).not.toContain('\n');
  });

  it('picks the code out in colour, and says Message when there is no code', () => {
    expect(devOutboxLine(message, true)).toContain('Code \u001b[1;7m 023420 \u001b[0m for ada@example.com');
    expect(devOutboxLine({ ...message, text: 'Welcome' }, false)).toBe(
      '✉ Message for ada@example.com (email): Welcome',
    );
  });

  it('has colour on a terminal, or when FORCE_COLOR says so, never with NO_COLOR', () => {
    expect(terminalHasColour({}, { isTTY: true })).toBe(true);
    expect(terminalHasColour({}, { isTTY: false })).toBe(false);
    expect(terminalHasColour({ FORCE_COLOR: '1' }, {})).toBe(true);
    expect(terminalHasColour({ FORCE_COLOR: '0' }, { isTTY: true })).toBe(true);
    expect(terminalHasColour({ NO_COLOR: '1', FORCE_COLOR: '1' }, { isTTY: true })).toBe(false);
  });
});
