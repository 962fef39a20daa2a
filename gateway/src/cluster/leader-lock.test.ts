import { randomUUID } from 'node:crypto'
import pg from 'pg'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { leaderLock, type LeaderLock } from './leader-lock'

const databaseUrl = process.env.TEST_DATABASE_URL
const logger = pino({ level: 'silent' })

/** A lock of `name` that records every change of role. */
function contender(name: string, retryMs = 200) {
  const changes: boolean[] = []
  const lock = leaderLock({
    databaseUrl: databaseUrl!,
    name,
    retryMs,
    logger,
    onChange: async (leader) => {
      changes.push(leader)
    },
  })
  return { lock, changes }
}

/** The server process holding the lock of `name` (two-key advisory locks list their keys so). */
async function holderPid(admin: pg.Client, name: string): Promise<number | undefined> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 2
       and classid = 1801544309 and objid = (hashtext($1)::bigint & 4294967295)::text::oid`,
    [name],
  )
  return rows[0]?.pid
}

describe.skipIf(!databaseUrl)('leader lock (skipped: set TEST_DATABASE_URL)', () => {
  const started: LeaderLock[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((l) => l.stop()))
  })

  it('lets exactly one of several gateways lead, and another take over when it lets go', async () => {
    const name = `lock-${randomUUID()}`
    const a = contender(name)
    const b = contender(name)
    started.push(a.lock, b.lock)
    await a.lock.start()
    await b.lock.start()
    expect([a.lock.isLeader(), b.lock.isLeader()]).toEqual([true, false])
    // Another deployment's lock (another prefix) is its own.
    const other = contender(`${name}-other`)
    started.push(other.lock)
    await other.lock.start()
    expect(other.lock.isLeader()).toBe(true)

    await a.lock.stop()
    expect(a.changes).toEqual([true, false])
    await expect.poll(() => b.lock.isLeader(), { timeout: 5_000, interval: 50 }).toBe(true)
  })

  it('steps down at once when its connection is cut; then exactly one leads again', async () => {
    const name = `lock-${randomUUID()}`
    // Tries far apart: the step-down must come from the dropped connection, not the next try.
    const a = contender(name, 4_000)
    const b = contender(name, 4_000)
    started.push(a.lock, b.lock)
    await a.lock.start()
    await b.lock.start()
    expect(a.lock.isLeader()).toBe(true)
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      const pid = await holderPid(admin, name)
      expect(pid).toBeDefined()
      await admin.query('select pg_terminate_backend($1)', [pid])
      await expect
        .poll(() => a.changes.slice(0, 2), { timeout: 1_000, interval: 20 })
        .toEqual([true, false])
      // Then one of them leads again (whichever tried first) on a new session, never both.
      await expect
        .poll(async () => (await holderPid(admin, name)) ?? pid, { timeout: 10_000, interval: 50 })
        .not.toBe(pid)
      await expect
        .poll(() => [a.lock.isLeader(), b.lock.isLeader()].filter(Boolean).length, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe(1)
    } finally {
      await admin.end()
    }
  })
})
