import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrateToLatest, openStore, type Store } from '../../gateway/src/store/index'
import {
  adminQuery,
  copySqliteTemplate,
  dropDatabase,
  TEMPLATE_ENV,
  withDatabase,
} from './db-template'

/**
 * A database nobody else uses, for one test file: a temporary SQLite file by default, or, when
 * TEST_DATABASE_URL is set (CI's second run), a database of its own in that PostgreSQL server.
 */
export interface TestDatabase {
  /** Settings for loadConfig: DATA_DIR always, DATABASE_URL when on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string }
  kind: 'sqlite' | 'postgres'
  /** A store on the same database (migrated only if it was asked for so). */
  openStore(): Store
  /** Removes the database or the temporary directory. Close every store first. */
  drop(): Promise<void>
}

/**
 * Empty by default (the migration tests start from nothing); with `migrated`, at the latest
 * migration: a copy of the run's template (db-template.ts) under vitest, else migrated here.
 */
export async function freshDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-test-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  const adminUrl = process.env.TEST_DATABASE_URL
  const runTemplate = process.env[adminUrl ? TEMPLATE_ENV.postgres : TEMPLATE_ENV.sqlite]
  const template = options.migrated ? runTemplate : undefined
  let database: TestDatabase
  if (!adminUrl) {
    if (template) copySqliteTemplate(template, dataDir)
    database = {
      env: { DATA_DIR: dataDir },
      kind: 'sqlite',
      openStore: () => openStore({ dataDir }),
      drop: async () => removeDir(),
    }
  } else {
    // Named after the run's template, whose teardown drops it (see drop).
    const name = `${runTemplate ?? 'test'}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
    const databaseUrl = withDatabase(adminUrl, name)
    database = {
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      kind: 'postgres',
      openStore: () => openStore({ databaseUrl, dataDir }),
      drop: async () => {
        // DROP DATABASE waits for a checkpoint, seconds while other files write: under vitest the
        // run's teardown drops its databases at the end (dropRunDatabases), when that is cheap.
        if (!runTemplate) await dropDatabase(adminUrl, name)
        removeDir()
      },
    }
  }
  if (options.migrated && !template) {
    const store = database.openStore()
    await migrateToLatest(store).finally(() => store.close())
  }
  return database
}

let bareUsers = 0

/**
 * A `users` row and nothing else (no login, no books), for tests of the store's own parts; the
 * name is `tag`, a counter and the process, so files and runs sharing a database never collide.
 */
export async function bareUser(db: Store['db'], tag: string): Promise<bigint> {
  const name = `${tag}${++bareUsers}x${process.pid}`
  const row = await db
    .insertInto('users')
    .values({
      account: name,
      password_hash: 'not-a-login',
      invite_code: name.toUpperCase(),
      inviter_id: null,
      created_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
