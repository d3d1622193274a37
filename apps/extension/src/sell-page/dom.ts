// Small helpers for the extension's own elements on a marketplace's page (the panel and the toasts): each lives
// in a Shadow DOM root of its own so the page's CSS cannot reach it, and ours cannot reach the page.

type Attributes = Record<string, string | boolean | undefined>;
type Child = Node | string | null | undefined | false;

/** Creates an element of the page's document with attributes (`true` for a bare one) and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) created.setAttribute(name, '');
    else if (typeof value === 'string') created.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    created.append(child);
  }
  return created;
}

/**
 * A host element fixed above the page, with an open shadow root (open so that tests and assistive tools can
 * read it; the page could too, but it holds nothing secret). `:host { all: initial }` stops the page's
 * inherited styles (fonts, colours, line heights) at the border.
 */
export function shadowHost(doc: Document, tag: string, css: string): { host: HTMLElement; root: ShadowRoot } {
  const host = doc.createElement(tag);
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = `:host { all: initial; } ${css}`;
  root.append(style);
  // On <html> rather than <body>: single-page apps re-render their body and would take the host with it.
  doc.documentElement.append(host);
  return { host, root };
}
