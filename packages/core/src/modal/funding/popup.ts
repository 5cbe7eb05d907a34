import type { FundingPopup } from '../../funding/coinbase-flow.ts';

/** The providers' popup: the size of the modal's other provider popups (spec document 1 §2: 440 × 680). */
const popupSize = { width: 440, height: 680 };

/**
 * Opens a blank popup now, inside the click that asked for it (a popup opened after an await is
 * blocked), to be pointed at the provider once the server answered; null when the browser refused.
 */
export function openWindowPopup(win: Window | undefined = globalThis.window): FundingPopup | null {
  if (!win) return null;
  const left = win.screenX + Math.max(0, (win.outerWidth - popupSize.width) / 2);
  const top = win.screenY + Math.max(0, (win.outerHeight - popupSize.height) / 2);
  let popup: Window | null = null;
  try {
    popup = win.open(
      '',
      '_blank',
      `popup,width=${popupSize.width},height=${popupSize.height},left=${left},top=${top}`,
    );
  } catch {
    popup = null;
  }
  if (!popup) return null;
  const opened = popup;
  return {
    get closed() {
      return opened.closed;
    },
    navigate(url) {
      opened.location.href = url;
    },
    close() {
      opened.close();
    },
  };
}
