import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fake upstream does with the next requests. */
export type EndpointMode = 'ok' | 'error' | 'garbage' | 'hang'

/** The mapping of the fake's answers, as QUOTE_POLL_MAP would give it. */
export const FAKE_MAPPING = {
  items: 'data.quotes',
  fields: { code: 'symbol', price: 'last', volume: 'volume', time: 'ts' },
  codes: { '7203.T': '7203' },
}

/**
 * A real HTTP quotes endpoint on 127.0.0.1:0 that a test steers: good answers (`7203.T` at
 * `price`, timed now or at the time the test sets, with an unmapped symbol and a bad item beside
 * it), 500s, garbage, or requests left hanging until the poller's timeout. Counts the requests it saw, in all and by path and query
 * (so gateways given `url?gateway=a` and `url?gateway=b` can be told apart).
 */
export async function startFakeEndpoint() {
  let mode: EndpointMode = 'ok'
  let price = 2500.5
  let volume = 1000
  // The time the answers say (epoch ms); the wall clock's when unset.
  let time: number | undefined
  let requests = 0
  const byTarget = new Map<string, number>()
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    requests++
    const target = req.url ?? ''
    byTarget.set(target, (byTarget.get(target) ?? 0) + 1)
    if (mode === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (mode === 'error') {
      res.writeHead(500).end('upstream broke')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    if (mode === 'garbage') {
      res.end('{"data": <html>not json')
      return
    }
    volume += 100
    res.end(
      JSON.stringify({
        data: {
          quotes: [
            { symbol: '7203.T', last: price, volume, ts: Math.floor((time ?? Date.now()) / 1000) },
            { symbol: 'UNMAPPED', last: 1, volume: 1, ts: 1 },
            { symbol: '7203.T', last: 'n/a', volume: 1, ts: 1 },
          ],
        },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/quotes`,
    setMode: (next: EndpointMode) => void (mode = next),
    setPrice: (next: number) => void (price = next),
    /** Times the next answers at `next` (epoch ms), so a test moves through minutes at will. */
    setTime: (next: number | undefined) => void (time = next),
    get requests() {
      return requests
    },
    /** Requests to `url` + `suffix` (`?gateway=a`). */
    requestsTo: (suffix: string) => byTarget.get(`/quotes${suffix}`) ?? 0,
    close: async () => {
      for (const res of hanging) res.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
