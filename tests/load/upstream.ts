/**
 * What upstream broker mode adds to a call: `/user/getUserinfo` straight to a gateway (the broker)
 * and through a second gateway forwarding to it (BROKER_UPSTREAM), interleaved in rounds so both
 * see the same machine, one client at a time and 8 at once. Prints p50/p99 of each and the
 * difference. Everything runs in this process on loopback (a rough figure on 2 shared cores), and
 * the loop is bounded: ROUNDS × calls.
 *
 *   npx tsx tests/load/upstream.ts [calls-per-round]
 */
import type { SessionGrant } from '@kabu/shared/api/user'
import { DEMO, startTestApp } from '../support/app'
import { startUpstreamGateway } from '../support/upstream'
import { session, brokerData } from '../support/broker'

const ROUNDS = 5
const CALLS = Number(process.argv[2] ?? 200)

const broker = await startTestApp({ env: { TRUST_PROXY: 'loopback' } })
const front = await startUpstreamGateway(`${broker.url}/api/vue`, { LOG_LEVEL: 'silent' })
try {
  const grant = await brokerData<SessionGrant>(broker.url, '/user/login', {
    account: DEMO.account,
    password: DEMO.password,
  })
  const headers = { ...session(grant), 'content-type': 'application/x-www-form-urlencoded' }
  const call = async (base: string) => {
    const started = performance.now()
    const res = await fetch(`${base}/api/vue/user/getUserinfo`, {
      method: 'POST',
      headers,
      body: 'type=jpy',
    })
    if (((await res.json()) as { status: number }).status !== 1) throw new Error('refused')
    return performance.now() - started
  }
  const run = async (base: string, clients: number, into: number[]) => {
    const each = Math.ceil(CALLS / clients)
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < each; i++) into.push(await call(base))
      }),
    )
  }
  for (const clients of [1, 8]) {
    const direct: number[] = []
    const forwarded: number[] = []
    await run(broker.url, clients, []) // warm-up of both paths
    await run(front.url, clients, [])
    for (let round = 0; round < ROUNDS; round++) {
      await run(broker.url, clients, direct)
      await run(front.url, clients, forwarded)
    }
    const d = { p50: pct(direct, 50), p99: pct(direct, 99) }
    const f = { p50: pct(forwarded, 50), p99: pct(forwarded, 99) }
    console.log(
      `${clients} client(s), ${direct.length} calls each way: direct p50 ${ms(d.p50)} p99 ${ms(d.p99)}` +
        ` | forwarded p50 ${ms(f.p50)} p99 ${ms(f.p99)} | added p50 ${ms(f.p50 - d.p50)}`,
    )
  }
} finally {
  await front.stop()
  await broker.stop()
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`
}
