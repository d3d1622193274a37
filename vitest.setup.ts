// A console.error during a test is a bug the test did not assert on: fail the test that caused it.
import { afterEach, beforeEach, expect, vi } from 'vitest';

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  expect(consoleError, 'console.error was called during the test').not.toHaveBeenCalled();
  consoleError.mockRestore();
});
