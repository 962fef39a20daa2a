import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClock } from '../../clock'
import { FAKE_MAPPING, startFakeEndpoint } from './fake-endpoint.fixture'
import { pollMappingSchema } from './poll-mapping'
import { createPollSource } from './poll-source'
import type { RealQuoteSource } from './types'

const waitFor = async (ok: () => boolean, ms: number, what: string) => {
  const until = performance.now() + ms
  while (!ok()) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return performance.now()
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let endpoint: Awaited<ReturnType<typeof startFakeEndpoint>>
let source: RealQuoteSource

beforeAll(async () => {
  endpoint = await startFakeEndpoint()
  source = createPollSource(
    {
      url: endpoint.url,
      mapping: pollMappingSchema.parse(FAKE_MAPPING),
      intervalMs: 50,
      timeoutMs: 200,
      staleAfterMs: 400,
      breakerFailures: 3,
      breakerCoolDownMs: 500,
      maxBackoffMs: 100,
    },
    { clock: createClock(), logger: pino({ level: 'silent' }), trading: () => true },
  )
  source.start()
})
afterAll(async () => {
  source.stop()
  await endpoint.close()
})

// One story, in order: the poller against an upstream that works, breaks in every way, and heals.
describe('the HTTP poller against a local fake endpoint', () => {
  it('maps good answers to quotes of our code, live', async () => {
    await waitFor(() => source.snapshot('7203')?.price === 2500.5, 2_000, 'the first quote')
    expect(source.isLive()).toBe(true)
    expect(source.carries('7203')).toBe(true)
    expect(source.carries('UNMAPPED')).toBe(false)
    const quote = source.snapshot('7203')!
    expect(quote).toMatchObject({ code: '7203', market: 'jp', trading: true })
    expect(quote.volume).toBeGreaterThan(0)
    expect(source.bars('7203', '1m').at(-1)?.close).toBe(2500.5)
  })

  it('turns stale on 500s and opens the circuit instead of hammering the upstream', async () => {
    endpoint.setMode('error')
    const before = endpoint.requests
    await waitFor(() => !source.isLive(), 2_000, 'stale')
    await sleep(1_500)
    // Polling every 50 ms would be ~30 requests here; 3 failures then a probe per 500 ms cool-down.
    expect(endpoint.requests - before).toBeLessThanOrEqual(10)
    expect(source.snapshot('7203')?.price).toBe(2500.5)
  })

  it('stays stale, and up, on garbage and on answers that never come', async () => {
    endpoint.setMode('garbage')
    await sleep(700)
    expect(source.isLive()).toBe(false)
    endpoint.setMode('hang')
    await sleep(700)
    expect(source.isLive()).toBe(false)
  })

  it('recovers through the half-open probe once the upstream answers again', async () => {
    endpoint.setPrice(2510)
    endpoint.setMode('ok')
    await waitFor(() => source.isLive(), 2_000, 'live again')
    await waitFor(() => source.snapshot('7203')?.price === 2510, 1_000, 'the new price')
    // Closed again: back to polling at the interval.
    const before = endpoint.requests
    await sleep(500)
    expect(endpoint.requests - before).toBeGreaterThanOrEqual(4)
  })
})
