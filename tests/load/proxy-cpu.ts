/**
 * The kabu STATION streaming proxy's own CPU per pushed board (issue 38), without phones: the
 * proxy of `fanout.ts --setups=proxy` (fanout/proxy-market.ts) registers every Tokyo code and a
 * local kabu STATION in its own process pushes the synthetic market's ticks at each rate; this
 * process's CPU (user + system: parsing, books, the socket's reads, the collector) over each stretch,
 * idle first, per board published. Quieter than the fan-out's lag on a shared machine: no phones.
 *
 *   npx tsx tests/load/proxy-cpu.ts [--rates=500,1000,2000,4000] [--seconds=5]
 */
import { list, SECONDS } from './fanout/options'
import { proxyMarket } from './fanout/proxy-market'
import { SyntheticMarket, SYNTHETIC_CODES, syntheticCode } from './fanout/synthetic-market'

const RATES = list('rates', '500,1000,2000,4000')
const market = new SyntheticMarket()
const proxy = await proxyMarket(market, () => {})
proxy.service.watch(Array.from({ length: SYNTHETIC_CODES }, (_, rank) => syntheticCode(rank)))
// Registration, then the first boards of every code (their books made) before measuring.
await new Promise((resolve) => setTimeout(resolve, 2_000))
proxy.setRate(Math.max(...RATES))
await new Promise((resolve) => setTimeout(resolve, 3_000))

async function stretch(rate: number) {
  proxy.setRate(rate)
  await new Promise((resolve) => setTimeout(resolve, 500))
  const [cpu, published, start] = [process.cpuUsage(), proxy.published(), performance.now()]
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1_000))
  const used = process.cpuUsage(cpu)
  const ms = performance.now() - start
  const boards = proxy.published() - published
  const cpuMs = (used.user + used.system) / 1_000
  return {
    rate,
    'boards/s': Math.round((boards / ms) * 1_000),
    'CPU %': (cpuMs / ms) * 100,
    'system %': (used.system / 1_000 / ms) * 100,
    boards,
    cpuMs,
  }
}

const idle = await stretch(0)
const rows = [idle]
for (const rate of RATES) rows.push(await stretch(rate))
const idleShare = idle.cpuMs / (SECONDS * 1_000)
console.table(
  rows.map(({ rate, 'boards/s': perSecond, 'CPU %': cpu, 'system %': system, boards, cpuMs }) => ({
    rate,
    'boards/s': perSecond,
    'CPU %': cpu.toFixed(1),
    'of it system %': system.toFixed(1),
    'µs/board net of idle': boards
      ? (((cpuMs - idleShare * SECONDS * 1_000) * 1_000) / boards).toFixed(1)
      : '',
  })),
)
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
proxy.stop()
process.exit(0)
