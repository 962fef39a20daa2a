/**
 * fanout.ts --cluster (issue 16): the same phones on one gateway, then on one gateway whose hub is
 * fed through Redis (it publishes its batches and hears them back, as a lone leader does), then
 * split over two gateways that share one market through Redis (the leader publishes its batches
 * once; both hubs feed from the relay). Prints, per gateway, the phones' lag p50/p99 (tick
 * creation at the leader → phone), the server's CPU and, where Redis is in the path, the Redis hop
 * alone (creation → heard from Redis) beside its reference, the hop of a process doing nothing
 * else in the same seconds (redis-probe.ts). What Redis adds is the first two compared: the same
 * phones, processes and cores, with and without the round trip (the split run also shares the
 * cores between two gateways' event loops, so its difference is not Redis's alone).
 */
import { Histogram } from './histogram'
import type { ClientReport, FromServer, Setup } from './messages'
import { startClients, startRedisProbe, startServer } from './processes'

const WARM_UP_MS = 1_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Usage = Extract<FromServer, { type: 'usage' }>
type Server = Awaited<ReturnType<typeof startServer>>
type Clients = Awaited<ReturnType<typeof startClients>>
type Probe = Awaited<ReturnType<typeof startRedisProbe>>

export interface ClusterRun {
  total: number
  rate: number
  seconds: number
  watchlists: string[][]
  procs: number
  socketIoClient: boolean
  sampleEvery: number
  /** The phones' processes' nice value (fanout.ts --phones-nice). */
  phonesNice: number
  goalMs: number
}

interface Gateway {
  label: string
  setup: Setup
  server: Server
  clients: Clients
  phones: number
}

function lagOf(reports: ClientReport[]) {
  const lag = new Histogram()
  let ticks = 0
  for (const r of reports) {
    lag.merge(new Histogram(r.lag))
    ticks += r.ticks
  }
  return { lag, ticks }
}

/**
 * One stretch at `rate` on whichever gateway has the market; every gateway's figures, and where
 * Redis is in the path the probe's hop over the same seconds (redis-probe.ts).
 */
async function measure(gateways: Gateway[], rate: number, seconds: number, probe?: Probe) {
  gateways[0]!.server.setRate(rate)
  await sleep(WARM_UP_MS)
  gateways.forEach((g) => g.clients.reset())
  probe?.reset()
  const before = await Promise.all(gateways.map((g) => g.server.usage()))
  const started = performance.now()
  await sleep(seconds * 1_000)
  const reports = await Promise.all(gateways.map((g) => g.clients.reports()))
  const after: Usage[] = await Promise.all(gateways.map((g) => g.server.usage()))
  const elapsed = (performance.now() - started) / 1_000
  const probed = await probe?.hops()
  gateways[0]!.server.setRate(0)
  return gateways.map((g, i) => {
    const { lag, ticks } = lagOf(reports[i]!)
    const relay = new Histogram(after[i]!.relayLag)
    const { minor, major, pauseMs } = after[i]!.gc
    const perSecond = (n: number) => Math.round((n / elapsed) * 10) / 10
    return {
      gateway: g.label,
      phones: g.phones,
      'delivered ticks/s': Math.round(ticks / elapsed),
      'lag p50 ms': lag.percentile(50),
      'lag p99 ms': lag.percentile(99),
      'CPU %': Math.round((after[i]!.cpuMicros - before[i]!.cpuMicros) / 10_000 / elapsed),
      'loop p99 ms': Math.round(after[i]!.loopDelayP99Ms),
      'loop max ms': Math.round(after[i]!.loopDelayMaxMs),
      'GC/s minor+major': `${perSecond(minor)}+${perSecond(major)}`,
      'GC ms/s': Math.round(pauseMs / elapsed),
      'Redis hop p50 ms': relay.total ? relay.percentile(50) : '–',
      'Redis hop p99 ms': relay.total ? relay.percentile(99) : '–',
      'probe hop p99 ms': probed?.total ? probed.percentile(99) : '–',
      lag,
    }
  })
}

