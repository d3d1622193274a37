// Calls a running Snaplist over real HTTP the way a browser or script does: JSON in, JSON (or bytes) out.
// Test servers in this process and server processes started by a test both speak through it.

export interface TestClient {
  baseUrl: string;
  request(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
  body: any;
  text: string;
  bytes: Buffer;
}

export function httpClient(baseUrl: string): TestClient {
  return {
    baseUrl,
    async request(method, urlPath, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}${urlPath}`, {
        method,
        headers,
        body: encodeBody(options.body),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = bytes.toString('utf8');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the test reads `text` or `bytes`.
      }
      return { status: response.status, headers: response.headers, body: parsed, text, bytes };
    },
  };
}

function encodeBody(body: unknown): string | Uint8Array<ArrayBuffer> | undefined {
  if (body === undefined || typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  return JSON.stringify(body);
}
