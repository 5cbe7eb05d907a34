import type { LatchkeyClient, ModalIntent, ModalRequest } from '@latchkey/core';
import type { ModalFlow, Screen, ScreenName } from '@latchkey/core/modal';
import type { AppResponse } from '@latchkey/protocol';
import type { ReactNode } from 'react';
import type { LatchkeyConfig } from '../types.ts';

/**
 * What the modal shell gives an area's screens: the screen on top of the flow's stack, the flow
 * to call when the user acts, and what the screens read (the app, the host's config).
 */
export interface AreaProps {
  screen: Screen;
  flow: ModalFlow;
  client: LatchkeyClient;
  config: LatchkeyConfig;
  app: AppResponse | null;
  request: ModalRequest;
  /** The id the screen gives its title (the dialog is labelled by it). */
  titleId: string;
  scheme: 'light' | 'dark';
}

/** An area's screens: renders `screen` when it is one of the area's, else nothing. */
export type AreaComponent = (props: AreaProps) => ReactNode;

/**
 * An area of the modal (`screens/<area>/area.ts`): the screens it draws, the flows that are likely
 * to reach it, and its chunk. The shell builds its tables from the list in `modal/areas.ts`, so a
 * new area adds itself with one line there.
 */
export interface ModalArea {
  /** The screens its component draws (each screen belongs to one area). */
  screens: readonly ScreenName[];
  /** Loaded as the modal opens for these intents, so that no step of their flows waits on the chunk. */
  preload(intent: ModalIntent): boolean;
  /** Its screens that may use the modal's full height (spec 'Heights: full 620px, compact 480px'). */
  fullScreens?: readonly ScreenName[];
  /** Its screens, in a chunk of their own. */
  load(): Promise<{ default: AreaComponent }>;
}

/** Declares an area (the screen names checked against the flows'). */
export const modalArea = <const Names extends readonly ScreenName[]>(
  area: ModalArea & { screens: Names },
): ModalArea & { screens: Names } => area;
