// The spec's deliberate pauses (post-auth waits, progress steps) are awaited, not chained with timeouts.
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
