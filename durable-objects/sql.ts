/**
 * A tiny layer over Durable Object SQLite storage: append-only schema migrations (run inside
 * `blockConcurrencyWhile` from the constructor) and typed query helpers.
 */

/** Applies the migrations not applied yet, in order. Never edit or reorder a shipped migration: append. */
export function migrate(sql: SqlStorage, migrations: readonly string[]): void {
  sql.exec("CREATE TABLE IF NOT EXISTS _migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied = sql.exec<{ v: number | null }>("SELECT MAX(version) AS v FROM _migrations").one().v ?? 0;
  for (let version = applied + 1; version <= migrations.length; version++) {
    sql.exec(migrations[version - 1]);
    sql.exec("INSERT INTO _migrations (version, applied_at) VALUES (?, ?)", version, Date.now());
  }
}

type Row = Record<string, SqlStorageValue>;

export function all<T extends Row>(sql: SqlStorage, query: string, ...binds: unknown[]): T[] {
  return sql.exec<T>(query, ...binds).toArray();
}

export function first<T extends Row>(sql: SqlStorage, query: string, ...binds: unknown[]): T | null {
  return sql.exec<T>(query, ...binds).toArray()[0] ?? null;
}

export function run(sql: SqlStorage, query: string, ...binds: unknown[]): number {
  return sql.exec(query, ...binds).rowsWritten;
}

/**
 * A Durable Object stub typed by the class's own async methods. (The runtime's `DurableObjectStub<T>` maps every
 * value through its serialisability types, which gives up — `never` or "excessively deep" — on our JSON-shaped
 * records that contain `unknown`.) Only call methods whose arguments and results are structured-cloneable.
 */
export type RpcStub<T> = {
  [K in keyof T as T[K] extends (...args: never[]) => Promise<unknown> ? K : never]: T[K];
} & { fetch(request: Request): Promise<Response> };

export function rpcStub<T>(
  namespace: { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): unknown },
  name: string,
): RpcStub<T> {
  return namespace.get(namespace.idFromName(name)) as unknown as RpcStub<T>;
}
