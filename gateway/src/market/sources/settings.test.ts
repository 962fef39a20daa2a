import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'

const map = JSON.stringify({ fields: { code: 'c', price: 'p' }, codes: { X: '7203' } })

describe('QUOTE_SOURCE settings', () => {
  it('defaults to the simulator and refuses an unknown source', () => {
    expect(loadConfig({}).quoteSources).toEqual([])
    expect(() => loadConfig({ QUOTE_SOURCE: 'ftp:somewhere' })).toThrow(/QUOTE_SOURCE/)
  })

  it('reads poll:URL with its mapping, and refuses it without one or with a stale window too short', () => {
    const config = loadConfig({ QUOTE_SOURCE: 'poll:http://127.0.0.1:1/q', QUOTE_POLL_MAP: map })
    expect(config.quoteSources).toMatchObject([
      {
        kind: 'poll',
        url: 'http://127.0.0.1:1/q',
        mapping: { items: '', codes: { X: '7203' } },
        intervalMs: 1000,
        staleAfterMs: 2000,
      },
    ])
    expect(() => loadConfig({ QUOTE_SOURCE: 'poll:http://127.0.0.1:1/q' })).toThrow(
      /QUOTE_POLL_MAP/,
    )
    expect(() =>
      loadConfig({
        QUOTE_SOURCE: 'poll:http://127.0.0.1:1/q',
        QUOTE_POLL_MAP: JSON.stringify({ fields: { code: 'c' }, codes: { X: '7203' } }),
      }),
    ).toThrow(/fields.price/)
    expect(() =>
      loadConfig({
        QUOTE_SOURCE: 'poll:http://127.0.0.1:1/q',
        QUOTE_POLL_MAP: map,
        QUOTE_STALE_MS: '1000',
      }),
    ).toThrow(/QUOTE_STALE_MS/)
  })

  it('reads replay:FILE with speed, code and label', () => {
    const config = loadConfig({ QUOTE_SOURCE: 'replay:data/x.csv?speed=5&code=TOPIX&label=FX' })
    expect(config.quoteSources).toEqual([
      {
        kind: 'replay',
        file: path.resolve('data/x.csv'),
        speed: 5,
        code: 'TOPIX',
        label: 'FX',
      },
    ])
    expect(() => loadConfig({ QUOTE_SOURCE: 'replay:x.csv?speed=0' })).toThrow(/speed/)
  })

  it('reads a list: kabustation and alpaca with their secrets and limits, beside a replay', () => {
    const config = loadConfig({
      QUOTE_SOURCE:
        'kabustation:http://127.0.0.1:18081/kabusapi/,alpaca:wss://x.test/v2/iex,replay:a.csv?label=A,B',
      KABUSTATION_API_PASSWORD: 'pw',
      ALPACA_KEY_ID: 'k',
      ALPACA_SECRET_KEY: 's',
      QUOTE_RELEASE_GRACE_MS: '1000',
    })
    expect(config.quoteSources).toMatchObject([
      {
        kind: 'kabustation',
        url: 'http://127.0.0.1:18081/kabusapi',
        password: 'pw',
        symbolLimit: 50,
      },
      { kind: 'alpaca', url: 'wss://x.test/v2/iex', keyId: 'k', secretKey: 's', symbolLimit: 30 },
      // A comma inside an entry stays in it.
      { kind: 'replay', label: 'A,B' },
    ])
    expect(config.quoteDemand.graceMs).toBe(1000)
    expect(() => loadConfig({ QUOTE_SOURCE: 'kabustation:http://127.0.0.1:1/kabusapi' })).toThrow(
      /KABUSTATION_API_PASSWORD/,
    )
    expect(() => loadConfig({ QUOTE_SOURCE: 'alpaca:http://x.test' })).toThrow(/QUOTE_SOURCE/)
    expect(() =>
      loadConfig({
        QUOTE_SOURCE: 'alpaca:ws://a.test,alpaca:ws://b.test',
        ALPACA_KEY_ID: 'k',
        ALPACA_SECRET_KEY: 's',
      }),
    ).toThrow(/twice/)
  })
})
