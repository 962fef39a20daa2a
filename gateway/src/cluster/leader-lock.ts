import type { Logger } from 'pino'
import pg from 'pg'

/** The first half of the advisory lock's key: 'kabu' in ASCII; the second is the prefix's hash. */
const LOCK_CLASS = 0x6b616275

export interface LeaderLockDeps {
  databaseUrl: string
  /** REDIS_PREFIX: gateways of one deployment contend for one lock, other deployments for theirs. */
  name: string
  /** How often a follower tries again, and the leader checks its connection still answers. */
  retryMs: number
  logger: Logger
  /** Told every change of role, in order; the next change waits for the promise it returns. */
  onChange(leader: boolean): Promise<void>
}

export interface LeaderLock {
  isLeader(): boolean
  /** Tries once (so a lone gateway is leader when start resolves), then keeps trying. */
  start(): Promise<void>
  /** Lets go of the lock (closing its connection) and waits for the last change to finish. */
  stop(): Promise<void>
}

/**
 * Leadership: one PostgreSQL session-level advisory lock, held on a connection of its own. The
 * gateway whose session holds it is the leader; PostgreSQL releases it the moment that session
 * ends, which is the moment a killed gateway's socket closes, so a follower trying every `retryMs`
 * takes over within about that. A leader whose connection fails or stops answering steps down at
 * once, before it knows whether the lock is gone: two leaders for a moment would be two matchers,
 * while no leader for a moment only pauses the market.
 */
export function leaderLock(deps: LeaderLockDeps): LeaderLock {
  const { logger } = deps
  let client: pg.Client | undefined
  let leader = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let changes: Promise<void> = Promise.resolve()

  const become = (next: boolean) => {
    if (leader === next) return
    leader = next
    logger.info({ leader }, leader ? 'this gateway leads' : 'this gateway follows')
    changes = changes
      .then(() => deps.onChange(next))
      .catch((error: unknown) => logger.error({ err: error }, 'leadership change failed'))
  }

  const drop = (reason: unknown) => {
    const lost = client
    client = undefined
    if (lost) {
      if (leader) logger.warn({ err: reason }, 'leader lock connection lost: stepping down')
      lost.removeAllListeners()
      lost.on('error', () => undefined)
      void lost.end().catch(() => undefined)
    }
    become(false)
  }

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client({
      connectionString: deps.databaseUrl,
      keepAlive: true,
      // A connection that stops answering is as good as dropped.
      query_timeout: Math.max(2 * deps.retryMs, 1_000),
      connectionTimeoutMillis: Math.max(2 * deps.retryMs, 1_000),
      application_name: 'kabu-leader-lock',
    })
    fresh.on('error', (error) => {
      if (client === fresh) drop(error)
    })
    fresh.on('end', () => {
      if (client === fresh) drop(new Error('connection ended'))
    })
    await fresh.connect()
    return fresh
  }

  async function attempt(): Promise<void> {
    try {
      client ??= await connect()
      if (leader) {
        // Still ours while the session lives; a query that fails means it may not be.
        await client.query('select 1')
        return
      }
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as ok',
        [LOCK_CLASS, deps.name],
      )
      if (stopped) return
      if (rows[0]?.ok) become(true)
    } catch (error) {
      drop(error)
    }
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      void attempt().finally(schedule)
    }, deps.retryMs)
    timer.unref()
  }

  return {
    isLeader: () => leader,
    async start() {
      await attempt()
      schedule()
      await changes
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      const held = client
      client = undefined
      if (held) {
        held.removeAllListeners()
        held.on('error', () => undefined)
        await held.end().catch(() => undefined)
      }
      become(false)
      await changes
    },
  }
}
