/**
 * A stubbed `fetch` for the tests of src/api: each request is recorded as what the server would
 * see (method, path, bearer token, Idempotency-Key, JSON body) and answered by the test's handler.
 */
import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  key: string | null;
  body: unknown;
}

/** The requests since the last `serve`, in order. */
export const seen: SeenRequest[] = [];

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function serve(handler: (request: SeenRequest) => Response) {
  seen.length = 0;
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('authorization'),
      key: request.headers.get('idempotency-key'),
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    return handler(entry);
  });
}
