/**
 * The checkout the browser was sent to, kept until the visitor is back on /subscribe. The success
 * URL names its checkout; the back link and the browser's back button do not, so this is how the
 * page knows which checkout to read back when someone returns without paying.
 */
const KEY = 'ensemble.pendingCheckout';

export function rememberPendingCheckout(checkoutId: string): void {
  try {
    window.localStorage.setItem(KEY, checkoutId);
  } catch {
    // Without storage a return without payment goes unreported; a paid one still names itself.
  }
}

export function takePendingCheckout(): string | null {
  try {
    const id = window.localStorage.getItem(KEY);
    window.localStorage.removeItem(KEY);
    return id;
  } catch {
    return null;
  }
}
