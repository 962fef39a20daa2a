import { fork } from 'node:child_process'
import path from 'node:path'
import pino from 'pino'
import type { MarketService } from '../../../gateway/src/market/index'
import { QuoteDemand } from '../../../gateway/src/market/sources/demand'
import { kabuStationFeed } from '../../../gateway/src/market/sources/kabustation/kabu-feed'
import { createStreamSource } from '../../../gateway/src/market/sources/stream-source'
import type { SyntheticMarket } from './synthetic-market'

/**
 * The `proxy` setup's market (issue 38): the hub's quotes come from the kabu STATION streaming
 * proxy (stream-source.ts over kabu-feed.ts) against the local kabu STATION of
 * kabu-feed-process.ts, which turns the synthetic market's ticks into pushed boards. The proxy
 * registers what the hub's phones watch, as in the gateway; listings and the subscribe snapshots
 * stay the synthetic market's. Its `rate` goes to the feed process; `hop` hears each quote's age as
 * the proxy publishes it (what the proxy adds before the hub, apart from the fan-out).
 */
export async function proxyMarket(market: SyntheticMarket, hop: (ms: number) => void) {
  const feed = fork(path.join(import.meta.dirname, 'kabu-feed-process.ts'))
  const port = await new Promise<number>((resolve) =>
    feed.once('message', (m: { type: string; port: number }) => resolve(m.port)),
  )
  const synthetic = market.service()
  const demand = new QuoteDemand({ graceMs: 30_000, brokerEveryMs: 60_000, onError: () => {} })
  const settings = {
    kind: 'kabustation' as const,
    url: `http://127.0.0.1:${port}/kabusapi`,
    password: 'bench',
    symbolLimit: 100_000,
    restPerSecond: 10,
    staleAfterMs: 2_000,
    breakerFailures: 5,
    breakerCoolDownMs: 1_000,
    baseBackoffMs: 100,
    maxBackoffMs: 1_000,
  }
  const source = createStreamSource(kabuStationFeed(settings), settings, {
    demand,
    listing: (code) => synthetic.listing(code),
    logger: pino({ level: 'warn' }),
    trading: () => true,
  })
  let published = 0
  // The proxy's own hop: a tick's creation in the feed process → published here (1 ms buckets).
  source.onQuotes((quotes) => {
    published += quotes.length
    const now = Date.now()
    for (const quote of quotes) hop(now - quote.time)
  })
  source.start()
  const service = {
    ...synthetic,
    onQuotes: source.onQuotes,
    watch: (codes: Iterable<string>) => demand.watch(codes),
    unwatch: (codes: Iterable<string>) => demand.unwatch(codes),
  } as MarketService
  return {
    service,
    setRate: (ticksPerSecond: number) => feed.send({ type: 'rate', ticksPerSecond }),
    /** Quotes the proxy published (what the hub was offered). */
    published: () => published,
    stop() {
      source.stop()
      feed.send({ type: 'stop' })
    },
  }
}
