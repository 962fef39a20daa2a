import type { Depth } from '@kabu/shared/market/depth'
import type { DepthAck } from '@kabu/shared/realtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerDepthHub } from './depth.hub'
import { startHubServer, untyped as raw, type QuotesClient as Client } from './hub.fixture'

let server: Awaited<ReturnType<typeof startHubServer>>
const client = () => server.client()

beforeAll(async () => {
  server = await startHubServer((io, market) => {
    registerDepthHub(io, market)
  })
})
afterAll(() => server.stop())

const subscribe = (socket: Client, payload: unknown): Promise<DepthAck> =>
  raw(socket).timeout(2_000).emitWithAck('depth:subscribe', payload)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// Busy codes of all three markets, so some print every few hundred ms at any hour of the day.
const BUSY = ['7203', '9432', '8306', 'AAPL', 'NVDA', 'TSLA', '600519', '601318']

describe('/quotes depth', () => {
  it('acks with the whole depth, then streams conflated updates only to the sockets that asked', async () => {
    const watcher = await client()
    const bystander = await client()
    const updates: Array<{ at: number; depth: Depth }> = []
    watcher.on('depth', (depth) => updates.push({ at: performance.now(), depth }))
    let strayUpdates = 0
    bystander.on('depth', () => strayUpdates++)

    const acks = await Promise.all(BUSY.map((code) => subscribe(watcher, code)))
    for (const [i, ack] of acks.entries()) {
      expect(ack.ok).toBe(true)
      if (!ack.ok) continue
      expect(ack.depth.code).toBe(BUSY[i])
      expect(ack.depth.bids.length).toBeGreaterThanOrEqual(5)
      expect(ack.depth.asks.length).toBeGreaterThanOrEqual(5)
      expect(ack.depth.tape.length).toBeGreaterThan(0)
    }
    const ackedSeq = new Map(acks.map((ack, i) => [BUSY[i], ack.ok ? ack.depth.tape[0]!.seq : 0]))

    await expect.poll(() => updates.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(3)
    const lastAt = new Map<string, number>()
    const lastSeq = new Map(ackedSeq)
    for (const { at, depth } of updates) {
      expect(BUSY).toContain(depth.code)
      // At most one update per code per 250 ms (the network may bunch them a little).
      const before = lastAt.get(depth.code)
      if (before !== undefined) expect(at - before).toBeGreaterThan(200)
      lastAt.set(depth.code, at)
      // Only prints the socket has not seen yet, newest first.
      const seqs = depth.tape.map((p) => p.seq)
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a))
      if (seqs.length) {
        expect(seqs.at(-1)!).toBeGreaterThan(lastSeq.get(depth.code)!)
        lastSeq.set(depth.code, seqs[0]!)
      }
      const [bid, ask] = [depth.bids[0], depth.asks[0]]
      if (bid && ask) expect(bid.price).toBeLessThan(ask.price)
    }
    expect(strayUpdates).toBe(0)

    for (const code of BUSY) watcher.emit('depth:unsubscribe', code)
    await sleep(400)
    const count = updates.length
    await sleep(800)
    expect(updates.length).toBe(count)
  })

  it('refuses unknown codes and hostile payloads, and stays up', async () => {
    const socket = await client()
    expect(await subscribe(socket, 'NOPE')).toEqual({ ok: false, msg: 'not_found' })
    for (const payload of [42, null, ['7203'], { code: '7203' }, '', 'x'.repeat(17), '72 03']) {
      expect(await subscribe(socket, payload)).toEqual({ ok: false, msg: 'invalid_input' })
    }
    raw(socket).emit('depth:subscribe', '7203')
    raw(socket).emit('depth:subscribe')
    raw(socket).emit('depth:unsubscribe', { $where: '1' })
    raw(socket).emit('depth:unsubscribe')
    // A socket may follow a bounded number of codes; one it already follows is fine again.
    const codes = ['7203', '9432', '8306', '6758', '9984', 'AAPL', 'MSFT', 'NVDA', 'TSLA', '600519']
    for (const code of codes) expect((await subscribe(socket, code)).ok).toBe(true)
    expect((await subscribe(socket, '7203')).ok).toBe(true)
    expect(await subscribe(socket, '601318')).toEqual({ ok: false, msg: 'invalid_input' })
    expect(socket.connected).toBe(true)
  })
})
