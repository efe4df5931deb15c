/**
 * Contract fuzz, driven by the API description (both databases). Every operation of the generated
 * OpenAPI document is exercised with requests built from the document alone: bodies that are
 * valid per the operation's JSON request schema, and bodies that break that schema one property
 * at a time (a required property left out, a value of the wrong type, a value out of bounds, an
 * unknown property added). Path, query and header parameters are filled from their own schemas.
 * Signed-in operations are sent with a live session of a verified account with a known password
 * (one account per operation, so one operation's side effects do not change another's answers;
 * when an operation ends its session or closes its account, the next request gets a new account).
 * Where the schema allows it, a property often takes a value a real client sends (by its name:
 * an address, a date, the account's password), so valid bodies also get past the checks JSON
 * Schema cannot say and reach the handler.
 *
 * Every answer must be a status the document lists for that operation and never a 5xx, and its
 * JSON body must match the schema the document gives for that status; a body that breaks the
 * contract must get a 4xx (never a 2xx); a 422 must be `{ message, errors }`.
 *
 * Operations left out, and why:
 * - POST /csp-report: its body is `application/csp-report` / `application/reports+json` with no
 *   schema in the document (browsers send it; tests/server/fuzz.test.ts covers it with junk).
 * - GET /reference: development only, not mounted in the app under test.
 * Bodies whose valid form needs a secret the schema cannot give (a mailed reset token, a two-step
 * challenge or code, a refresh token) are still sent; they reach the check of that secret and are
 * answered with its 4xx. Operations that need earlier steps (claim answers after the PAYE
 * authorisation) are answered with their listed 403.
 *
 * A failure prints the seed; `FUZZ_SEED=<n>` replays it, `CONTRACT_FUZZ_RUNS=<n>` sends more,
 * `CONTRACT_FUZZ_DEBUG=1` prints every request and answer.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/constants.ts';
import { DEV_PAYE_AGENT } from '../../src/server/config.ts';
import { users } from '../../src/server/db/schema.ts';
import { type OpenApiDocument, type OpenApiOperation, apiRouteKeys } from '../../src/server/http/openapi.ts';
import { apiDocument } from '../../src/server/routes/openapi.ts';
import { passwordService } from '../../src/server/services/passwords.ts';
import { PASSWORD } from '../support/accounts.ts';
import { pngDataUrl } from '../support/png.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Valid and contract-breaking bodies per operation (each); the seed makes them the same on every run. */
const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 6);
/** Requests per operation without a JSON body (reads, sign-outs). */
const BODYLESS_RUNS = Math.max(1, Math.ceil(RUNS / 3));

/** Operations the fuzz leaves out (see the file's comment). */
const SKIPPED = new Set(['POST /csp-report', 'GET /reference']);

/** The subset of JSON Schema (draft 2020-12) the generated document uses. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** Keywords this file understands; a schema with any other one fails the test, so the generator is never silently wrong. */
const KNOWN_KEYWORDS = new Set([
  '$ref', 'type', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'const', 'enum', 'anyOf', 'oneOf', 'allOf', 'description', 'title', 'default', 'examples',
]);

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
};

