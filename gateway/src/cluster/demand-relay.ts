import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { createClient } from 'redis'
import type { MarketService } from '../market/index'

/** How many refreshes a gateway's wanted codes outlive it by (a missed write is no release). */
export const WANTED_REFRESHES_KEPT = 3

export interface DemandRelayDeps {
  url: string
  /** REDIS_PREFIX: the keys are `<prefix>:wanted` (the gateways) and `<prefix>:wanted:<id>`. */
  prefix: string
  /** This gateway's market: what its phones watch, and, on the leader, what others' do. */
  market: Pick<MarketService, 'watched' | 'watchedElsewhere'>
  leading: () => boolean
  /** How often the codes are written again and, on the leader, read again (QUOTE_DEMAND_REFRESH_MS). */
  refreshMs: number
  logger: Logger
}

/**
 * What phones on every gateway of a cluster watch, carried to the leader (issue 38 over issue 16):
 * only the leader holds the streaming feeds, so a code watched only on a follower must reach its
 * demand, or it would never be registered upstream. Each gateway writes the codes its phones watch
 * (with how many phones watch each) to its own key, `<prefix>:wanted:<id>`, which expires
 * WANTED_REFRESHES_KEPT refreshes after its last write, lists itself in the set `<prefix>:wanted`,
 * and says on the channel `<prefix>:wanted` that they changed. The leader reads every other
 * gateway's key at that word and every refresh, and hands their sum to its demand
 * (`watchedElsewhere`): a follower that stops deletes its key, so its codes start their grace at
 * once; one that dies lets it expire, so they start it a few refreshes later. The codes of orders,
 * holdings and alerts need no carrying: the leader reads them from the database every gateway
 * shares (app.ts).
 */
export function createDemandRelay(deps: DemandRelayDeps) {
  const { market, logger, prefix } = deps
  const id = randomUUID()
  const gatewaysKey = `${prefix}:wanted`
  const keyOf = (gateway: string) => `${prefix}:wanted:${gateway}`
  const client = createClient({ url: deps.url })
  const subscriber = client.duplicate()
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: unknown) => logger.error({ err: error }, 'demand relay error'))
  }
  let timer: NodeJS.Timeout | undefined
  let written = ''
  let stopped = false

  /** Writes this gateway's watched codes (and says so when they changed since the last write). */
  const write = serially(async () => {
    if (stopped) return
    const codes = JSON.stringify(Object.fromEntries(market.watched()))
    const tx = client.multi()
    tx.set(keyOf(id), codes, { PX: deps.refreshMs * WANTED_REFRESHES_KEPT })
    tx.sAdd(gatewaysKey, id)
    if (codes !== written) tx.publish(gatewaysKey, id)
    await tx.exec()
    written = codes
  }, logger)

  /** On the leader: every other gateway's watched codes, summed, into its demand. */
  const read = serially(async () => {
    if (stopped || !deps.leading()) return
    const gateways = (await client.sMembers(gatewaysKey)).filter((gateway) => gateway !== id)
    const stored = gateways.length > 0 ? await client.mGet(gateways.map(keyOf)) : []
    const watchers = new Map<string, number>()
    const gone: string[] = []
    stored.forEach((json, i) => {
      if (json === null) return void gone.push(gateways[i]!)
      for (const [code, phones] of Object.entries(JSON.parse(json) as Record<string, number>))
        watchers.set(code, (watchers.get(code) ?? 0) + phones)
    })
    // A gateway whose key expired (it died) is forgotten; one alive adds itself at its next write.
    if (gone.length > 0) await client.sRem(gatewaysKey, gone)
    if (deps.leading()) market.watchedElsewhere(watchers)
  }, logger)

  return {
    async start(): Promise<void> {
      await Promise.all([client.connect(), subscriber.connect()])
      await subscriber.subscribe(gatewaysKey, (gateway) => {
        if (gateway !== id) read()
      })
      write()
      timer = setInterval(() => {
        write()
        read()
      }, deps.refreshMs)
      timer.unref()
    },
    /** What this gateway's phones watch changed: written at once (one write at a time). */
    changed: () => write(),
    /** This gateway leads now: it reads the others' codes at once. */
    lead: () => read(),
    async stop(): Promise<void> {
      stopped = true
      clearInterval(timer)
      timer = undefined
      if (client.isReady) {
        await client
          .multi()
          .del(keyOf(id))
          .sRem(gatewaysKey, id)
          .publish(gatewaysKey, id)
          .exec()
          .catch((error: unknown) => logger.warn({ err: error }, 'wanted codes not withdrawn'))
      }
      await Promise.all([client, subscriber].map((c) => (c.isOpen ? c.close() : Promise.resolve())))
    },
  }
}

export type DemandRelay = ReturnType<typeof createDemandRelay>

/**
 * `task` run one at a time: a call while it runs runs it once more after (what changed meanwhile
 * is read then), however many calls came. A failure is logged; the next call tries again.
 */
function serially(task: () => Promise<void>, logger: Logger): () => void {
  let running = false
  let again = false
  const run = (): void => {
    if (running) return void (again = true)
    running = true
    again = false
    task()
      .catch((error: unknown) => logger.warn({ err: error }, 'demand relay: Redis call failed'))
      .finally(() => {
        running = false
        if (again) run()
      })
  }
  return run
}
