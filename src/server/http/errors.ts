import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { fieldErrors } from '../../domain/schemas/issues.ts';

/** The one error shape of the API: `{ message, errors?: { field: [messages] } }`. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** An expected failure with a status a client can act on; anything else becomes a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** A body of its own (with a `message`), for answers that carry more than the error shape, such as a `code`. */
    readonly body?: { message: string } & Record<string, unknown>,
  ) {
    super(message);
  }
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';

/**
 * Reads a JSON body and validates it. Wrong content type → 415; malformed JSON → 400;
 * schema failure → 422 with field messages. Never a 500 for a client mistake.
 */
export async function readJson<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, 'Requests must be sent as application/json.');
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  // valibot's object schemas accept an array when every field is optional (no required key is
  // missing and an empty array has no unknown keys); a JSON array is never a valid object body.
  if (Array.isArray(raw) && /object$/.test(schema.type)) {
    throw new ApiError(422, VALIDATION_MESSAGE, { _: ['The request body must be a JSON object.'] });
  }
  const result = v.safeParse(schema, raw);
  if (!result.success) throw new ApiError(422, VALIDATION_MESSAGE, fieldErrors(result.issues));
  return result.output;
}

/**
 * {@link readJson} for calls a client may send without a body: no Content-Type and no
 * Content-Length is read as `{}`, so a missing field is a 422 on that field rather than a 415.
 */
export async function readJsonOrEmpty<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  if (c.req.header('content-type') === undefined && c.req.header('content-length') === undefined) {
    const result = v.safeParse(schema, {});
    if (!result.success) throw new ApiError(422, VALIDATION_MESSAGE, fieldErrors(result.issues));
    return result.output;
  }
  return readJson(c, schema);
}

export function errorResponse(c: Context, error: ApiError) {
  if (error.body) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(error.body, error.status);
  }
  const body: ApiErrorBody = { message: error.message };
  if (error.errors && Object.keys(error.errors).length > 0) body.errors = error.errors;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}
