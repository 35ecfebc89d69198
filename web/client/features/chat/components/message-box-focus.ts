/** The composer's message box (its textarea's id). */
export const MESSAGE_BOX_ID = 'composer-input';

/**
 * Puts the cursor in the message box, as a new or newly opened chat is shown: where a keyboard is at
 * hand, not on a touch screen (it would bring up the on-screen keyboard over the chat), and not from
 * under an open dialog.
 */
export function focusMessageBox(): void {
  if (window.matchMedia?.('(pointer: coarse)').matches || document.querySelector('[role="dialog"]')) return;
  const box = document.getElementById(MESSAGE_BOX_ID);
  if (box instanceof HTMLTextAreaElement && document.activeElement !== box) box.focus({ preventScroll: true });
}
