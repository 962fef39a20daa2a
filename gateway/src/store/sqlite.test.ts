import SqliteDatabase from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { reusingStatements } from './sqlite'

let open: SqliteDatabase.Database[] = []
afterEach(() => {
  for (const database of open) database.close()
  open = []
})

function connection() {
  const database = new SqliteDatabase(':memory:')
  open.push(database)
  database.exec('create table t (n integer); insert into t values (1), (2), (3)')
  return reusingStatements(database)
}

describe('reusingStatements', () => {
  it('compiles a text once and hands the same statement back', () => {
    const db = connection()
    const first = db.prepare('select n from t where n > ?')
    expect(db.prepare('select n from t where n > ?')).toBe(first)
    expect(first.all(1)).toEqual([{ n: 2 }, { n: 3 }])
    expect(db.prepare('select n from t')).not.toBe(first)
  })

  it('gives a fresh statement while the kept one is still being read', () => {
    const db = connection()
    const seen: number[] = []
    // A streamed select holds its statement busy; the same text inside the loop must still run.
    for (const row of db.prepare('select n from t').iterate() as Iterable<{ n: number }>) {
      seen.push(row.n, (db.prepare('select n from t').all() as unknown[]).length)
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3])
  })
})
