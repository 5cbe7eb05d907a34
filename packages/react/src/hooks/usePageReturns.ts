import { useEffect, useRef } from 'react';
import { reactMethods } from '../methods/index.ts';
import type { PageReturn, PageReturnHost } from '../methods/types.ts';

/**
 * What the page came back with from a login method (a provider's return, a wallet's deep link, …):
 * each method's handler loads only when the address has a query or a hash, takes what is its own
 * before the client is ready (`early`), and completes it once it is. Only this check is in the
 * app's first load.
 */
export function usePageReturns(host: PageReturnHost, ready: boolean): void {
  const returns = useRef<Promise<PageReturn[]> | null>(null);
  useEffect(() => {
    // Only pages whose address has a query or a hash can carry a return.
    if (typeof location === 'undefined' || !(location.search + location.hash)) return;
    returns.current = Promise.all(reactMethods.flatMap((method) => method.pageReturn?.() ?? []));
    returns.current.then(
      (loaded) => {
        for (const pageReturn of loaded) pageReturn.early?.();
      },
      () => undefined,
    );
  }, []);
  const { client, events, openModal } = host;
  useEffect(() => {
    const pending = returns.current;
    if (!ready || !pending) return;
    returns.current = null;
    pending
      .then((loaded) =>
        Promise.all(loaded.map((pageReturn) => pageReturn.complete({ client, events, openModal }))),
      )
      .catch((error: unknown) => console.error('Latchkey: a page return failed', error));
  }, [ready, client, events, openModal]);
}
