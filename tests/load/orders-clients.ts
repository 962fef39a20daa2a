/**
 * The client side of tests/load/orders.ts, in its own process so the figures measure the gateway
 * rather than a gateway sharing one event loop with its load. Reads {url, seconds, headers[]} as
 * JSON from argv[2]; each headers entry is one client looping buy-then-sell; prints a JSON line of
 * every latency (ms), the refusal count and this process's own CPU.
 *
 * Each client is one kept-alive TCP connection speaking just the HTTP/1.1 it needs (a form POST,
 * a Content-Length answer), not fetch or node:http: on two shared cores the load generator's CPU is
 * taken from the gateway and PostgreSQL, and pgbench, which we compare against, is a lean C client.
 * node:http cost ~0.4 ms of CPU per order here, fetch several times that.
 */
import { connect, type Socket } from 'node:net'
import { idem, TOYOTA } from '../api/trading.support'

interface Plan {
  url: string
  /** Several gateways: client i talks to urls[i % urls.length] (default: url alone). */
  urls?: string[]
  seconds: number
  headers: Record<string, string>[]
}

type Answer = { status?: number; data?: { id?: string } }

const HEAD_END = Buffer.from('\r\n\r\n')
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i

/** One connection, one request at a time: the answer to a request is the next response read. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0)
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | undefined

  private constructor(
    private readonly socket: Socket,
    private readonly fixedHead: string,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.read(chunk))
    socket.on('error', (error) => this.fail(error))
    socket.on('close', () => this.fail(new Error('the gateway closed the connection')))
  }

  static open(url: URL, headers: Record<string, string>): Promise<Connection> {
    const head = Object.entries({ ...headers, host: url.host })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        resolve(new Connection(socket, head)),
      )
      socket.once('error', reject)
    })
  }

  post(path: string, form: Record<string, string>): Promise<Answer> {
    const body = new URLSearchParams(form).toString()
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.socket.write(
        `POST /api/vue${path} HTTP/1.1\r\n${this.fixedHead}` +
          'content-type: application/x-www-form-urlencoded\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
    })
  }

  close() {
    this.socket.destroy()
  }

  private read(chunk: Buffer) {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
    const headEnd = this.buffered.indexOf(HEAD_END)
    if (headEnd < 0) return
    const head = this.buffered.toString('latin1', 0, headEnd)
    const length = CONTENT_LENGTH.exec(head)?.[1]
    if (length === undefined) return this.fail(new Error(`no content-length in ${head}`))
    const end = headEnd + HEAD_END.length + Number(length)
    if (this.buffered.length < end) return
    const body = this.buffered.toString('utf8', headEnd + HEAD_END.length, end)
    this.buffered = this.buffered.subarray(end)
    const waiting = this.waiting
    this.waiting = undefined
    try {
      waiting?.resolve(JSON.parse(body) as Answer)
    } catch (error) {
      waiting?.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  private fail(error: Error) {
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.reject(error)
  }
}

async function main() {
  const plan = JSON.parse(process.argv[2] ?? '') as Plan
  const urls = (plan.urls ?? [plan.url]).map((u) => new URL(u))
  const latencies: number[] = []
  let refused = 0
  const connections = await Promise.all(
    plan.headers.map((h, i) => Connection.open(urls[i % urls.length]!, h)),
  )
  const timed = async (connection: Connection, path: string, form: Record<string, string>) => {
    const started = performance.now()
    const answer = await connection.post(path, form)
    latencies.push(performance.now() - started)
    if (answer.status !== 1) refused++
    return answer
  }
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const until = started + plan.seconds * 1000
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < until) {
        const form = { type: 'jpy', code: TOYOTA, num: '100', idem: idem() }
        const bought = await timed(connection, '/trade/buy', form)
        const id = bought.data?.id
        if (id) await timed(connection, '/trade/sell', { id, num: '100', idem: idem() })
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const cpuPercent = ((cpu.user + cpu.system) / 1e6 / elapsed) * 100
  for (const connection of connections) connection.close()
  process.stdout.write(`${JSON.stringify({ latencies, refused, elapsed, cpuPercent })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