/** `accountEmail`: the signed-in account's address, for fields that must repeat it. */
function schemaFor(document: OpenApiDocument, accountEmail: () => string = () => 'ann@example.ie') {
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name] as Schema | undefined;
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return resolve(target);
  };

  const typeOf = (value: unknown): string => {
    if (value === null) return 'null';
    if (Array.isArray(value)) return 'array';
    if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
    return typeof value;
  };

  /** Whether `value` satisfies `schema` (the keywords above; unknown keywords are refused up front). */
  const valid = (given: Schema, value: unknown): boolean => {
    const schema = resolve(given);
    if (schema.anyOf && !schema.anyOf.some((option) => valid(option, value))) return false;
    if (schema.oneOf && schema.oneOf.filter((option) => valid(option, value)).length !== 1) return false;
    if (schema.allOf && !schema.allOf.every((option) => valid(option, value))) return false;
    if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
    if (schema.enum && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) return false;
    if (schema.type) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const actual = typeOf(value);
      if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return false;
    }
    if (typeof value === 'string') {
      const length = [...value].length;
      if (schema.minLength !== undefined && length < schema.minLength) return false;
      if (schema.maxLength !== undefined && length > schema.maxLength) return false;
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
      if (schema.format && FORMATS[schema.format] && !FORMATS[schema.format]!.test(value)) return false;
    }
    if (typeof value === 'number') {
      if (schema.minimum !== undefined && value < schema.minimum) return false;
      if (schema.maximum !== undefined && value > schema.maximum) return false;
      if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
      if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
    }
    if (Array.isArray(value)) {
      if (schema.minItems !== undefined && value.length < schema.minItems) return false;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
      if (schema.items && !value.every((item) => valid(schema.items!, item))) return false;
    }
    if (typeOf(value) === 'object') {
      const object = value as Record<string, unknown>;
      for (const name of schema.required ?? []) if (!Object.hasOwn(object, name)) return false;
      for (const [name, inner] of Object.entries(object)) {
        if (schema.propertyNames && !valid(schema.propertyNames, name)) return false;
        const property = schema.properties?.[name];
        if (property) {
          if (!valid(property, inner)) return false;
        } else if (schema.additionalProperties === false) return false;
        else if (typeof schema.additionalProperties === 'object' && !valid(schema.additionalProperties, inner)) return false;
      }
    }
    return true;
  };

  const checkKeywords = (given: Schema, where: string): void => {
    const schema = resolve(given);
    for (const key of Object.keys(schema)) if (!KNOWN_KEYWORDS.has(key)) throw new Error(`${where}: keyword ${key} is not understood by the contract fuzz`);
    for (const [name, inner] of Object.entries(schema.properties ?? {})) checkKeywords(inner, `${where}.${name}`);
    for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) checkKeywords(inner, where);
    if (schema.items) checkKeywords(schema.items, `${where}[]`);
    if (typeof schema.additionalProperties === 'object') checkKeywords(schema.additionalProperties, `${where}.*`);
    if (schema.propertyNames) checkKeywords(schema.propertyNames, `${where} (names)`);
  };

  /** Values a real client sends, by property name: used (when the schema allows them) so valid bodies also reach past the field checks. */
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    email: fc.oneof(fc.emailAddress(), fc.constantFrom('ann@example.ie', 'Sean.Murphy@example.ie')),
    emailAddress: fc.constant(null).map(() => accountEmail()),
    dob: fc.constantFrom('1990-05-01', '1975-12-31'),
    date_of_birth: fc.constantFrom('1990-05-01', '1975-12-31'),
    dateOfBirth: fc.constantFrom('1990-05-01'),
    maritalStatus: fc.constantFrom('single', 'married'),
    marital_status: fc.constantFrom('single', 'married'),
    pensionPlanId: fc.constantFrom('IL-12345678', ''),
    pension_plan_id: fc.constantFrom('IL-12345678', null),
    ppsn: fc.constantFrom('1234567T', '1234567t ', ''),
    first_name: fc.constantFrom('Ann', 'Seán'),
    firstName: fc.constantFrom('Ann'),
    surname: fc.constantFrom('Murphy', "O'Brien"),
    lastName: fc.constantFrom('Murphy'),
    password: fc.constant(PASSWORD),
    password_confirmation: fc.constant(PASSWORD),
    current_password: fc.constant(PASSWORD),
    annual_income: fc.integer({ min: 0, max: 200_000 }),
    paid_pension: fc.integer({ min: 0, max: 20_000 }),
    amount: fc.constantFrom(25, 100, 1250.5),
    tax_year: fc.constantFrom(2025, 2026),
    year: fc.constantFrom(2025, 2024),
    source: fc.constantFrom('sandbox-debit-card'),
    iban: fc.constantFrom('IE29AIBK93115212345678'),
    start_date: fc.constantFrom('2026-02-01', '2026-03-15'),
    authorized_at: fc.constantFrom('2026-01-15T10:00:00.000Z'),
    clientSignature: fc.constant(pngDataUrl()),
    clientSignatureDate: fc.constantFrom('2026-01-15'),
    agentSignatureDate: fc.constantFrom('2026-01-15'),
    ...Object.fromEntries(Object.entries(DEV_PAYE_AGENT).map(([name, value]) => [name, fc.constant(value)])),
    code: fc.constantFrom('123456'),
  };

  const anyJson = fc.jsonValue({ maxDepth: 2 });

  const stringArbitrary = (schema: Schema): fc.Arbitrary<string> => {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 40);
    let base: fc.Arbitrary<string>;
    if (schema.format === 'uuid') base = fc.uuid();
    else if (schema.format === 'email') base = fc.emailAddress();
    else if (schema.format === 'date') base = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    else if (schema.format === 'date-time') base = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    else if (schema.pattern !== undefined) base = fc.stringMatching(new RegExp(schema.pattern));
    else base = fc.oneof(fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
    return base.filter((value) => valid(schema, value));
  };

  const numberArbitrary = (schema: Schema, integer: boolean): fc.Arbitrary<number> => {
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
    const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
    const integers = fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
    const arbitrary = integer ? integers : fc.oneof(integers, fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }));
    return arbitrary.filter((value) => valid(schema, value));
  };

  /** Values valid per `schema`; `name` (the property's) adds plausible values of that name. */
  const validArbitrary = (given: Schema, name?: string): fc.Arbitrary<unknown> => {
    const schema = resolve(given);
    const generated = fromSchema(schema);
    const hint = name ? plausible[name] : undefined;
    return hint ? fc.oneof({ arbitrary: generated, weight: 1 }, { arbitrary: hint.filter((value) => valid(schema, value)), weight: 3 }) : generated;
  };

  const fromSchema = (schema: Schema): fc.Arbitrary<unknown> => {
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return fc.oneof(...options.map((option) => validArbitrary(option))).filter((value) => valid(schema, value));
    const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.length === 0) return anyJson;
    if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type })));
    switch (types[0]) {
      case 'string':
        return stringArbitrary(schema);
      case 'number':
        return numberArbitrary(schema, false);
      case 'integer':
        return numberArbitrary(schema, true);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(validArbitrary(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
      case 'object': {
        const properties = schema.properties ?? {};
        const model = Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, validArbitrary(inner, name)]));
        return fc.record(model, { requiredKeys: schema.required ?? [] }).map((value) => ({ ...value }));
      }
      default:
        throw new Error(`type ${String(types[0])} is not understood by the contract fuzz`);
    }
  };

  /**
   * Ways to break a valid `body` one property at a time, down through nested objects:
   * each is a label (what was broken) and the body with that one change.
   */
  const breakages = (given: Schema, body: unknown, where = ''): { label: string; body: unknown }[] => {
    const schema = resolve(given);
    const found: { label: string; body: unknown }[] = [];
    const isObjectSchema = schema.type === 'object' || schema.properties !== undefined;
    if (!isObjectSchema || typeof body !== 'object' || body === null || Array.isArray(body)) return found;
    const object = body as Record<string, unknown>;
    const at = (name: string) => (where ? `${where}.${name}` : name);
    for (const name of schema.required ?? []) {
      const { [name]: _left, ...without } = object;
      found.push({ label: `${at(name)} missing`, body: without });
    }
    if (schema.additionalProperties === false) found.push({ label: `unknown property next to ${where || 'the body'}`, body: { ...object, unexpected_field: 'x' } });
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      const property = resolve(inner);
      const replace = (label: string, value: unknown) => {
        if (!valid(property, value)) found.push({ label: `${at(name)} ${label}`, body: { ...object, [name]: value } });
      };
      if (Object.keys(property).length > 0) {
        const wrongType = [123, 'text', true, null, [1], { a: 1 }].find((value) => !valid(property, value));
        if (wrongType !== undefined) replace(`of the wrong type (${JSON.stringify(wrongType)})`, wrongType);
      }
      if (property.minLength !== undefined && property.minLength > 0) replace('too short', 'x'.repeat(property.minLength - 1));
      if (property.maxLength !== undefined) replace('too long', 'x'.repeat(property.maxLength + 1));
      if (property.pattern !== undefined) replace('not matching its pattern', ' not matching ');
      if (property.format === 'uuid') replace('not a UUID', 'not-a-uuid');
      if (property.minimum !== undefined) replace('below its minimum', property.minimum - 1);
      if (property.maximum !== undefined) replace('above its maximum', property.maximum + 1);
      if (property.type === 'integer') replace('not an integer', (property.minimum ?? 0) + 0.5);
      if (property.enum || 'const' in property) replace('not one of its values', 'not-one-of-the-values');
      if (Object.hasOwn(object, name)) for (const nested of breakages(property, object[name], at(name))) found.push({ label: nested.label, body: { ...object, [name]: nested.body } });
    }
    if (!where) found.push({ label: 'an array instead of an object', body: [] });
    return found;
  };

  return { valid, checkKeywords, validArbitrary, breakages, resolve };
}

