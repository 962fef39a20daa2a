import pg from 'pg'
import { PostgresDialect } from 'kysely'

const INT8_OID = 20

/**
 * pg hands BIGINT back as a string by default (it cannot fit a JS number). Parsing it to `bigint`
 * here, per pool rather than globally, gives services the same types SQLite's safeIntegers gives.
 * Every integer column is BIGINT (migrations), and count(*) is BIGINT too.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

export function openPostgres(connectionString: string): {
  dialect: PostgresDialect
  pool: pg.Pool
} {
  const pool = new pg.Pool({ connectionString, types, max: 10 })
  return { dialect: new PostgresDialect({ pool }), pool }
}
