// The small window Google or Apple sign in in. Pop-up blockers only allow a window opened during the click
// itself, so it opens at once, blank, saying 'Just a moment...', and is pointed at the provider once the server
// has answered where to go. The page that opened it listens for the provider's answer, which the callback page
// sends (lib/provider-callback.ts), and watches whether the seller closed the window.
import { openWaitingWindow } from '@/lib/waiting-window';
import { answerFromMessage, type ProviderAnswer, SIGN_IN_CHANNEL } from './provider-callback';

const POPUP_NAME = 'snaplist-sign-in';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 650;
/** How often to look whether the seller closed the window: there is no event for it. */
const CLOSED_POLL_MS = 500;

/** Opens the waiting window (lib/waiting-window.ts) over this one; null when the browser refused (a blocker). */
export function openSignInPopup(waitingText: string, lang: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return openWaitingWindow(waitingText, lang, {
    name: POPUP_NAME,
    features: `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  });
}

/**
 * Calls `onAnswer` with every provider answer that reaches this page, from a popup's opener message or the
 * sign-in channel; messages from other origins and of other shapes are ignored. Returns the stop function.
 */
export function listenForProviderAnswers(onAnswer: (answer: ProviderAnswer) => void): () => void {
  const onChannelMessage = (event: MessageEvent) => {
    const answer = answerFromMessage(event.data);
    if (answer) onAnswer(answer);
  };
  // A channel only carries this origin's messages; a window message may come from any page.
  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) onChannelMessage(event);
  };
  window.addEventListener('message', onWindowMessage);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SIGN_IN_CHANNEL);
  channel?.addEventListener('message', onChannelMessage);
  return () => {
    window.removeEventListener('message', onWindowMessage);
    channel?.close();
  };
}

/**
 * Calls `onClosed` once when the window reports closed. A window cut off from this page by the browser (see
 * provider-callback.ts) reports closed too while the seller is still in it, so the caller keeps listening
 * for the answer afterwards. Returns the stop function.
 */
export function watchPopupClosed(popup: Window, onClosed: () => void): () => void {
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, CLOSED_POLL_MS);
  return () => window.clearInterval(timer);
}

/**
 * Leaves this page for the provider's sign-in page, when no window could open. An object, so that tests can
 * replace the navigation, which their browser stand-in cannot do.
 */
export const tabNavigation = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};
