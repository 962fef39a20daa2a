import { sql } from 'kysely'
import type { SelfFreezeScope } from '@kabu/shared/api/trust'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bareUser, freshDatabase } from '../../../tests/support/db'
import { prepared, preparedInsert, preparedList } from './prepared'
import type { Store } from './index'

let f: Store & { newUser(): Promise<bigint> }
let drop: () => Promise<void>
beforeAll(async () => {
  const database = await freshDatabase({ migrated: true })
  const store = database.openStore()
  drop = async () => {
    await store.close()
    await database.drop()
  }
  f = {
    ...store,
    newUser: () => bareUser(store.db, 'prepared'),
  }
})
afterAll(() => drop())

const freezeOf = prepared((db, p: { userId: bigint; scope: SelfFreezeScope }) =>
  db
    .selectFrom('self_freezes')
    .select(['user_id', 'scope'])
    .where('user_id', '=', p.userId)
    .where('scope', '=', p.scope),
)
const insertFreeze = preparedInsert('self_freezes')

describe('prepared queries', () => {
  it('run with the values of each call, as the query Kysely builds anew would', async () => {
    const [a, b] = [await f.newUser(), await f.newUser()]
    await insertFreeze(f.db, { user_id: a, scope: 'withdraw', frozen_at: 1 })
    await insertFreeze(f.db, { user_id: b, scope: 'trading', frozen_at: 2 })
    for (const [userId, scope] of [
      [a, 'withdraw'],
      [a, 'trading'],
      [b, 'trading'],
    ] as const) {
      const built = await f.db
        .selectFrom('self_freezes')
        .select(['user_id', 'scope'])
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .execute()
      expect((await freezeOf(f.db, { userId, scope })).rows).toEqual(built)
    }
    expect((await freezeOf(f.db, { userId: b, scope: 'trading' })).rows).toEqual([
      { user_id: b, scope: 'trading' },
    ])
  })

  it('run inside the transaction they are given, rolled back with it', async () => {
    const userId = await f.newUser()
    await expect(
      f.db.transaction().execute(async (trx) => {
        await insertFreeze(trx, { user_id: userId, scope: 'trading', frozen_at: 3 })
        expect((await freezeOf(trx, { userId, scope: 'trading' })).rows).toHaveLength(1)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await freezeOf(f.db, { userId, scope: 'trading' })).rows).toHaveLength(0)
  })

  it('refuse a value missing, an expression or a list for a value', async () => {
    await expect(freezeOf(f.db, { userId: 1n } as never)).rejects.toThrow('without scope')
    await expect(freezeOf(f.db, { userId: 1n, scope: sql`'all'` } as never)).rejects.toThrow(
      'an expression for scope',
    )
    await expect(freezeOf(f.db, { userId: [1n, 2n], scope: 'trading' } as never)).rejects.toThrow(
      'a list for userId',
    )
  })

  it('over a list, run each length with its own items, and refuse an empty or too long list', async () => {
    const users = [await f.newUser(), await f.newUser(), await f.newUser()]
    const freezes = preparedList(
      (db, items: Array<{ userId: bigint }>) =>
        db
          .selectFrom('self_freezes')
          .select('user_id')
          .where(
            'user_id',
            'in',
            items.map((i) => i.userId),
          )
          .orderBy('user_id'),
      3,
    )
    for (const userId of users)
      await insertFreeze(f.db, { user_id: userId, scope: 'trading', frozen_at: 4 })
    const of = async (ids: bigint[]) =>
      (
        await freezes(
          f.db,
          ids.map((userId) => ({ userId })),
        )
      ).rows.map((r) => r.user_id)
    expect(await of([users[2]!])).toEqual([users[2]])
    expect(await of([users[0]!, users[2]!])).toEqual([users[0], users[2]])
    expect(await of([users[1]!, users[0]!])).toEqual([users[0], users[1]])
    expect(await of(users)).toEqual(users)
    await expect(of([])).rejects.toThrow('a list of 0 items')
    await expect(of([...users, 1n])).rejects.toThrow('a list of 4 items')
  })
})
