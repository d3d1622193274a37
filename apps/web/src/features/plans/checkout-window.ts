// The payment page opens in a new window: the waiting window (lib/waiting-window.ts),
// opened during the click and pointed at the checkout URL once the server has answered.

/** Points the waiting window at the payment page; the page gets no handle on this tab. */
export function pointWindowAt(popup: Window, url: string): void {
  popup.opener = null;
  popup.location.href = url;
}
