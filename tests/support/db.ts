import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openStore, type Store } from '../../gateway/src/store/index'

/**
 * A database nobody else uses, for one test file: a temporary SQLite file by default, or, when
 * TEST_DATABASE_URL is set (CI's second run), a fresh schema in that PostgreSQL, selected through
 * the connection's search_path so the code under test needs no schema names.
 */
export interface TestDatabase {
  /** Settings for loadConfig: DATA_DIR always, DATABASE_URL when on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string }
  kind: 'sqlite' | 'postgres'
  /** A store on the same database (not migrated: call migrateToLatest if the test needs tables). */
  openStore(): Store
  /** Removes the schema or the temporary directory. Close every store first. */
  drop(): Promise<void>
}

export async function freshDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-test-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    return {
      env: { DATA_DIR: dataDir },
      kind: 'sqlite',
      openStore: () => openStore({ dataDir }),
      drop: async () => removeDir(),
    }
  }

  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const databaseUrl = url.toString()
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    kind: 'postgres',
    openStore: () => openStore({ databaseUrl, dataDir }),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop schema ${schema} cascade`)
      await client.end()
      removeDir()
    },
  }
}
