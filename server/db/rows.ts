// Rows that come back from our SQL functions (server/db/functions) rather than from a drizzle query:
// as JSON (to_jsonb of a table's row) or as plain result columns. Both drivers hand back JSON
// parsed, so one reader serves PGlite and PostgreSQL alike; it types the row by the table's
// drizzle columns (bigint columns to bigint, timestamps to Date).
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** The rows of a raw statement, the same shape on either driver. */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A table's row from its to_jsonb() form, typed as drizzle would type a select of the table. */
export function rowFromJson<T extends PgTable>(table: T, json: unknown): T['$inferSelect'] {
  if (!json || typeof json !== 'object') throw new Error('expected a row as a JSON object');
  const source = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = source[column.name];
    if (value === null || value === undefined) row[key] = null;
    else if (column.columnType === 'PgBigInt64') row[key] = exactBigInt(value, column.name);
    else if (column.columnType === 'PgTimestamp') row[key] = new Date(String(value));
    else row[key] = value;
  }
  return row as T['$inferSelect'];
}

/** JSON numbers are doubles: an amount beyond 2^53 paise could not have survived the trip. */
function exactBigInt(value: unknown, name: string): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`${name} is beyond exact JSON integers`);
  return BigInt(value as number | string);
}

/**
 * A timestamptz column read as ISO text in UTC with milliseconds ("2026-11-24T06:29:00.000Z"), the
 * API's form, on both drivers. `column` is SQL the caller writes (a column name), never input.
 */
export function isoText(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/** A moment as a timestamptz parameter (ISO text: the same on both drivers). */
export function at(moment: Date): SQL {
  return sql`${moment.toISOString()}::timestamptz`;
}
