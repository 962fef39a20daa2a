import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'

const map = JSON.stringify({ fields: { code: 'c', price: 'p' }, codes: { X: '7203' } })

describe('QUOTE_SOURCE settings', () => {
  it('defaults to the simulator and refuses an unknown source', () => {
    expect(loadConfig({}).quoteSource).toEqual({ kind: 'simulator' })
    expect(() => loadConfig({ QUOTE_SOURCE: 'ftp:somewhere' })).toThrow(/QUOTE_SOURCE/)
  })

  it('reads poll:URL with its mapping, and refuses it without one or with a stale window too short', () => {
    const config = loadConfig({ QUOTE_SOURCE: 'poll:http://127.0.0.1:1/q', QUOTE_POLL_MAP: map })
    expect(config.quoteSource).toMatchObject({
      kind: 'poll',
      url: 'http://127.0.0.1:1/q',
      mapping: { items: '', codes: { X: '7203' } },
      intervalMs: 1000,
      staleAfterMs: 2000,
    })
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
    expect(config.quoteSource).toEqual({
      kind: 'replay',
      file: path.resolve('data/x.csv'),
      speed: 5,
      code: 'TOPIX',
      label: 'FX',
    })
    expect(() => loadConfig({ QUOTE_SOURCE: 'replay:x.csv?speed=0' })).toThrow(/speed/)
  })
})
