import { describe, expect, it } from 'vitest'
import { relyingParty } from './relying-party'

const unset = { rpId: undefined, origins: [], rpName: 'Kabu Mobile' }

describe('the relying party of a call', () => {
  it('is the host the phone reached, and the page’s own origin', () => {
    expect(
      relyingParty(unset, { host: 'localhost:8080', origin: 'http://localhost:8080' }),
    ).toEqual({
      rpId: 'localhost',
      origins: ['http://localhost:8080'],
      rpName: 'Kabu Mobile',
    })
    expect(relyingParty(unset, { host: '[::1]:8080', origin: undefined }).rpId).toBe('::1')
  })

  it('allows no origin for a page of another site, or a call from no page', () => {
    const evil = { host: 'app.example.com', origin: 'https://evil.example' }
    expect(relyingParty(unset, evil).origins).toEqual([])
    expect(relyingParty(unset, { host: 'app.example.com', origin: undefined }).origins).toEqual([])
    expect(relyingParty(unset, { host: 'app.example.com', origin: 'not a url' }).origins).toEqual(
      [],
    )
  })

  it('takes the settings over the request behind a proxy', () => {
    const set = { rpId: 'example.com', origins: ['https://app.example.com'], rpName: 'X' }
    expect(relyingParty(set, { host: 'internal:3000', origin: 'http://internal:3000' })).toEqual({
      rpId: 'example.com',
      origins: ['https://app.example.com'],
      rpName: 'X',
    })
  })
})
