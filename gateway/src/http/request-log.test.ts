import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { requestLogger } from './request-log'

function passed(logger: pino.Logger) {
  const req = new IncomingMessage(new Socket())
  const res = new ServerResponse(req)
  let next = false
  requestLogger(logger)(req as never, res as never, () => void (next = true))
  expect(next).toBe(true)
  return req
}

describe('req.log', () => {
  it('is one child per request, bound to its id, made on first use; an assigned logger wins', () => {
    const logger = pino({ level: 'silent' })
    const req = passed(logger)
    expect(req.log).toBe(req.log)
    expect(req.log.bindings()).toEqual({ reqId: req.id })
    const other = logger.child({ other: true })
    req.log = other
    expect(req.log).toBe(other)
  })

  it('is not a property of the request itself', () => {
    // An accessor defined on each request (closures of its own) gives each a map of its own in
    // V8's old space, which keeps the request and its response alive past every young-generation
    // collection: request-log.ts defines it once, on the prototype.
    const req = passed(pino({ level: 'silent' }))
    expect(Object.getOwnPropertyDescriptor(req, 'log')).toBeUndefined()
    expect(Object.keys(req)).not.toContain('log')
  })
})
