// A window opened during a click, blank, saying 'Just a moment...', and pointed at another site once the server
// has answered where to go: pop-up blockers only allow a window opened during the click itself. The payment
// page and Google or Apple's sign-in page open this way.

/** Where the window opens and how (`window.open`'s name and features); a new tab when absent. */
export interface WaitingWindowPlacement {
  name: string;
  features: string;
}

/** Opens the waiting window; null when the browser refused (a blocker, or no window in this environment). */
export function openWaitingWindow(
  waitingText: string,
  lang: string,
  placement?: WaitingWindowPlacement,
): Window | null {
  let popup: Window | null = null;
  try {
    popup = placement ? window.open('', placement.name, placement.features) : window.open('', '_blank');
  } catch {
    return null;
  }
  if (!popup) return null;
  try {
    const doc = popup.document;
    doc.title = waitingText;
    doc.documentElement.lang = lang;
    doc.body.style.cssText =
      'margin:0;min-height:100vh;display:grid;place-items:center;font:600 1.1rem system-ui,sans-serif;color:#0f172a;background:#f6f7f9';
    const message = doc.createElement('p');
    message.setAttribute('role', 'status');
    message.textContent = waitingText;
    doc.body.replaceChildren(message);
  } catch {
    // A window we cannot write into still works as the target of the address it is sent to.
  }
  return popup;
}

export function closeWindow(popup: Window | null): void {
  if (popup && !popup.closed) popup.close();
}
