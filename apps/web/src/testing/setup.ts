// Shared test set-up: a console.error fails the test (it always means something is wrong), and component
// tests unmount what they rendered.
import { afterEach, beforeEach, vi } from 'vitest';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during a test: ${args.map(String).join(' ')}`);
  });
});

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
