/**
 * The client side of tests/load/orders.ts, in its own process so the figures measure the gateway
 * rather than a gateway sharing one event loop with its load. Reads {url, seconds, headers[]} as
 * JSON from argv[2]; each headers entry is one client looping buy-then-sell; prints a JSON line of
 * every latency (ms) and the refusal count.
 */
import { vue } from '../support/vue'
import { idem, TOYOTA } from '../api/trading.support'

interface Plan {
  url: string
  seconds: number
  headers: Record<string, string>[]
}

async function main() {
  const plan = JSON.parse(process.argv[2] ?? '') as Plan
  const latencies: number[] = []
  let refused = 0
  const timed = async (path: string, form: Record<string, string>, h: Record<string, string>) => {
    const started = performance.now()
    const answer = await vue(plan.url, path, form, h)
    latencies.push(performance.now() - started)
    if (answer.status !== 1) refused++
    return answer
  }
  const started = performance.now()
  const until = started + plan.seconds * 1000
  await Promise.all(
    plan.headers.map(async (headers) => {
      while (performance.now() < until) {
        const form = { type: 'jpy', code: TOYOTA, num: '100', idem: idem() }
        const bought = await timed('/trade/buy', form, headers)
        const id = (bought.data as { id?: string } | undefined)?.id
        if (id) await timed('/trade/sell', { id, num: '100', idem: idem() }, headers)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  process.stdout.write(`${JSON.stringify({ latencies, refused, elapsed })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
