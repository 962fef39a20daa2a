import type { Migration, MigrationProvider } from 'kysely'
import type { StoreKind } from '../database'
import { accounts } from './0001-accounts'

/**
 * Every migration, in order, listed in code rather than found by scanning a folder, so they run the
 * same under tsx, a bundle or a test runner. Append new ones; never edit one that has shipped.
 */
const MIGRATIONS: ReadonlyArray<[name: string, build: (kind: StoreKind) => Migration]> = [
  ['0001-accounts', accounts],
]

export function migrationProvider(kind: StoreKind): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(MIGRATIONS.map(([name, build]) => [name, build(kind)])),
  }
}
