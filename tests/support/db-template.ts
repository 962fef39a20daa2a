import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SQLITE_FILE } from '../../gateway/src/store/sqlite'
import { migrateToLatest, openStore } from '../../gateway/src/store/index'

/**
 * A database at the latest migration, made once per test run (db-template.setup.ts, vitest's
 * globalSetup) and copied for every test file that asks for a migrated database: each file used to
 * apply every migration itself, which on PostgreSQL is several seconds of DDL per file. The copy is
 * the file's own, as the migrated database it made before was.
 *
 * The setup names it in these variables, which the test workers it starts inherit.
 */
export const TEMPLATE_ENV = {
  sqlite: 'KABU_TEST_SQLITE_TEMPLATE',
  postgres: 'KABU_TEST_PG_TEMPLATE',
} as const

/** A PostgreSQL URL with another database name (the admin URL's database, user and options kept). */
export function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs `statement` on the admin connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export interface Template {
  /** The SQLite directory holding the migrated file, or the PostgreSQL template database's name. */
  location: string
  remove(): Promise<void>
}

/** Migrates a new database to the latest schema, for copies; on PostgreSQL when `adminUrl` is given. */
export async function makeTemplate(adminUrl?: string): Promise<Template> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-template-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (!adminUrl) {
    const store = openStore({ dataDir })
    await migrateToLatest(store)
    // Closing the only connection checkpoints the WAL into the file and deletes it: one file to copy.
    await store.close()
    return { location: dataDir, remove: async () => removeDir() }
  }
  const name = `kabu_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await adminQuery(adminUrl, `create database ${name}`)
  const store = openStore({ databaseUrl: withDatabase(adminUrl, name), dataDir })
  try {
    await migrateToLatest(store)
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await store.close()
    removeDir()
  }
  return { location: name, remove: () => dropRunDatabases(adminUrl, name) }
}

/** FORCE: a connection a test left open must not keep its database (nor fail the drop). */
export const dropDatabase = (adminUrl: string, name: string) =>
  adminQuery(adminUrl, `drop database if exists ${name} with (force)`)

/** Drops the template and every test database named after it (db.ts leaves them for this). */
async function dropRunDatabases(adminUrl: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  const { rows } = await client
    .query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1)',
      [`${template}_`],
    )
    .finally(() => client.end())
  for (const { name } of rows) await dropDatabase(adminUrl, name)
  await dropDatabase(adminUrl, template)
}

/** Copies the SQLite template's file (and its WAL, should one be left) into `dataDir`. */
export function copySqliteTemplate(templateDir: string, dataDir: string): void {
  for (const suffix of ['', '-wal']) {
    const from = path.join(templateDir, SQLITE_FILE + suffix)
    if (suffix === '' || existsSync(from))
      copyFileSync(from, path.join(dataDir, SQLITE_FILE + suffix))
  }
}
