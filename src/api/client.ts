import ky, { HTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { API_PREFIX } from '../domain/constants.ts';

/**
 * The one HTTP client. It knows nothing of machines: whoever owns the session registers
 * `getAccessToken` and `onUnauthorized` at start-up (see src/app/actors.tsx).
 */
export interface SessionHooks {
  /** The current access token, or null when signed out. */
  getAccessToken(): string | null;
  /**
   * Called once per failed request on a 401 (spec §4 rule). Resolves with a fresh access token
   * when the session could be refreshed (the request is retried once), or null when it ended.
   */
  onUnauthorized(): Promise<string | null>;
  /** Where the page is now; 401s under /auth/ are left to the screen. */
  currentPath(): string;
}

let hooks: SessionHooks = {
  getAccessToken: () => null,
  onUnauthorized: async () => null,
  currentPath: () => (typeof location === 'undefined' ? '/' : location.pathname),
};

export function registerSessionHooks(next: SessionHooks) {
  hooks = next;
}

/** Calls whose 401 means "wrong credentials", not "session over" (spec §4). */
const SESSION_EXEMPT = ['auth/login', 'auth/register', 'auth/refresh', 'auth/logout'];

function isExempt(url: string) {
  const path = new URL(url, 'http://x').pathname;
  return SESSION_EXEMPT.some((p) => path.endsWith(`${API_PREFIX}/${p}`));
}

const RETRIED = 'x-maxout-retried';

export const http: KyInstance = ky.create({
  prefixUrl: API_PREFIX,
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = hooks.getAccessToken();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        if (response.status !== 401 || isExempt(request.url) || request.headers.has(RETRIED)) return response;
        if (hooks.currentPath().startsWith('/auth/')) return response;
        const token = await hooks.onUnauthorized();
        if (!token) return response;
        const retry = new Request(request, { headers: new Headers(request.headers) });
        retry.headers.set('Authorization', `Bearer ${token}`);
        retry.headers.set(RETRIED, '1');
        return ky(retry, { retry: 0, throwHttpErrors: false });
      },
    ],
  },
});

/** How a failed call looks to the rest of the app: data, never a thrown transport object. */
export interface ApiFailure {
  /** HTTP status, or null when no response came (offline, timeout, aborted). */
  status: number | null;
  /** The server's `message` when it sent one; otherwise a transport description. */
  message: string | null;
  /** Where the message came from: the server's JSON, or the network layer. */
  source: 'server' | 'network';
  fieldErrors?: Record<string, string[]>;
}

const ErrorBody = v.object({
  message: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
});

export async function toApiFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = v.safeParse(ErrorBody, body);
    if (parsed.success && parsed.output.message) {
      return { status: error.response.status, message: parsed.output.message, source: 'server', fieldErrors: parsed.output.errors };
    }
    return { status: error.response.status, message: null, source: 'server', fieldErrors: parsed.success ? parsed.output.errors : undefined };
  }
  if (error instanceof v.ValiError) {
    return { status: null, message: 'Unexpected response from the server', source: 'network' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: null, message, source: 'network' };
}

/** Runs a call and validates its JSON with the given schema. */
export async function getJson<TSchema extends v.GenericSchema>(path: string, schema: TSchema, signal?: AbortSignal) {
  return v.parse(schema, await http.get(path, { signal }).json());
}

export async function postJson<TSchema extends v.GenericSchema>(path: string, body: unknown, schema: TSchema, signal?: AbortSignal) {
  return v.parse(schema, await http.post(path, { json: body, signal }).json());
}
