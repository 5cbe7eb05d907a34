import { useEffect, useRef } from 'react';
import { reactMethods } from '../methods/index.ts';
import type { PageReturn, PageReturnHost } from '../methods/types.ts';

/** Only pages whose address has a query or a hash can carry a return. */
const mayCarry = () =>
  typeof location !== 'undefined' && (location.search.length > 1 || location.hash.length > 1);

/**
 * What the page came back with from a login method (a provider's return, a wallet's deep link, …):
 * each method's handler loads only when the address has a query or a hash, takes what is its own
 * before the client is ready (`early`), and completes it once it is. Only this check is in the
 * app's first load.
 */
export function usePageReturns(host: PageReturnHost, ready: boolean): void {
  const returns = useRef<Promise<PageReturn[]> | null>(null);
  const taken = useRef(false);
  useEffect(() => {
    if (!mayCarry()) return;
    returns.current = Promise.all(reactMethods.flatMap((method) => method.pageReturn?.() ?? [])).then(
      (loaded) => {
        for (const pageReturn of loaded) pageReturn.early?.();
        return loaded;
      },
    );
    returns.current.catch((error: unknown) =>
      console.error('Latchkey failed to read the page address', error),
    );
  }, []);
  const { client, events, openModal } = host;
  useEffect(() => {
    if (!ready || taken.current || !returns.current) return;
    taken.current = true;
    returns.current
      .then((loaded) =>
        Promise.all(loaded.map((pageReturn) => pageReturn.complete({ client, events, openModal }))),
      )
      .catch(() => undefined);
  }, [ready, client, events, openModal]);
}
