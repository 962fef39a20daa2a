import { describe, expect, it } from 'vitest'
import { missingFields, sellSentence, sellWire, type SellTicket } from './sell-kinds'

const ticket: SellTicket = {
  kind: 'market',
  limit: '2500',
  trigger: '2300',
  trail: '',
  validity: 'day',
}

describe('the sell ticket', () => {
  it('sends only the fields its kind takes', () => {
    expect(sellWire(ticket)).toEqual({})
    expect(sellWire({ ...ticket, kind: 'limit' })).toEqual({ price: '2500' })
    expect(sellWire({ ...ticket, kind: 'stop' })).toEqual({ kind: 'stop', trigger: '2300' })
    expect(sellWire({ ...ticket, kind: 'trailing', trail: ' 50 ' })).toEqual({
      kind: 'trailing',
      trail: '50',
    })
    expect(sellWire({ ...ticket, kind: 'oco' })).toEqual({
      group: 'oco',
      price: '2500',
      trigger: '2300',
    })
  })

  it('sends a dated validity with every kind that may rest, never with a market sell', () => {
    const dated = { ...ticket, validity: '2026-12-18' }
    expect(sellWire(dated)).toEqual({})
    expect(sellWire({ ...dated, kind: 'limit' })).toEqual({ price: '2500', validity: '2026-12-18' })
    expect(sellWire({ ...dated, kind: 'oco' })).toMatchObject({ validity: '2026-12-18' })
    expect(sellSentence({ ...dated, kind: 'stop' }, '7203', 100).validity).toBe('2026-12-18')
  })

  it('names what a kind still lacks', () => {
    expect(missingFields({ ...ticket, kind: 'trailing' })).toEqual(['trail'])
    expect(missingFields({ ...ticket, kind: 'oco', limit: '25x' })).toEqual(['limit'])
    expect(missingFields({ ...ticket, kind: 'stop' })).toEqual([])
  })

  it('reads an OCO back as one order of two legs', () => {
    expect(sellSentence({ ...ticket, kind: 'oco' }, '7203', 100)).toMatchObject({
      side: 'sell',
      kind: 'limit',
      price: '2500',
      trigger: '2300',
      group: 'oco',
    })
  })
})
