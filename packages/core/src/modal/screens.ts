/**
 * The modal's screens, by name. The engine and each area declare their own screens in their own
 * file with declaration merging (wagmi's `Register` pattern), so a new area adds screens without
 * editing a central union:
 *
 * @example
 * declare module '../screens.ts' {
 *   interface ModalScreens { 'telegram-status': { name: 'telegram-status'; status: TelegramStatus } }
 * }
 *
 * Each entry's key is its screen's `name` (checked below).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one area at a time
export interface ModalScreens {}

export type ScreenName = keyof ModalScreens;

export type Screen = ModalScreens[ScreenName];

/** Fails to compile when an entry's `name` differs from its key. */
type NamesMatchKeys = { [K in ScreenName]: ModalScreens[K] extends { name: K } ? true : K }[ScreenName];
true satisfies NamesMatchKeys;

/** The screens of the given names (an area's union). */
export type ModalScreensOf<Name extends ScreenName> = ModalScreens[Name];
