// A short message at the edge of a marketplace's page ("Saved to Snaplist: listed on Vinted."), announced to
// screen readers, dismissed by its button or after a while.
import { t } from '../i18n';
import { element, shadowHost } from './dom';

const TOAST_MS = 10_000;

const CSS = `
  .toast {
    position: fixed; z-index: 2147483647; right: 12px; bottom: 12px; max-width: min(420px, calc(100vw - 24px));
    display: flex; align-items: flex-start; gap: 10px; padding: 12px 14px; border-radius: 10px;
    background: #1b1b1f; color: #fff; font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    box-shadow: 0 8px 28px rgba(0, 0, 0, 0.3);
  }
  .toast.error { background: #8a1414; }
  p { margin: 0; }
  button { flex: none; border: 0; background: none; color: inherit; font-size: 20px; line-height: 1; cursor: pointer;
    padding: 0 4px; border-radius: 4px; }
  button:focus-visible { outline: 3px solid #f5a524; }
`;

export function showToast(doc: Document, text: string, tone: 'info' | 'error' = 'info'): void {
  const { host, root } = shadowHost(doc, 'snaplist-toast', CSS);
  const dismiss = element(doc, 'button', { type: 'button', 'aria-label': t('sell_toast_dismiss') }, '×');
  root.append(
    element(
      doc,
      'div',
      { class: `toast ${tone}`, role: tone === 'error' ? 'alert' : 'status' },
      element(doc, 'p', {}, text),
      dismiss,
    ),
  );
  const timer = setTimeout(() => host.remove(), TOAST_MS);
  dismiss.addEventListener('click', () => {
    clearTimeout(timer);
    host.remove();
  });
}
