import type { LatchkeyClient, ModalRequest } from '@latchkey/core';
import type { ModalFlow, Screen } from '@latchkey/core/modal';
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
