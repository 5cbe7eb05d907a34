import type { OutgoingMessage } from './delivery.ts';

/**
 * How `latchkey dev` shows a message the dev outbox keeps: one line a developer's eye finds among the
 * server's others, the code picked out (bold, reversed) when the terminal shows colours, e.g.
 *
 *   ✉ Code 123456 for ada@example.com (email): 123456 is your login code for My app
 *
 * Colours follow the usual conventions: NO_COLOR turns them off, FORCE_COLOR on (`npm start` sets it
 * when its own terminal has colours, as it pipes the server's output), else a terminal has them.
 */
export function devOutboxLine(message: OutgoingMessage, colour: boolean): string {
  const text = message.text.replace(/\s+/g, ' ').trim();
  const code = /\b\d{4,10}\b/.exec(text)?.[0];
  const strong = (s: string) => (colour ? `\u001b[1;7m ${s} \u001b[0m` : s);
  const head = code ? `Code ${strong(code)} for ${message.to}` : `Message for ${message.to}`;
  return `✉ ${head} (${message.channel}): ${text}`;
}

export function terminalHasColour(env: NodeJS.ProcessEnv, stream: { isTTY?: boolean }): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}
