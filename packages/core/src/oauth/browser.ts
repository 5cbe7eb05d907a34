import { type OAuthReturn, popupMarker, readOAuthReturn } from './return-params.ts';

/** Same-origin pages hear a popup's return on this channel (the popup's opener may be cut off). */
const channelName = 'latchkey:oauth-return';

/** The popup's size: the spec's cross-app popup, 440 × 680 (document 1 §2), which providers' pages fit. */
const popupSize = { width: 440, height: 680 };

/** How often the opener looks at the popup (the spec's popup closed-check, document 2 §9). */
const watchMs = 300;

/** What OAuth needs of the page: its address, leaving it, and popups. A test passes its own. */
export interface OAuthBrowser {
  /** The page's address as it is. */
  href(): string;
  /** Leaves the page for `url` (the provider). */
  redirect(url: string): void;
  /** Shows `url` in the address bar without loading it (the return parameters removed). */
  replaceAddress(url: string): void;
  /**
   * Opens an empty popup now, inside the click that asked for it (a popup opened after an await is
   * blocked), or null when the browser blocks it.
   */
  openPopup(): OAuthPopup | null;
}

export interface OAuthPopup {
  /** The address the provider should send the user back to, in this popup. */
  returnUrl(pageUrl: string): string;
  /** Sends the popup to the provider. */
  go(url: string): void;
  /**
   * Resolves with the return the popup came back with. `onClosed` hears when the popup reads as
   * closed; the wait goes on all the same, because a provider's page can cut the popup off from its
   * opener (Cross-Origin-Opener-Policy), which then reads as closed while the user is still there,
   * and its return still arrives on the channel. `close()` ends the wait.
   */
  result(onClosed: () => void): Promise<OAuthReturn>;
  close(): void;
}

/**
 * The page's own window: redirect with `location.assign`, popups with `window.open`.
 *
 * @example
 * const browser = windowOAuthBrowser(window);
 * browser.redirect(await initOAuth(ctx, { provider: 'google', redirectTo: withoutOAuthReturn(browser.href()) }));
 */
export function windowOAuthBrowser(win: Window): OAuthBrowser {
  return {
    href: () => win.location.href,
    redirect: (url) => win.location.assign(url),
    replaceAddress: (url) => win.history.replaceState(win.history.state, '', url),
    openPopup() {
      const left = win.screenX + Math.max(0, (win.outerWidth - popupSize.width) / 2);
      const top = win.screenY + Math.max(0, (win.outerHeight - popupSize.height) / 2);
      const features = `popup,width=${popupSize.width},height=${popupSize.height},left=${left},top=${top}`;
      let popup: Window | null = null;
      try {
        popup = win.open('', '_blank', features);
      } catch {
        popup = null;
      }
      return popup ? watchPopup(win, popup) : null;
    },
  };
}

function watchPopup(win: Window, popup: Window): OAuthPopup {
  let stop = () => {};
  return {
    returnUrl(pageUrl) {
      const url = new URL(pageUrl);
      url.searchParams.set(popupMarker, '1');
      return url.toString();
    },
    go(url) {
      popup.location.href = url;
    },
    result(onClosed) {
      return new Promise<OAuthReturn>((resolve) => {
        const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
        let closedSeen = false;
        const finish = (ret: OAuthReturn) => {
          stop();
          resolve(ret);
        };
        channel?.addEventListener('message', (event: MessageEvent) => {
          const ret = event.data as Partial<OAuthReturn> | null;
          if (typeof ret?.code === 'string' && typeof ret.state === 'string')
            finish({ code: ret.code, state: ret.state, provider: String(ret.provider ?? '') });
        });
        const timer = win.setInterval(() => {
          // Back on this origin, the popup's address is readable: the return may be read there.
          const ret = readPopupReturn(popup);
          if (ret) {
            popup.close();
            finish(ret);
          } else if (popup.closed && !closedSeen) {
            closedSeen = true;
            onClosed();
          }
        }, watchMs);
        stop = () => {
          win.clearInterval(timer);
          channel?.close();
        };
      });
    },
    close() {
      stop();
      popup.close();
    },
  };
}

function readPopupReturn(popup: Window): OAuthReturn | null {
  try {
    return readOAuthReturn(popup.location.href);
  } catch {
    return null; // Still on the provider's origin.
  }
}

/**
 * In the page a popup came back to: hands the return to the page that opened the popup and closes
 * this window. True when this page is such a popup (the caller then does nothing else).
 *
 * @example
 * if (relayPopupReturn(window)) return;
 */
export function relayPopupReturn(win: Window): boolean {
  const href = win.location.href;
  if (new URL(href).searchParams.get(popupMarker) !== '1') return false;
  const ret = readOAuthReturn(href);
  if (ret && typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage(ret);
    channel.close();
  }
  win.close();
  return true;
}
