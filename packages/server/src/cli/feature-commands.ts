import { readFileSync } from 'node:fs';
import { settingsView, updateApp } from '../apps/app-service.ts';
import type { AppPatchCommand } from '../feature.ts';
import { assertValidPatch } from './app-flags.ts';
import { changed, summary } from './app-output.ts';
import { CliError, type Command, defineCommand } from './command.ts';
import { requireApp, withStorage } from './storage.ts';

/**
 * The `latchkey apps` subcommands the features add (`Feature.appCommands`), as commands. Loading
 * them loads the feature list (the server's modules): only `apps` commands that are not the
 * group's own, and `apps --help`, come here.
 */
export async function featureAppCommands(): Promise<Command[]> {
  const { features } = await import('../features.ts');
  return features.flatMap((feature) => feature.appCommands ?? []).map(appCommand);
}

/** One app command: check the files it reads, open storage, patch the app, print what changed. */
export function appCommand(command: AppPatchCommand): Command {
  return defineCommand({
    name: `apps ${command.name}`,
    args: ['APP_ID', ...(command.args ?? [])],
    ...(command.synopsis ? { synopsis: command.synopsis } : {}),
    summary: command.summary,
    ...(command.details ? { details: command.details } : {}),
    options: command.options,
    async run(values, [id, ...positionals]) {
      for (const flag of Object.keys(command.options).filter((name) => name.endsWith('-file'))) {
        const path = (values as Record<string, unknown>)[flag];
        if (typeof path !== 'string') continue;
        try {
          readFileSync(path);
        } catch (error) {
          throw new CliError(`--${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code})`);
        }
      }
      return withStorage(values['data-dir'], async (ctx) => {
        const current = await requireApp(ctx, id!);
        let patch: Record<string, unknown>;
        try {
          patch = command.patch(current, values, positionals);
        } catch (error) {
          throw new CliError((error as Error).message);
        }
        assertValidPatch(patch);
        const app = await updateApp(ctx, id!, patch);
        return {
          json: { ...summary(app), settings: settingsView(app.settings) },
          human: `Updated app ${app.id}\n${changed(app, patch)}`,
        };
      });
    },
  });
}
