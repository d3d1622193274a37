// The payment page opens in a new window (SPEC sections 4 and 7). Pop-up blockers only allow a window opened
// during the click itself, so the window opens first, blank, saying 'Just a moment...', and is pointed at the
// checkout URL once the server has answered.

/** Opens the waiting window; null when the browser refused (a blocker, or no window in this environment). */
export function openWaitingWindow(waitingText: string, lang: string): Window | null {
  let popup: Window | null = null;
  try {
    popup = window.open('', '_blank');
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
    // A window we cannot write into still works as the target of the checkout URL.
  }
  return popup;
}

/** Points the waiting window at the payment page; the page gets no handle on this tab. */
export function pointWindowAt(popup: Window, url: string): void {
  popup.opener = null;
  popup.location.href = url;
}

export function closeWindow(popup: Window | null): void {
  if (popup && !popup.closed) popup.close();
}
