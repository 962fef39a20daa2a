/**
 * The client side of tests/load/orders.ts, in its own process so the figures measure the gateway
 * rather than a gateway sharing one event loop with its load. Reads {url, seconds, headers[]} as
 * JSON from argv[2]; each headers entry is one client looping buy-then-sell; prints a JSON line of
 * every latency (ms), the refusal count and this process's own CPU.
 *
 * It speaks plain `node:http` over kept-alive connections, not fetch: on two shared cores the load
 * generator's CPU is taken from the gateway and PostgreSQL, and undici's fetch spends several times
 * what a bare request does (pgbench, which we compare against, is a C client).
 */
import { Agent, request } from 'node:http'
import { idem, TOYOTA } from '../api/trading.support'

interface Plan {
  url: string
  seconds: number
  headers: Record<string, string>[]
}

function post(
  agent: Agent,
  url: URL,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<{ status?: number; data?: { id?: string } }> {
  const body = new URLSearchParams(form).toString()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/vue${path}`,
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status?: number })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function main() {
  const plan = JSON.parse(process.argv[2] ?? '') as Plan
  const url = new URL(plan.url)
  const agent = new Agent({ keepAlive: true, maxSockets: plan.headers.length })
  const latencies: number[] = []
  let refused = 0
  const timed = async (path: string, form: Record<string, string>, h: Record<string, string>) => {
    const started = performance.now()
    const answer = await post(agent, url, path, form, h)
    latencies.push(performance.now() - started)
    if (answer.status !== 1) refused++
    return answer
  }
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const until = started + plan.seconds * 1000
  await Promise.all(
    plan.headers.map(async (headers) => {
      while (performance.now() < until) {
        const form = { type: 'jpy', code: TOYOTA, num: '100', idem: idem() }
        const bought = await timed('/trade/buy', form, headers)
        const id = bought.data?.id
        if (id) await timed('/trade/sell', { id, num: '100', idem: idem() }, headers)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const cpuPercent = ((cpu.user + cpu.system) / 1e6 / elapsed) * 100
  agent.destroy()
  process.stdout.write(`${JSON.stringify({ latencies, refused, elapsed, cpuPercent })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
