import { afterAll, beforeAll } from 'vitest'
import type { Store } from '../../gateway/src/store/index'
import { freshDatabase, type TestDatabase } from './db'

/**
 * A migrated store of the calling test file's own (freshDatabase), open from its beforeAll to its
 * afterAll. Call it at the file's top level, before the file's own hooks that use it.
 */
export function storeOfThisFile(): Pick<Store, 'db' | 'kind'> {
  let database: TestDatabase | undefined
  let store: Store | undefined
  beforeAll(async () => {
    database = await freshDatabase({ migrated: true })
    store = database.openStore()
  })
  afterAll(async () => {
    await store?.close()
    await database?.drop()
  })
  return {
    get db() {
      if (!store) throw new Error('the file store opens in beforeAll')
      return store.db
    },
    get kind() {
      if (!store) throw new Error('the file store opens in beforeAll')
      return store.kind
    },
  }
}
