import type { Quote } from '@kabu/shared/market/types'
import type { SubscribeAck } from '@kabu/shared/realtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHubServer, untyped as raw, type QuotesClient as Client } from './hub.fixture'
import { registerQuotesHub } from './quotes.hub'

let server: Awaited<ReturnType<typeof startHubServer>>
const client = (transport?: Parameters<typeof server.client>[0]) => server.client(transport)

beforeAll(async () => {
  server = await startHubServer((io, market) => registerQuotesHub(io, market))
})
afterAll(() => server.stop())

const subscribe = (socket: Client, payload: unknown): Promise<SubscribeAck> =>
  raw(socket).timeout(2_000).emitWithAck('subscribe', payload)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('/quotes hub', () => {
  it('sends the feed status on connect', async () => {
    const socket = server.open()
    const status = await new Promise((resolve) => socket.once('status', resolve))
    expect(status).toMatchObject({
      state: 'live',
      source: 'simulator',
      simulated: true,
      // The fixture's market runs around the clock: the phone is told so (issue 34 item 14).
      hours: 'always',
    })
  })

  it('acks a subscription with snapshots, then streams conflated ticks until unsubscribed', async () => {
    const socket = await client()
    const batches: Array<{ at: number; quotes: Quote[] }> = []
    socket.on('ticks', (quotes) => batches.push({ at: performance.now(), quotes }))
    const codes = ['N225', 'TOPIX', 'SPX', 'IXIC', 'DJI', '000001.SH', '399001.SZ', '7203', 'AAPL']
    const ack = await subscribe(socket, [...codes, 'NOPE'])
    expect(ack.ok).toBe(true)
    if (!ack.ok) return
    expect(ack.snapshots.map((q) => q.code)).toEqual(codes)
    expect(ack.unknown).toEqual(['NOPE'])

    const started = performance.now()
    while (batches.length === 0 && performance.now() - started < 2_000) await sleep(20)
    expect(batches.length).toBeGreaterThan(0)
    // How often these codes print depends on the hour of the simulated day (U-shaped activity):
    // wait for the stream to go on, rather than for a fixed time.
    await expect.poll(() => batches.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(2)
    for (let i = 1; i < batches.length; i++) {
      // One batch per 100 ms window; the network may bunch them a little.
      expect(batches[i]!.at - batches[i - 1]!.at).toBeGreaterThan(80)
    }
    // The hub writes these frames itself: they must decode into whole quotes, as snapshots do.
    const fields = Object.keys(ack.snapshots[0]!).sort()
    for (const { quotes } of batches) {
      const inBatch = quotes.map((q) => q.code)
      expect(new Set(inBatch).size).toBe(inBatch.length)
      expect(inBatch.every((code) => codes.includes(code))).toBe(true)
      for (const quote of quotes) expect(Object.keys(quote).sort()).toEqual(fields)
    }

    socket.emit('unsubscribe', codes)
    await sleep(300)
    const count = batches.length
    await sleep(700)
    expect(batches.length).toBe(count)
  })

  it('sends the same whole quotes to a phone held on long-polling', async () => {
    // A WebSocket gets a prebuilt frame; long-polling gets the packet as text (TicksPackets).
    const [polling, websocket] = await Promise.all([client('polling'), client()])
    const codes = ['N225', 'SPX', '7203', 'AAPL', '000001.SH']
    const got = new Map<Client, Quote[]>([
      [polling, []],
      [websocket, []],
    ])
    for (const [socket, quotes] of got) socket.on('ticks', (batch) => quotes.push(...batch))
    const acks = await Promise.all([subscribe(polling, codes), subscribe(websocket, codes)])
    if (!acks[0].ok) throw new Error('subscribe refused')
    await expect
      .poll(() => got.get(polling)!.length, { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(2)
    const fields = Object.keys(acks[0].snapshots[0]!).sort()
    for (const quote of got.get(polling)!) {
      expect(codes).toContain(quote.code)
      expect(Object.keys(quote).sort()).toEqual(fields)
    }
    // A quote both phones got is the same quote, to the last field.
    const bySeq = new Map(got.get(websocket)!.map((q) => [`${q.code}:${q.seq}`, q]))
    const shared = got.get(polling)!.filter((q) => bySeq.has(`${q.code}:${q.seq}`))
    for (const quote of shared) expect(quote).toEqual(bySeq.get(`${quote.code}:${quote.seq}`))
  })

  it('writes a WebSocket phone its frames straight to its TCP socket, not as engine.io packets', async () => {
    const socket = await client()
    let batches = 0
    socket.on('ticks', () => batches++)
    // A socket's id is the same at both ends.
    const conn = server.io.of('/quotes').sockets.get(socket.id!)!.conn
    let packets = 0
    conn.on('packetCreate', (packet: { data?: unknown }) => {
      if (String(packet.data ?? '').includes('"ticks"')) packets++
    })
    await subscribe(socket, ['N225', 'SPX', '7203', 'AAPL'])
    await expect.poll(() => batches, { timeout: 10_000, interval: 50 }).toBeGreaterThan(2)
    expect(packets).toBe(0)
    socket.disconnect()
  })

  it('keeps a phone that upgrades from long-polling to a WebSocket on whole ticks, in order', async () => {
    const socket = await client('upgrade')
    const codes = ['N225', 'SPX', '7203', 'AAPL']
    const ack = await subscribe(socket, codes)
    if (!ack.ok) throw new Error('subscribe refused')
    const fields = Object.keys(ack.snapshots[0]!).sort()
    const lastSeq = new Map(ack.snapshots.map((q) => [q.code, q.seq]))
    let afterUpgrade = 0
    socket.on('ticks', (quotes) => {
      for (const quote of quotes) {
        expect(Object.keys(quote).sort()).toEqual(fields)
        expect(quote.seq).toBeGreaterThan(lastSeq.get(quote.code)!)
        lastSeq.set(quote.code, quote.seq)
      }
      if (socket.io.engine.transport.name === 'websocket') afterUpgrade++
    })
    await expect.poll(() => afterUpgrade, { timeout: 10_000, interval: 50 }).toBeGreaterThan(2)
    socket.disconnect()
  })

  it('refuses hostile payloads and stays up', async () => {
    const socket = await client()
    const refused = { ok: false, msg: 'invalid_input' }
    const payloads: unknown[] = [
      'N225',
      42,
      null,
      { codes: ['N225'] },
      [{ code: 'N225' }],
      [['N225']],
      Array.from({ length: 10_000 }, (_, i) => `C${i}`),
      ['x'.repeat(17)],
      [''],
    ]
    for (const payload of payloads) expect(await subscribe(socket, payload)).toEqual(refused)
    // No ack function, junk unsubscribes: ignored, nothing crashes.
    raw(socket).emit('subscribe', ['N225'])
    raw(socket).emit('subscribe')
    raw(socket).emit('unsubscribe', { $where: '1' })
    raw(socket).emit('unsubscribe')
    raw(socket).emit('no-such-event', 'x')
    // More than MAX_SUBSCRIPTIONS codes in total is refused too.
    const many = Array.from({ length: 200 }, (_, i) => `C${i}`)
    const fine = await subscribe(socket, many)
    expect(fine).toMatchObject({ ok: true, snapshots: [] })
    const ack = await subscribe(socket, ['7203', 'SPX'])
    expect(ack.ok).toBe(true)

    const other = await client()
    expect((await subscribe(other, ['SPX'])).ok).toBe(true)
    expect(socket.connected && other.connected).toBe(true)
  })
})
