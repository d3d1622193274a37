// The extension's service worker (a background script in Firefox): the only part that holds the seller's
// Snaplist session and talks to the server. Pages and content scripts ask it through src/messages.ts.
import { forgetFill } from './fill-memory';
import { handleRequest } from './router';
import { registerWebBridge } from './web-bridge-registration';

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  void handleRequest(message, sender).then(sendResponse);
  // The answer comes later: this keeps the message channel open for it.
  return true;
});

function registerBridge(): void {
  registerWebBridge().catch((error: unknown) => {
    console.error('Snaplist extension: the web bridge could not be registered', error);
  });
}

chrome.runtime.onInstalled.addListener(registerBridge);
chrome.runtime.onStartup.addListener(registerBridge);

chrome.tabs.onRemoved.addListener((tabId) => {
  void forgetFill(tabId);
});
