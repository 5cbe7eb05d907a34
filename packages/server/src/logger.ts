/**
 * A line logger. It takes a message and plain fields; callers never pass secrets (tokens, keys,
 * app secrets), and tests scan the captured lines to prove it. The one exception is the
 * development outbox, whose purpose is to show codes in the console when no SMTP / Twilio is set.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function consoleLogger(write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Logger {
  const emit = (level: string, message: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ t: new Date().toISOString(), level, message, ...fields }));
  return {
    info: (message, fields) => emit('info', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

export const silentLogger: Logger = { info() {}, error() {} };
