import type { LatchkeyContextValue } from '../LatchkeyContext.ts';

/**
 * The actions `useLatchkey()` gets from the login methods (`linkGoogle`, `unlinkTelegram`, …). A
 * method adds its own with declaration merging, beside its descriptor:
 *
 * @example
 * declare module './types.ts' { interface MethodActions { linkTelegram(): void } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one method at a time
export interface MethodActions {}

/** What a page return is completed with: the provider's client, events and modal. */
export type PageReturnHost = Pick<LatchkeyContextValue, 'client' | 'events' | 'openModal'>;

/**
 * Something the page may come back with from a method: a provider's return, a wallet's deep link,
 * a Mini App's launch data. Loaded only when the address has a query or a hash.
 */
export interface PageReturn {
  /** At once, before the client is ready (an OAuth popup hands its return to its opener). */
  early?(): void;
  /** Once the client is ready: completes what the address carries, if it carries this method's. */
  complete(host: PageReturnHost): Promise<void>;
}

/**
 * A login method's part of the React SDK (`methods/<method>.ts`): its `useLatchkey()` actions and
 * what the page may come back with. The provider and the hooks iterate the list in `index.ts`.
 */
export interface ReactMethod {
  /** In the app's first load: keep these small and load the rest on use. */
  actions?(context: LatchkeyContextValue): Partial<MethodActions>;
  pageReturn?(): Promise<PageReturn>;
}
