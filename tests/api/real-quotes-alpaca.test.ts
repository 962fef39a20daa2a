import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startAlpacaFixture,
  type AlpacaFixture,
} from '../../gateway/src/market/sources/alpaca/alpaca-stream.fixture'
import { startTestApp, type TestApp } from '../support/app'
import { depthWith, phone, STALE_MS, streams, waitFor } from './real-quotes.support'

/**
 * Issue 38's proof for Alpaca: the streaming proxy against the local Alpaca stream
 * (alpaca-stream.fixture.ts, written from its published formats), through a real gateway and phones
 * on /quotes (real-quotes.test.ts: the same for kabu STATION).
 */
describe('QUOTE_SOURCE=alpaca:URL against the local Alpaca stream', () => {
  let alpaca: AlpacaFixture
  let t: TestApp

  beforeAll(async () => {
    alpaca = await startAlpacaFixture({ key: 'k', secret: 's', limit: 2 })
    t = await startTestApp({
      env: {
        QUOTE_SOURCE: `alpaca:${alpaca.url}`,
        ALPACA_KEY_ID: 'k',
        ALPACA_SECRET_KEY: 's',
        ALPACA_SYMBOL_LIMIT: '2',
        ...streams,
      },
    })
  })
  afterAll(async () => {
    await t?.stop()
    await alpaca?.close()
  })

  it('subscribes trades and quotes on demand, drops repeats, skips what does not parse, says what it cannot carry', async () => {
    const p = await phone(t.url, ['AAPL', 'MSFT', 'NVDA'])
    try {
      await waitFor(() => alpaca.subscribed().length === 2, 3_000, 'two symbols subscribed')
      expect(alpaca.subscribed()).toEqual(['AAPL', 'MSFT'])
      await waitFor(
        () => p.status()?.realSources?.[0]?.simulated?.join() === 'NVDA',
        3_000,
        'NVDA said to be the simulator’s',
      )
      expect(p.status()?.realSources?.[0]).toMatchObject({
        source: 'alpaca',
        codes: ['AAPL', 'MSFT'],
      })

      const id = alpaca.trade('AAPL', 187.25, 10)
      const first = await waitFor(
        () => p.last('AAPL')?.source === 'alpaca' && p.last('AAPL'),
        3_000,
        'the trade',
      )
      expect(first).toMatchObject({ price: 187.25, source: 'alpaca' })
      alpaca.quote('AAPL', 187.2, 3, 187.3, 5)
      const depth = await depthWith(p, 'AAPL', (d) => d.bids.length > 0)
      expect(depth.bids).toEqual([{ price: 187.2, size: 3 }])
      expect(depth.asks).toEqual([{ price: 187.3, size: 5 }])

      // The same trade again (its id), a message that is not JSON, one with a bad element.
      alpaca.trade('AAPL', 190, 10, Date.now(), id)
      alpaca.sendRaw('[{"T":"t","S":"AAPL"')
      alpaca.sendRaw(
        '[{"T":"t","S":"AAPL","i":"x"},{"T":"q","S":"AAPL","bp":1,"bs":1,"ap":2,"as":1,"t":"never"}]',
      )
      alpaca.trade('AAPL', 187.5, 10)
      await waitFor(() => p.last('AAPL')?.price === 187.5, 3_000, 'the next trade')
      expect(p.ticks.some((q) => q.code === 'AAPL' && q.price === 190)).toBe(false)
      expect(p.last('AAPL')!.seq).toBe(first.seq + 1)
      expect(p.last('NVDA')?.source ?? 'simulator').toBe('simulator')
    } finally {
      p.socket.disconnect()
    }
  })

  it('turns stale when the stream dies and subscribes again when it is back', async () => {
    const p = await phone(t.url, ['AAPL'])
    try {
      await waitFor(() => alpaca.subscribed().includes('AAPL'), 3_000, 'AAPL subscribed')
      alpaca.trade('AAPL', 188, 10)
      await waitFor(() => p.last('AAPL')?.price === 188, 3_000, 'a live price')
      await alpaca.kill()
      await waitFor(() => p.status()?.staleCodes?.includes('AAPL'), STALE_MS + 1_500, 'stale')
      await alpaca.restart()
      await waitFor(() => alpaca.subscribed().includes('AAPL'), 5_000, 'AAPL subscribed again')
      alpaca.trade('AAPL', 189, 10)
      await waitFor(() => p.last('AAPL')?.price === 189, 3_000, 'a price after the restart')
      await waitFor(() => p.status()?.staleCodes?.length === 0, 3_000, 'live again')
    } finally {
      p.socket.disconnect()
    }
  })
})
