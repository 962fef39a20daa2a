// The notifier delivers notices a batch at a time (notifier.ts): a burst of fills must still give
// every notice its own record, each `notification:new` the id of its own record, in the order the
// events came, by one read of the settings and one insert for what landed meanwhile.
import type { CompiledQuery, Kysely } from 'kysely'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserEvent } from '@kabu/shared/realtime'
import { createClock } from '../../clock'
import type { Database } from '../../store/index'
import { bareUser, freshDatabase, type TestDatabase } from '../../../../tests/support/db'
import { createNotifier } from './notifier'
import { setSwitch } from './notify.sql'

let database: TestDatabase
let store: ReturnType<TestDatabase['openStore']>
beforeAll(async () => {
  database = await freshDatabase({ migrated: true })
  store = database.openStore()
})
afterAll(async () => {
  await store.close()
  await database.drop()
})

const newUser = () => bareUser(store.db, 'notify')

/** The store, counting the notification inserts and settings reads run through it. */
function counted(db: Kysely<Database>) {
  const counts = { insert: 0, select: 0 }
  const wrapped = new Proxy(db, {
    get(target, name) {
      if (name === 'executeQuery')
        return (query: CompiledQuery, ...rest: unknown[]) => {
          if (query.sql.startsWith('insert into "notifications"')) counts.insert++
          if (query.sql.startsWith('select "u"."id" as "user_id"')) counts.select++
          return target.executeQuery(query, ...(rest as []))
        }
      const value: unknown = Reflect.get(target, name, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: wrapped, counts }
}

const filled = (id: number, code: string): UserEvent => ({
  type: 'order:updated',
  id: String(id),
  status: 'filled',
  filled_num: 100,
  avg_price: '2500',
  code,
  market: 'jp',
  side: 'buy',
  num: 100,
})

describe('the notifier', () => {
  it('records a burst of fills in batches, each socket event carrying its own record’s id', async () => {
    const { db, counts } = counted(store.db)
    const sent: Array<{ userId: bigint; event: UserEvent }> = []
    const hub = { emit: (userId: bigint, event: UserEvent) => sent.push({ userId, event }) }
    const push = { send: () => Promise.resolve('sent' as const) }
    const notifier = createNotifier({
      db,
      clock: createClock(),
      hub,
      push,
      logger: pino({ level: 'silent' }),
    })
    const users = [await newUser(), await newUser(), await newUser()]
    // The third has switched fill notices off in the app: nothing is recorded for them.
    await setSwitch(store.db, users[2]!, 'fills', 'app', false)
    const stranger = 987_654_321n
    const emitted = Array.from({ length: 30 }, (_, i) => ({
      userId: i === 29 ? stranger : users[i % 3]!,
      event: filled(i, `${1300 + i}`),
    }))
    for (const e of emitted) notifier.userEvents.emit(e.userId, e.event)
    await notifier.idle()

    const notices = sent.filter((s) => s.event.type === 'notification:new')
    const expected = emitted.filter((e) => e.userId === users[0] || e.userId === users[1])
    expect(notices.map((n) => n.userId)).toEqual(expected.map((e) => e.userId))
    for (const [i, n] of notices.entries()) {
      if (n.event.type !== 'notification:new') throw new Error('not a notice')
      const row = await store.db
        .selectFrom('notifications')
        .select(['user_id', 'params'])
        .where('id', '=', BigInt(n.event.id))
        .executeTakeFirstOrThrow()
      expect(row.user_id).toBe(n.userId)
      const code = (expected[i]?.event as { code: string }).code
      expect(JSON.parse(row.params)).toMatchObject({ code })
    }
    // Batched: far fewer statements than notices (one insert and one read per notice before).
    expect(counts.insert).toBeGreaterThan(0)
    expect(counts.insert).toBeLessThan(5)
    expect(counts.select).toBeGreaterThan(0)
    expect(counts.select).toBeLessThan(5)
  })
})
