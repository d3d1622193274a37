// @vitest-environment jsdom
import { EXTENSION_MESSAGE_SOURCES } from '@snaplist/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExtensionStatus } from '@/testing/factories';
import { DETECTION_TIMEOUT_MS, type ExtensionStatus, watchExtension } from './extension-bridge';

const status = createExtensionStatus;

/** A message as the browser delivers it: from this window and origin unless said otherwise. */
function deliver(data: unknown, from: { origin?: string; source?: Window | null } = {}): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: from.origin ?? window.location.origin,
      source: from.source === undefined ? window : from.source,
    }),
  );
}

let reported: ExtensionStatus[];
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  reported = [];
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

function watch(): void {
  stop = watchExtension((next) => reported.push(next));
}

describe('watchExtension', () => {
  it('says hello to the extension on this page’s origin only', () => {
    const post = vi.spyOn(window, 'postMessage');
    watch();
    expect(post).toHaveBeenCalledWith(
      { source: EXTENSION_MESSAGE_SOURCES.web, type: 'hello' },
      window.location.origin,
    );
  });

  it('reports the status the extension sends from this window and origin, and every later one', () => {
    watch();
    deliver(status());
    deliver(status({ signedIn: false, email: null }));
    expect(reported).toEqual([
      { state: 'detected', version: '1.2.0', signedInAs: 'seller@example.com' },
      { state: 'detected', version: '1.2.0', signedInAs: null },
    ]);
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS * 2);
    expect(reported).toHaveLength(2);
  });

  it('ignores a status from another origin', () => {
    watch();
    deliver(status(), { origin: 'https://evil.example' });
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS);
    expect(reported).toEqual([{ state: 'not_detected' }]);
  });

  it('ignores a status from another window (a frame on the page) or from none', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    watch();
    deliver(status(), { source: frame.contentWindow });
    deliver(status(), { source: null });
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS);
    expect(reported).toEqual([{ state: 'not_detected' }]);
    frame.remove();
  });

  it('ignores a message that is not a status, its own hello included', () => {
    watch();
    deliver({ source: EXTENSION_MESSAGE_SOURCES.web, type: 'hello' });
    deliver({ ...status(), version: undefined });
    deliver({ ...status(), source: EXTENSION_MESSAGE_SOURCES.web });
    deliver({ ...status(), email: 42 });
    deliver({ ...status(), version: 'x'.repeat(41) });
    deliver('snaplist-extension status');
    deliver(null);
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS);
    expect(reported).toEqual([{ state: 'not_detected' }]);
  });

  it('says "not detected" when nothing answers in time, and still shows an answer that comes later', () => {
    watch();
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS - 1);
    expect(reported).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reported).toEqual([{ state: 'not_detected' }]);
    deliver(status());
    expect(reported.at(-1)).toEqual({
      state: 'detected',
      version: '1.2.0',
      signedInAs: 'seller@example.com',
    });
  });

  it('treats "signed in" without an e-mail as signed out', () => {
    watch();
    deliver(status({ signedIn: true, email: null }));
    expect(reported).toEqual([{ state: 'detected', version: '1.2.0', signedInAs: null }]);
  });

  it('hears nothing more once stopped', () => {
    watch();
    stop();
    deliver(status());
    vi.advanceTimersByTime(DETECTION_TIMEOUT_MS);
    expect(reported).toEqual([]);
  });
});
