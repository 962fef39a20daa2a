import { describe, expect, it } from 'vitest'
import { interpretResponse } from './interpret'

describe('interpretResponse (spec §8)', () => {
  it('gives the data of status 1', () => {
    expect(interpretResponse(200, { status: 1, msg: 'ok', data: { a: 1 } })).toEqual({
      kind: 'ok',
      data: { a: 1 },
    })
  })

  it('treats any 2xx as transport success and lets the envelope decide', () => {
    expect(interpretResponse(204, { status: 1, data: null }).kind).toBe('ok')
    expect(interpretResponse(201, { status: 0, msg: 'account_exists' })).toEqual({
      kind: 'refused',
      msg: 'account_exists',
    })
  })

  it('refuses status ≠ 1 with its msg, known key or upstream text', () => {
    expect(interpretResponse(200, { status: 0, msg: 'insufficient_balance' })).toEqual({
      kind: 'refused',
      msg: 'insufficient_balance',
    })
    expect(interpretResponse(200, { status: 2, msg: '残高不足' })).toEqual({
      kind: 'refused',
      msg: '残高不足',
    })
  })

  it('reads 401 as unauthorized even without a body', () => {
    expect(interpretResponse(401, { status: 0, msg: 'please_login_again' })).toEqual({
      kind: 'unauthorized',
      msg: 'please_login_again',
    })
    expect(interpretResponse(401, undefined).kind).toBe('unauthorized')
  })

  it('keeps 503 and 404 silent', () => {
    expect(interpretResponse(503, undefined)).toEqual({ kind: 'silent', msg: 'network_error' })
    expect(interpretResponse(404, { status: 0, msg: 'not_found' })).toEqual({
      kind: 'silent',
      msg: 'not_found',
    })
  })

  it('toasts an HTTP error with its msg, or a network error without one', () => {
    expect(interpretResponse(429, { status: 0, msg: 'too_frequent' })).toEqual({
      kind: 'refused',
      msg: 'too_frequent',
    })
    expect(interpretResponse(500, '<html>')).toEqual({ kind: 'refused', msg: 'network_error' })
    expect(interpretResponse(200, 'not json')).toEqual({ kind: 'refused', msg: 'network_error' })
  })
})
