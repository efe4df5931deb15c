import ky, { HTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { API_PREFIX } from '../domain/constants.ts';
import type { ApiFailure } from '../domain/failure.ts';

/**
 * What the HTTP client needs of whoever owns the session (see src/app/runtime.ts). It knows
 * nothing of machines: a small port, given once when the client is made.
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

/** An HTTP client for /api/maxout; pass it to the typed call functions of src/api. */
export type ApiClient = KyInstance;

/** Calls whose 401 means "wrong credentials", not "session over" (spec §4). */
const SESSION_EXEMPT = ['auth/login', 'auth/register', 'auth/refresh', 'auth/logout'];

function isExempt(url: string) {
  const path = new URL(url, 'http://x').pathname;
  return SESSION_EXEMPT.some((p) => path.endsWith(`${API_PREFIX}/${p}`));
}

const RETRIED = 'x-maxout-retried';

const base = { prefixUrl: API_PREFIX, retry: 0, timeout: 20_000 } as const;

/**
 * The client of a signed-in session: the bearer token on every call, and the 401 rule (one
 * refresh, then one retry with the new token).
 */
export function createSessionClient(hooks: SessionHooks): ApiClient {
  return ky.create({
    ...base,
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
}

/**
 * The client for calls that carry no session, or the token they are given: sign-in, register,
 * refresh, logout, password links, and the profile fetched with a token just received.
 */
export const publicClient: ApiClient = ky.create(base);

const ErrorBody = v.object({
  message: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  code: v.optional(v.string()),
});

/** How a failed call looks to the rest of the app: data (src/domain/failure.ts), never a thrown transport object. */
export async function toApiFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = v.safeParse(ErrorBody, body);
    if (parsed.success && parsed.output.message) {
      return {
        status: error.response.status,
        message: parsed.output.message,
        source: 'server',
        fieldErrors: parsed.output.errors,
        ...(parsed.output.code === undefined ? {} : { code: parsed.output.code }),
      };
    }
    return { status: error.response.status, message: null, source: 'server', fieldErrors: parsed.success ? parsed.output.errors : undefined };
  }
  if (error instanceof v.ValiError) {
    return { status: null, message: 'Unexpected response from the server', source: 'network' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: null, message, source: 'network' };
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Send this bearer token instead of the session's (a token just received, not yet the session's). */
  accessToken?: string;
}

function requestOptions(options: CallOptions) {
  return {
    signal: options.signal,
    ...(options.accessToken ? { headers: { Authorization: `Bearer ${options.accessToken}` } } : {}),
  };
}

/** GET, with the JSON validated by `schema` (a mismatch is a failure, not data). */
export async function getJson<TSchema extends v.GenericSchema>(client: ApiClient, path: string, schema: TSchema, options: CallOptions = {}) {
  return v.parse(schema, await client.get(path, requestOptions(options)).json());
}

/** POST a JSON body, with the JSON answer validated by `schema`. */
export async function postJson<TSchema extends v.GenericSchema>(
  client: ApiClient,
  path: string,
  body: unknown,
  schema: TSchema,
  options: CallOptions = {},
) {
  return v.parse(schema, await client.post(path, { json: body, ...requestOptions(options) }).json());
}