interface Operation {
  key: string;
  method: string;
  /** The OpenAPI path, `{id}` for parameters. */
  path: string;
  operation: OpenApiOperation;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
  );
}

function jsonBodySchema(operation: OpenApiOperation): Schema | undefined {
  const body = operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined;
  return body?.content?.['application/json']?.schema;
}

describe(`contract fuzz from the API description (${testDatabaseKind()})`, () => {
  const t = useTestApp({
    // Higher limits, so the fuzz reaches the handlers instead of stopping at 429 after a few requests.
    deps: {
      rateLimits: {
        loginPerAccount: { name: 'login:account', limit: 100_000, windowMs: 60_000 },
        loginPerAccountAddress: { name: 'login:account-address', limit: 100_000, windowMs: 60_000 },
        loginPerAddress: { name: 'login:address', limit: 100_000, windowMs: 60_000 },
        registerPerAddress: { name: 'register:address', limit: 100_000, windowMs: 60_000 },
      },
    },
  });

  it('finds in the description every operation with a JSON body, and understands each schema', () => {
    const document = apiDocument(apiRouteKeys(t.app));
    const { checkKeywords } = schemaFor(document);
    const withBody = operationsOf(document).filter((op) => jsonBodySchema(op.operation));
    expect(withBody.map((op) => op.key)).toEqual(expect.arrayContaining(['POST /auth/register', 'POST /auth/login', 'POST /contribute', 'POST /paye-authorization', 'POST /direct-debit']));
    for (const op of operationsOf(document)) {
      const schema = jsonBodySchema(op.operation);
      if (schema) checkKeywords(schema, op.key);
      for (const parameter of (op.operation.parameters ?? []) as Parameter[]) checkKeywords(parameter.schema, `${op.key} ${parameter.name}`);
      for (const [status, response] of Object.entries(op.operation.responses)) {
        const answer = response.content?.['application/json']?.schema;
        if (answer) checkKeywords(answer as Schema, `${op.key} ${status}`);
      }
    }
  });

  it('the generator makes valid bodies the schema accepts and broken ones it refuses', () => {
    const document = apiDocument(apiRouteKeys(t.app));
    const { valid, validArbitrary, breakages } = schemaFor(document);
    for (const op of operationsOf(document)) {
      const schema = jsonBodySchema(op.operation);
      if (!schema || SKIPPED.has(op.key)) continue;
      for (const body of fc.sample(validArbitrary(schema), { seed: SEED, numRuns: 20 })) {
        expect(valid(schema, body), `${op.key}: ${JSON.stringify(body)}`).toBe(true);
        for (const broken of breakages(schema, body)) expect(valid(schema, broken.body), `${op.key}: ${broken.label}`).toBe(false);
      }
    }
    // A register body loses its email, gets a number for it, an empty one, and an extra field.
    const register = jsonBodySchema(document.paths['/auth/register']!.post!)!;
    const labels = breakages(register, { email: 'a@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } }).map((broken) => broken.label);
    // Answers are checked against their schemas too: a profile without its fields, an error without its message fail.
    const answer = (path: string, method: string, status: string) => document.paths[path]![method]!.responses[status]!.content!['application/json']!.schema as Schema;
    expect(valid(answer('/profile', 'get', '200'), {})).toBe(false);
    expect(valid(answer('/edit-profile', 'post', '422'), { errors: { email: ['x'] } })).toBe(false);
    expect(valid(answer('/edit-profile', 'post', '422'), { message: 'The given data was invalid.', errors: { email: ['x'] } })).toBe(true);
    expect(labels).toEqual(expect.arrayContaining(['email missing', 'email of the wrong type (123)', 'email too short', 'unknown property next to the body', 'details.dob missing', 'unknown property next to details']));
  });

  it('every answer is one the description lists, never a 5xx; a body that breaks the contract gets a 4xx', async () => {
    const document = apiDocument(apiRouteKeys(t.app));
    let accountEmail = '';
    const { valid, validArbitrary, breakages } = schemaFor(document, () => accountEmail);
    const operations = operationsOf(document).filter((op) => !SKIPPED.has(op.key));

    let accounts = 0;
    // Hashed once: each account gets it directly (hashing is slow on purpose).
    const passwordHash = await passwordService.hash(PASSWORD);
    const signUp = async (): Promise<string> => {
      const email = `contract-${++accounts}@example.ie`;
      accountEmail = email;
      const res = await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } });
      expect(res.status).toBe(201);
      // The password the plausible `password` values give, and the address verified (as the mailed
      // link does), so operations that check either are reached past the check.
      await t.database.db.update(users).set({ passwordHash, emailVerifiedAt: new Date() }).where(eq(users.email, email));
      return (res.body as { access_token: string }).access_token;
    };
    let token = '';
    // An operation may end its own session (sign out everywhere): a new account then, so every request carries a live one.
    const liveToken = async (): Promise<string> => {
      const claims = token ? await t.services.accessTokens.verify(token) : null;
      if (claims && (await t.services.sessions.authenticate(claims.familyId, claims.userId))) return token;
      token = await signUp();
      return token;
    };

    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<string, number>();
    for (const [index, op] of operations.entries()) {
      const parameters = (op.operation.parameters ?? []) as Parameter[];
      const schema = jsonBodySchema(op.operation);
      const listed = new Set(Object.keys(op.operation.responses).map(Number));
      const parameterValues = fc.record(
        Object.fromEntries(parameters.map((parameter) => [`${parameter.in}:${parameter.name}`, validArbitrary(parameter.schema)])),
        { requiredKeys: parameters.filter((parameter) => parameter.required).map((parameter) => `${parameter.in}:${parameter.name}`) },
      );
      token = ''; // a fresh account for each operation
      if (op.operation.security) await liveToken();
      const send = async (values: Record<string, unknown>, body: unknown, breaking: string | undefined): Promise<void> => {
        let path = op.path;
        const query = new URLSearchParams();
        const headers: Record<string, string> = { accept: 'application/json' };
        for (const parameter of parameters) {
          const value = values[`${parameter.in}:${parameter.name}`];
          if (value === undefined) continue;
          if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
          else if (parameter.in === 'query') query.set(parameter.name, String(value));
          else headers[parameter.name.toLowerCase()] = String(value);
        }
        if (op.operation.security) headers.authorization = `Bearer ${await liveToken()}`;
        const init: RequestInit = { method: op.method, headers };
        if (body !== undefined) {
          headers['content-type'] = 'application/json';
          init.body = JSON.stringify(body);
        }
        const url = `${API_PREFIX}${path}${query.size > 0 ? `?${query}` : ''}`;
        const response = await t.app.request(url, init);
        const text = await response.text();
        sent++;
        statuses.set(`${response.status}`, (statuses.get(`${response.status}`) ?? 0) + 1);
        if (process.env.CONTRACT_FUZZ_DEBUG) console.info(`${op.key} ${breaking ? 'broken' : 'valid'} ${response.status} ${JSON.stringify(body)?.slice(0, 200)} ${text.slice(0, 200)}`);
        const shown = `${op.key} ${breaking ? `(${breaking}) ` : ''}${url.slice(API_PREFIX.length, 200)} body ${JSON.stringify(body)?.slice(0, 300) ?? '(none)'} → ${response.status} ${text.slice(0, 300)}`;
        if (response.status >= 500) throw new Error(`a server error: ${shown}`);
        if (!listed.has(response.status)) throw new Error(`a status the description does not list for the operation: ${shown}`);
        if (breaking && response.status < 400) throw new Error(`a body that breaks the contract was accepted: ${shown}`);
        const answerSchema = op.operation.responses[String(response.status)]?.content?.['application/json']?.schema as Schema | undefined;
        if (answerSchema && !valid(answerSchema, JSON.parse(text))) throw new Error(`an answer that does not match the description's schema for ${response.status}: ${shown}`);
        if (response.status === 422) {
          const error = JSON.parse(text) as { message?: unknown; errors?: unknown };
          const errors = error.errors as Record<string, unknown> | undefined;
          const shaped =
            typeof error.message === 'string' &&
            typeof errors === 'object' &&
            errors !== null &&
            Object.values(errors).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'));
          if (!shaped) throw new Error(`a 422 that is not { message, errors: { field: [messages] } }: ${shown}`);
        }
      };

      const check = async (property: fc.IAsyncProperty<never>, offset: number, runs: number) => {
        const result = await fc.check(property, { seed: SEED + index * 3 + offset, numRuns: runs, endOnFailure: true });
        if (result.failed) failures.push(`${String(result.errorInstance ?? 'failed')} (FUZZ_SEED=${SEED}, seed ${SEED + index * 3 + offset})`);
      };
      if (schema) {
        const bodies = validArbitrary(schema);
        await check(fc.asyncProperty(parameterValues, bodies, (values, body) => send(values, body, undefined)) as never, 0, RUNS);
        const broken = bodies.chain((body) => {
          const ways = breakages(schema, body);
          return ways.length > 0 ? fc.constantFrom(...ways) : fc.constant(undefined);
        });
        await check(
          fc.asyncProperty(parameterValues, broken, async (values, way) => {
            if (way === undefined) return; // a schema nothing can break ({}: any JSON)
            expect(valid(schema, way.body)).toBe(false);
            await send(values, way.body, way.label);
          }) as never,
          1,
          RUNS,
        );
      } else {
        await check(fc.asyncProperty(parameterValues, (values) => send(values, undefined, undefined)) as never, 2, BODYLESS_RUNS);
      }
    }
    console.info(`contract fuzz (${testDatabaseKind()}): ${operations.length} operations, ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
    expect((await t.request('GET', '/health')).status).toBe(200);
  }, 300_000);
});