async function open(
  run: ClusterRun,
  label: string,
  setup: Setup,
  lists: string[][],
  procs: number,
  extra: string[] = [],
): Promise<Gateway> {
  const server = await startServer(setup, extra)
  const clients = await startClients(
    setup,
    server.port,
    lists,
    procs,
    run.socketIoClient,
    run.sampleEvery,
    run.phonesNice,
  )
  console.log(`${label}: ${lists.length} phones connected in ${clients.connectMs} ms`)
  return { label, setup, server, clients, phones: lists.length }
}

async function close(gateways: Gateway[]) {
  for (const g of gateways) {
    await g.clients.stop()
    await g.server.stop()
  }
}

export async function clusterComparison(run: ClusterRun): Promise<void> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const prefix = `fanout-${process.pid}-${Date.now()}`
  console.log(
    `fan-out across gateways: ${run.total} phones at ${run.rate} ticks/s, ${run.seconds} s; ` +
      `one gateway, the same through Redis, then two through Redis (${redisUrl}, prefix ${prefix}); ` +
      `phones' processes at nice ${run.phonesNice}`,
  )
  // Started first, so its own start is not in the runs it is the reference of.
  const probe = await startRedisProbe(redisUrl, `${prefix}-probe`)
  const one = [await open(run, 'one gateway', 'hub', run.watchlists, run.procs)]
  const single = await measure(one, run.rate, run.seconds)
  await close(one)
  const alone = [
    await open(run, 'one, through Redis', 'relay-leader', run.watchlists, run.procs, [
      redisUrl,
      `${prefix}-alone`,
    ]),
  ]
  const throughRedis = await measure(alone, run.rate, run.seconds, probe)
  await close(alone)

  const half = Math.max(1, Math.floor(run.procs / 2))
  const evens = run.watchlists.filter((_, i) => i % 2 === 0)
  const odds = run.watchlists.filter((_, i) => i % 2 === 1)
  const two = [
    await open(run, 'leader', 'relay-leader', evens, half, [redisUrl, prefix]),
    await open(run, 'follower', 'relay-follower', odds, half, [redisUrl, prefix]),
  ]
  const split = await measure(two, run.rate, run.seconds, probe)
  await close(two)
  await probe.stop()

  const rows = [...single, ...throughRedis, ...split]
  console.table(rows.map(({ lag: _lag, ...row }) => row))
  const both = new Histogram()
  for (const row of split) both.merge(row.lag)
  const hop = Math.max(...split.map((r) => Number(r['Redis hop p99 ms']) || 0))
  const probeHop = Number(split[0]!['probe hop p99 ms']) || 0
  const direct = single[0]!.lag
  const relayed = throughRedis[0]!.lag
  const added = (p: number) => relayed.percentile(p) - direct.percentile(p)
  console.log(
    `Redis adds to the lag of the same ${run.total} phones on one gateway: p50 ${added(50)} ms, ` +
      `p99 ${added(99)} ms (goal ≤ 10 ms p99)`,
  )
  console.log(
    `lag p99: one gateway ${single[0]!['lag p99 ms']} ms, two gateways ${both.percentile(99)} ms ` +
      `(goal ≤ ${run.goalMs} ms; a tick waits up to the 100 ms frame whatever the server); ` +
      `Redis hop p99 ${hop} ms (goal ≤ 10 ms); CPU one ${single[0]!['CPU %']} %, ` +
      `leader ${split[0]!['CPU %']} %, follower ${split[1]!['CPU %']} %`,
  )
  console.log(
    `Redis hop p99 against its reference in the same seconds: the gateways' ${hop} ms, a process ` +
      `doing nothing else ${probeHop} ms (this machine's own hop while the phones and gateways ` +
      `share its cores); the gateways add ${hop - probeHop} ms`,
  )
}
