/**
 * Issue 35's trigger index (gateway/src/broker/trading/trigger-index.ts): 100,000 resting stops and
 * trailing stops over the busiest Tokyo codes, then batches of prints (one per code, as the
 * matcher hears a step of the market), timed against the reference of the same run: every
 * resting trigger compared with its code's print, one by one. Prints figures; asserts nothing.
 *
 *   npx tsx tests/load/trigger-index.ts [triggers] [codes] [batches]
 */
import { randomStream } from '../../gateway/src/market/rng'
import { TriggerIndex, type TriggerSide } from '../../gateway/src/broker/trading/trigger-index'
import { median } from './median'

const [triggers = 100_000, codes = 500, batches = 200] = process.argv.slice(2).map(Number)
const random = randomStream(1, 'trigger-index-bench')
const BASE = 100_000n

interface Resting {
  id: string
  code: string
  side: TriggerSide
  trigger: bigint
}

// Triggers spread ±5 % around each code's price; one in ten trails by 1 %.
const codeOf = (i: number) => `C${i % codes}`
const resting: Resting[] = []
const index = new TriggerIndex()
const built = performance.now()
for (let i = 0; i < triggers; i++) {
  const side: TriggerSide = random.uniform() < 0.5 ? 'buy' : 'sell'
  const away = BigInt(Math.round(500 + random.uniform() * 4_500))
  const trigger = side === 'buy' ? BASE + away : BASE - away
  const id = `o${i}`
  if (i % 10 === 0) index.addTrailing(id, codeOf(i), side, 1_000n, BASE)
  else index.addStop(id, codeOf(i), side, trigger)
  resting.push({ id, code: codeOf(i), side, trigger })
}
const buildMs = performance.now() - built

// A random walk per code, a small step each batch: most prints fire nothing.
const prices = new Map<string, bigint>()
for (let c = 0; c < codes; c++) prices.set(codeOf(c), BASE)
const batch = () => {
  for (const [code, price] of prices)
    prices.set(code, price + BigInt(Math.round(random.normal() * 60)))
  return [...prices]
}

const indexMs: number[] = []
const scanMs: number[] = []
let fired = 0
let scanFired = 0
const live = new Set(resting.map((r) => r.id))
for (let b = 0; b < batches; b++) {
  const prints = batch()
  let started = performance.now()
  for (const [code, price] of prints) fired += index.onPrint(code, price).length
  indexMs.push(performance.now() - started)
  // The reference: each resting stop against its code's print (trailing ones at their start).
  started = performance.now()
  const byCode = new Map(prints)
  for (const r of resting) {
    if (!live.has(r.id)) continue
    const price = byCode.get(r.code) ?? 0n
    if (r.side === 'buy' ? price >= r.trigger : price <= r.trigger) {
      live.delete(r.id)
      scanFired++
    }
  }
  scanMs.push(performance.now() - started)
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`
console.log(`${triggers.toLocaleString('en')} triggers over ${codes} codes, ${batches} batches`)
// The scan takes trailing stops as fixed ones: it is the cost's reference, not the index's check
// (trigger-index.test.ts checks it), so its count differs.
console.log(
  `build ${fmt(buildMs)}; fired ${fired}, still resting ${index.size} (scan fired ${scanFired})`,
)
console.log(
  `a batch: index median ${fmt(median(indexMs))}, max ${fmt(Math.max(...indexMs))}; ` +
    `scan median ${fmt(median(scanMs))} (index/scan ${(median(indexMs) / median(scanMs)).toFixed(3)})`,
)
