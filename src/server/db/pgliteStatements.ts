import { type PGlite, type Results, parse, protocol } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;

/** What a named statement needs on each use: its name, its parameters' types, the shape of its rows. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription; undefined for one that returns no rows (NoData). */
  rowDescription: BackendMessage | undefined;
}

/** PGlite's locks, which its own `query` takes: no other query, and no open transaction of another caller. */
interface PGliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Errors after which a statement is prepared again: it no longer exists (26000), or a schema
 * change altered its result type (0A000, "cached plan must not change result type").
 */
const STALE_STATEMENT = new Set(['26000', '0A000']);

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * `query` for the embedded database with named prepared statements, as node-postgres and
 * postgres.js keep them for a server connection.
 *
 * PGlite's own `query` parses, plans and describes the SQL on every call, in six calls into
 * the WASM backend: 0.3 ms for a short primary-key lookup, most of the cost of an API request.
 * Here a statement is parsed and described once per SQL text; each use is one call (Bind,
 * Execute, Sync) and Postgres reuses the plan. Values are serialised by the parameter types
 * that the Describe returned, and rows parsed with the client's parsers, exactly as PGlite's
 * `query` does, so results and errors are the same.
 *
 * Outside transactions only: a transaction's queries go through PGlite's `Transaction`, which
 * holds the locks this takes. The most recently used `capacity` statements are kept; older
 * ones are closed (Postgres keeps a plan per statement).
 */
export function createStatementQuery(client: PGlite, capacity = 256) {
  const locks = client as unknown as PGliteLocks;
  /** SQL text → statement; Map order is least recently used first. */
  const statements = new Map<string, Statement>();
  let counter = 0;
  /** Statements to close with the next one prepared (one that went stale). */
  let toClose: string[] = [];

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    // Room for the new one: the least recently used go, closed in the same message.
    for (const [oldestText, oldest] of statements) {
      if (statements.size < capacity) break;
      statements.delete(oldestText);
      toClose.push(oldest.name);
    }
    const name = `maxout_${(counter += 1)}`;
    const closes = toClose.map((evicted) => serialize.close({ type: 'S', name: evicted }));
    toClose = [];
    const { messages } = await client.execProtocol(concat([...closes, serialize.parse({ name, text, types: options?.paramTypes ?? [] }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
    const parameterDescription = messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement: Statement = {
      name,
      paramTypes: parameterDescription?.dataTypeIDs ?? [],
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const types = statement.paramTypes;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]));
    // Execute sends no RowDescription for a prepared statement: the Describe's is prepended.
    const [result] = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, client.parsers, options);
    return result as Results<T>;
  }

  return async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // COPY to or from a blob needs PGlite's own handling of the blob.
    if (options?.blob) return client.query<T>(text, params, options);
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        try {
          try {
            return await run<T>(text, params, options);
          } catch (error) {
            const stale = statements.get(text);
            if (!stale || !STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
            statements.delete(text);
            toClose.push(stale.name);
            return await run<T>(text, params, options);
          }
        } catch (error) {
          // As PGlite's `query` reports them: the SQL text and its values on the error (the
          // log's redaction drops the values).
          if (error instanceof Error && 'code' in error) Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      }),
    );
  };
}
