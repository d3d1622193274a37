// A local HTTP server that speaks OpenAI's chat-completions protocol (POST {baseUrl}/chat/completions), for
// tests of the vision-model engine: it records every request and answers with scripted behaviours (a JSON
// listing, raw content, a refusal, an error status, a delay), or a valid listing when nothing is scripted.
import http from 'node:http';
import { closeServer, listenLocally } from './local-http';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What the fake answers to one request. */
export type FakeReply =
  /** A reply whose content is this object as JSON. */
  | { kind: 'listing'; listing: Record<string, unknown>; usage?: FakeUsage | null; finishReason?: string }
  /** A reply whose content is this text as it stands: malformed JSON, prose, fences. */
  | { kind: 'content'; content: string; usage?: FakeUsage | null; finishReason?: string }
  /** A structured-outputs refusal: `message.refusal` set, content null. */
  | { kind: 'refusal'; refusal: string }
  /** An OpenAI-style error: 429 comes with `retry-after: 0` unless headers say otherwise. */
  | {
      kind: 'status';
      status: number;
      message?: string;
      type?: string;
      code?: string;
      headers?: Record<string, string>;
    }
  /** Waits, then answers with `then` (the default listing when absent): long enough, the client times out. */
  | { kind: 'delay'; ms: number; then?: FakeReply };

export interface FakeOpenAiOptions {
  /** When set, a request without `Authorization: Bearer <apiKey>` gets 401, as a hosted provider answers. */
  apiKey?: string;
}

export interface FakeOpenAi {
  /** Ends in /v1, like https://api.openai.com/v1. */
  baseUrl: string;
  /** Every request received, in order, retries included. */
  requests: RecordedRequest[];
  /** Queues behaviours for the next requests, one each; when the queue is empty, the default listing. */
  reply(...scripted: FakeReply[]): void;
  /** The most requests that were in flight at the same moment. */
  maxConcurrent(): number;
  close(): Promise<void>;
}

/** The listing the fake answers with when nothing is scripted: valid against the engine's schema. */
export const DEFAULT_FAKE_LISTING = {
  title: 'Blue Denim Straight Leg Jeans',
  description:
    'Blue denim jeans with a straight leg. Five pockets and a button fly. Clean and ready to wear.',
  tags: ['jeans', 'denim', 'blue jeans', 'straight leg'],
  price: { min: 12, max: 20 },
  brand: null,
  brandReading: null,
  size: null,
  sizeReading: null,
  colours: ['Blue'],
  category: 'Bottoms',
  condition: 'Very good',
};

export const DEFAULT_FAKE_USAGE: FakeUsage = { prompt_tokens: 1200, completion_tokens: 150 };

const DEFAULT_ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: 'response_format not supported', type: 'invalid_request_error', code: null },
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  404: { message: 'The model does not exist.', type: 'invalid_request_error', code: 'model_not_found' },
  429: { message: 'Rate limit reached.', type: 'requests', code: 'rate_limit_exceeded' },
  500: {
    message: 'The server had an error while processing your request.',
    type: 'server_error',
    code: null,
  },
};

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let mostInFlight = 0;
  let completions = 0;

  const server = http.createServer((request, response) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(request.url ?? '/', 'http://fake-openai').pathname;
      const method = request.method ?? 'GET';
      const recorded: RecordedRequest = { method, path, headers: request.headers, body: parseJson(text) };
      requests.push(recorded);

      if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendError(response, { kind: 'status', status: 401 });
      }
      if (method !== 'POST' || path !== '/v1/chat/completions') {
        return sendError(response, {
          kind: 'status',
          status: 404,
          message: `Unknown route ${method} ${path}`,
        });
      }
      const model = (recorded.body as { model?: unknown } | null)?.model;
      answer(response, queue.shift() ?? { kind: 'listing', listing: DEFAULT_FAKE_LISTING }, String(model));
    });
  });

  function answer(response: http.ServerResponse, reply: FakeReply, model: string): void {
    if (response.destroyed) return;
    switch (reply.kind) {
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer(response, reply.then ?? { kind: 'listing', listing: DEFAULT_FAKE_LISTING }, model);
        }, reply.ms);
        timers.add(timer);
        return;
      }
      case 'status':
        sendError(response, reply);
        return;
      case 'refusal':
        sendCompletion(
          response,
          model,
          { content: null, refusal: reply.refusal },
          'stop',
          DEFAULT_FAKE_USAGE,
        );
        return;
      case 'listing':
      case 'content': {
        const content = reply.kind === 'listing' ? JSON.stringify(reply.listing) : reply.content;
        const usage = reply.usage === undefined ? DEFAULT_FAKE_USAGE : reply.usage;
        sendCompletion(response, model, { content, refusal: null }, reply.finishReason ?? 'stop', usage);
        return;
      }
    }
  }

  function sendCompletion(
    response: http.ServerResponse,
    model: string,
    message: { content: string | null; refusal: string | null },
    finishReason: string,
    usage: FakeUsage | null,
  ): void {
    completions += 1;
    const body = {
      id: `chatcmpl-fake${completions}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        { index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: finishReason },
      ],
      ...(usage === null
        ? {}
        : { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const url = await listenLocally(server);

  return {
    baseUrl: `${url}/v1`,
    requests,
    reply(...scripted) {
      queue.push(...scripted);
    },
    maxConcurrent: () => mostInFlight,
    async close() {
      // Delayed answers are dropped and open connections cut, so closing never waits for them.
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
    },
  };
}

function sendError(response: http.ServerResponse, reply: Extract<FakeReply, { kind: 'status' }>): void {
  const known = DEFAULT_ERRORS[reply.status] ?? {
    message: 'The fake failed on purpose.',
    type: 'server_error',
    code: null,
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(reply.status === 429 ? { 'retry-after': '0' } : {}),
    ...reply.headers,
  };
  response.writeHead(reply.status, headers);
  response.end(
    JSON.stringify({
      error: {
        message: reply.message ?? known.message,
        type: reply.type ?? known.type,
        param: null,
        code: reply.code ?? known.code,
      },
    }),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
