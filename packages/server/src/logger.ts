/**
 * A line logger. It takes a message and plain fields; callers never pass secrets (tokens, keys,
 * app secrets), and tests scan the captured lines to prove it. The one exception is the
 * development outbox, whose purpose is to show codes in the console when no SMTP / Twilio is set.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * How much the console logger writes (`LATCHKEY_LOG_LEVEL`): `info` everything, `error` only
 * failures (no access lines, no notices), `silent` nothing.
 */
export type LogLevel = 'info' | 'error' | 'silent';

export const logLevels: readonly LogLevel[] = ['info', 'error', 'silent'];

/**
 * One JSON object per line (`t`, `level`, `message`, then the fields), for log shippers to parse.
 * `base` fields go on every line: a worker of `latchkey serve --workers N` adds its pid (`worker`),
 * so the interleaved lines of the workers can be told apart.
 */
export function consoleLogger(
  write: (line: string) => void = stdoutLine,
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
): Logger {
  const emit = (lineLevel: string, message: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ t: new Date().toISOString(), level: lineLevel, message, ...base, ...fields }));
  return {
    info: level === 'info' ? (message, fields) => emit('info', message, fields) : () => {},
    error: level === 'silent' ? () => {} : (message, fields) => emit('error', message, fields),
  };
}

let corked = false;
let exitHooked = false;
const uncork = () => {
  if (!corked) return;
  corked = false;
  process.stdout.uncork();
};

/**
 * Writes a line to standard output, in one system call with the other lines of this turn of the
 * event loop: under load every answered request logs a line, and a write each (stdout to a pipe is
 * synchronous) was a large part of a request's cost. Stdout is corked until the next turn, so
 * everything written to it (console.log too) keeps its order; the lines still held when the
 * process exits (process.exit, an uncaught exception) are written on the way out.
 */
function stdoutLine(line: string): void {
  if (!corked) {
    corked = true;
    process.stdout.cork();
    setImmediate(uncork);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', uncork);
    }
  }
  process.stdout.write(`${line}\n`);
}

export const silentLogger: Logger = { info() {}, error() {} };
