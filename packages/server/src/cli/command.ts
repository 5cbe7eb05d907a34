import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

/**
 * An error the CLI reports as one line (no stack) with its exit code: 1 for a failure (bad value,
 * missing app, busy port), 2 for a usage error (unknown flag, missing argument).
 */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Options every command accepts. */
export const globalOptions = {
  'data-dir': { type: 'string', default: '.latchkey' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: O & typeof globalOptions;
    allowPositionals: true;
    strict: true;
  }>
>;
export type Values<O extends ParseArgsOptionsConfig> = Parsed<O>['values'];

/** What a command prints: `json` with `--json`, else the human text. */
export interface Output {
  json: unknown;
  human: string;
}

export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  /** `apps create`: how it is typed after `latchkey`. */
  name: string;
  /** Its positionals, in order; `[X]` is optional. */
  args?: string[];
  /** The flags part of its usage line. */
  synopsis?: string;
  summary: string;
  /** Lines after the summary: what each flag means, examples. */
  details?: string;
  options: O;
  /** `--data-dir` means nothing to this command (it shows no storage). */
  noStorage?: boolean;
  run(values: Values<O>, positionals: string[]): Promise<Output | number>;
}

/** A command with its option types erased, so commands of any options sit in one table. */
export interface Command {
  name: string;
  summary: string;
  usage(): string;
  main(argv: string[]): Promise<number>;
}

export function defineCommand<const O extends ParseArgsOptionsConfig>(spec: CommandSpec<O>): Command {
  const args = spec.args ?? [];
  const usage = () => {
    const common = spec.noStorage ? '[--json]' : '[--json] [--data-dir DIR]';
    const line = ['latchkey', spec.name, ...args, spec.synopsis ?? '', common].filter(Boolean).join(' ');
    const commonHelp = spec.noStorage
      ? ['  --json             machine-readable output (one JSON value)']
      : [
          '  --data-dir DIR     the data dir `latchkey serve` uses (default ./.latchkey; ignored for the',
          '                     database when DATABASE_URL is set)',
          '  --json             machine-readable output (one JSON value)',
        ];
    return [
      `Usage: ${line}`,
      '',
      spec.summary,
      ...(spec.details ? ['', spec.details] : []),
      '',
      'Common options:',
      ...commonHelp,
      '  -h, --help         this help',
    ].join('\n');
  };
  return {
    name: spec.name,
    summary: spec.summary,
    usage,
    async main(argv) {
      const { values, positionals } = parse(spec.name, { ...spec.options, ...globalOptions }, argv);
      // Help before anything else: no data dir opened, no database created, no key printed.
      if (values.help) {
        console.log(usage());
        return 0;
      }
      const required = args.filter((a) => !a.startsWith('[')).length;
      if (positionals.length < required)
        throw new CliError(
          `${spec.name} needs ${args.slice(positionals.length, required).join(' ')}\n\n${usage()}`,
          2,
        );
      if (positionals.length > args.length)
        throw new CliError(
          `${spec.name}: unexpected argument "${positionals[args.length]}"\n\n${usage()}`,
          2,
        );
      const result = await spec.run(values as Values<O>, positionals);
      if (typeof result === 'number') return result;
      console.log(values.json ? JSON.stringify(result.json) : result.human);
      return 0;
    },
  };
}

/** `node:util` parseArgs in strict mode, its errors turned into one clear line and exit 2. */
function parse(name: string, options: ParseArgsOptionsConfig, argv: string[]) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    const message = (error as Error).message;
    const flag = message.match(/'(-[^ ']+)/)?.[1];
    const text =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag
        ? `unknown option ${flag}`
        : message.split('. To specify')[0]!;
    throw new CliError(`${name}: ${text} (latchkey ${name} --help lists the options)`, 2);
  }
}

/**
 * A group of subcommands: `latchkey apps create|update|…`. `more` loads the subcommands others add
 * (the features' `apps` commands): only when the command named is not one of `commands`, or the
 * group's help lists them all, so the group's own commands load no more than before.
 */
export function defineGroup(
  name: string,
  summary: string,
  commands: Command[],
  more?: () => Promise<Command[]>,
): Command {
  const usage = (all: Command[] = commands) =>
    [
      `Usage: latchkey ${name} <command> [options]`,
      '',
      summary,
      '',
      'Commands:',
      ...all.map((c) => `  latchkey ${c.name.padEnd(28)} ${c.summary.split('\n')[0]}`),
      '',
      `latchkey ${name} <command> --help shows a command's options.`,
    ].join('\n');
  const all = async () => [...commands, ...(more ? await more() : [])];
  return {
    name,
    summary,
    usage,
    async main(argv) {
      const [action, ...rest] = argv;
      if (action === '--help' || action === '-h' || action === 'help') {
        console.log(usage(await all()));
        return 0;
      }
      if (action === undefined) throw new CliError(`${name} needs a command\n\n${usage(await all())}`, 2);
      const named = (list: Command[]) => list.find((c) => c.name === `${name} ${action}`);
      const command = named(commands) ?? named(await all());
      if (!command)
        throw new CliError(`unknown command "latchkey ${name} ${action}"\n\n${usage(await all())}`, 2);
      return command.main(rest);
    },
  };
}
