// Caps how many requests this process has in flight to the model server: a hosted provider rate-limits per
// key and a local server (Ollama, vLLM) runs a few requests at a time, so the rest wait their turn here.

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Semaphore limit must be a positive integer`);
  }

  /** Runs `task` once a slot is free; tasks start in the order they asked. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    // The slot passes straight from the releasing task to this one, so `active` never drops in between.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
