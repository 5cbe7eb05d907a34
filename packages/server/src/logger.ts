/**
 * A line logger. It takes a message and plain fields; callers never pass secrets (codes, tokens,
 * keys), and tests scan the captured lines to prove it.
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
