import type { LoginMethod } from '@latchkey/protocol';
import type { ModalIntent, ModalRequest } from '../ui/intents.ts';
import type { LoginFlow } from './login.ts';
import type { FlowRuntime } from './runtime.ts';
import type { Screen, ScreenName } from './screens.ts';
import type { TransferFlow } from './transfer.ts';

/**
 * Each login method's flow on `ModalFlow`, by the key its screens call it with (`flow.passkey`).
 * A method adds its own with declaration merging, beside its descriptor:
 *
 * @example
 * declare module '../method.ts' { interface ModalMethodFlows { passkey: PasskeyFlow } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one method at a time
export interface ModalMethodFlows {}

export type ModalMethodKey = keyof ModalMethodFlows;

/** What the modal's engine lends a login method: the login that follows a proof, and the account transfer. */
export interface MethodEngine {
  login: LoginFlow;
  transfer: TransferFlow;
}

/**
 * A login method as the modal sees it (`modal/methods/<method>.ts`): its flow, which landing
 * buttons and intents start it, and how it joins the modal's life cycle. The engine (flow.ts,
 * login.ts, navigation.ts) only iterates the list in `methods/index.ts`: it names no method.
 */
export interface ModalMethod<Key extends ModalMethodKey = ModalMethodKey> {
  key: Key;
  create(rt: FlowRuntime, engine: MethodEngine): ModalMethodFlows[Key];
  /** The landing buttons (login methods) it answers; `choose` then starts it. */
  handles?(method: LoginMethod): boolean;
  /** A landing button it handles: its first screen, or straight off (an OAuth provider). */
  choose?(flow: ModalMethodFlows[Key], method: LoginMethod, rt: FlowRuntime): void;
  /** The first screen of the intents it serves (`link-passkey`), given the app's config. */
  intents?: Partial<Record<ModalIntent, (rt: FlowRuntime) => Screen>>;
  /**
   * A request it takes from the start whatever its intent (a wallet deep link, an OAuth return).
   * `again`: the flow starts over ('Try another method'), where a one-off start (a return from a
   * provider) does not repeat.
   */
  firstScreen?(request: ModalRequest, again: boolean): Screen | null;
  /** A request opened: what it starts once its first screen shows (an OAuth redirect or return). */
  open?(flow: ModalMethodFlows[Key], request: ModalRequest): void;
  /** The modal closes or its request ends: stop what is under way (a popup, a timer). */
  exit?(flow: ModalMethodFlows[Key]): void;
  /** A new request: forget what the last one typed. */
  reset?(flow: ModalMethodFlows[Key]): void;
  /** Its screens the user cannot step back from. */
  finalScreens?: readonly ScreenName[];
}

/** Declares a method, typing its hooks by its flow. */
export const modalMethod = <Key extends ModalMethodKey>(method: ModalMethod<Key>): ModalMethod<Key> => method;
