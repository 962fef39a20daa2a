import { mkdtempSync } from 'node:fs'
import { createServer, request, type IncomingHttpHeaders, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Router, type RequestHandler } from 'express'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ok } from '@kabu/shared/api/envelope'
import { Refusal, type BrokerCalls } from '../broker/index'
import { createBrokerRouter } from './broker-router'
import { createHttpApp } from './http-app'

const pageRequest = z.object({ page: z.string().regex(/^\d+$/, 'invalid_input') })

const area: BrokerCalls = (routes) => {
  routes.open('/echo', async ({ body, ip }) => ok({ body, ip }))
  routes.open('/page', pageRequest, async ({ input }) => ok(input))
  routes.open('/refuse', async () => {
    throw new Refusal('too_frequent', 429)
  })
  routes.open('/bug', async () => {
    throw new Error('a bug')
  })
  routes.open('/throttled', async () => ok('once'), { rateLimited: true })
  routes.authed('/mine', async () => ok('mine'))
  // Large enough to be gzip-compressed when the caller accepts it.
  routes.open('/list', async () => ok(Array.from({ length: 200 }, (_, i) => ({ i, name: 'x' }))))
}

/** The gateway's HTTP with this area, counting the requests the fast path took. */
function gateway(options: { everyRequestExtra?: RequestHandler } = {}) {
  const lines: { msg?: string; reqId?: string; req?: { url?: string } }[] = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) })
  const broker = createBrokerRouter({
    authenticate: async () => null,
    areas: [area],
    rateLimit: { windowMs: 60_000, limit: 1 },
  })
  let taken = 0
  let timed = 0
  const timeRequests: RequestHandler = (req, res, next) => {
    timed++
    if (options.everyRequestExtra) return void options.everyRequestExtra(req, res, next)
    next()
  }
  const listener = createHttpApp({
    logger,
    health: (_req, res) => void res.json({}),
    clientDir: mkdtempSync(path.join(tmpdir(), 'fast-path-')),
    trustProxy: 1,
    brokerRouter: broker.router,
    brokerCalls: (at) => {
      const call = broker.callAt(at)
      if (call) taken++
      return call
    },
    marketRouter: Router(),
    apiDocs: {},
    metrics: { timeRequests, router: Router() },
  })
  return { listener, lines, taken: () => taken, timed: () => timed }
}

interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

let url = ''
let current: RequestListener = () => undefined
const server = createServer((req, res) => current(req, res))
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A POST whose body goes with a Content-Length, or chunked (which the fast path leaves to Express). */
function post(
  at: string,
  body: string | Buffer,
  options: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': '203.0.113.7',
    ...options.headers,
  }
  if (options.chunked) headers['transfer-encoding'] = 'chunked'
  else headers['content-length'] = String(bytes.length)
  return new Promise((resolve, reject) => {
    const sent = request(`${url}${at}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      )
    })
    sent.on('error', reject)
    sent.end(bytes)
  })
}

/** What must agree between the two paths: all but the date, the request id and the connection. */
function comparable(reply: Reply) {
  const {
    date: _date,
    'x-request-id': _id,
    connection: _c,
    'keep-alive': _k,
    ...headers
  } = reply.headers
  delete headers['transfer-encoding']
  return { status: reply.status, headers, body: reply.body }
}

describe('the fast path of /api/vue', () => {
  const cases: [
    name: string,
    at: string,
    body: string | Buffer,
    headers?: Record<string, string>,
  ][] = [
    ['a form', '/api/vue/echo', 'a=1&b=x%20y&b=z'],
    [
      'a form with a charset',
      '/api/vue/echo',
      'a=1',
      {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      },
    ],
    ['an empty form', '/api/vue/echo', ''],
    ['a byte-order mark', '/api/vue/echo', Buffer.from('\uFEFFa=1')],
    ['bracketed names', '/api/vue/echo', 'a[b]=1&c[]=2'],
    ['a query string', '/api/vue/echo?x=1', 'a=1'],
    ['another case', '/api/vue/ECHO', 'a=1'],
    ['a schema', '/api/vue/page', 'page=7'],
    ['a schema refusing', '/api/vue/page', 'page=x'],
    ['a refusal', '/api/vue/refuse', ''],
    ['a bug', '/api/vue/bug', ''],
    ['no session', '/api/vue/mine', ''],
    [
      'too many fields',
      '/api/vue/echo',
      Array.from({ length: 101 }, (_, i) => `f${i}=1`).join('&'),
    ],
    ['a NUL', '/api/vue/echo', 'a=%00'],
    ['a large answer, gzip', '/api/vue/list', '', { 'accept-encoding': 'gzip' }],
  ]

  it.each(cases)('answers %s as Express does', async (_name, at, body, headers) => {
    const { listener, taken } = gateway()
    current = listener
    const fast = await post(at, body, { headers })
    expect(taken()).toBe(1)
    const slow = await post(at, body, { chunked: true, headers })
    expect(taken()).toBe(1)
    // A bug's answer carries its own request's id.
    const bodyOf = (reply: Reply) =>
      reply.headers['content-encoding']
        ? reply.body.length
        : { ...JSON.parse(reply.body), request_id: undefined }
    expect({ ...comparable(fast), body: bodyOf(fast) }).toEqual({
      ...comparable(slow),
      body: bodyOf(slow),
    })
  })

  it('gives the call the address Express would (trust proxy), and the security headers', async () => {
    const { listener } = gateway()
    current = listener
    const reply = await post('/api/vue/echo', 'a=1')
    expect(JSON.parse(reply.body).data.ip).toBe('203.0.113.7')
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'")
    expect(reply.headers['x-content-type-options']).toBe('nosniff')
  })

  it('logs and times each request it takes, with the id it answers with', async () => {
    const { listener, lines, timed } = gateway()
    current = listener
    const reply = await post('/api/vue/echo', 'a=1', { headers: { 'x-request-id': 'abc-1' } })
    expect(reply.headers['x-request-id']).toBe('abc-1')
    expect(timed()).toBe(1)
    await expect
      .poll(() => lines.find((l) => l.msg === 'request completed'))
      .toMatchObject({
        reqId: 'abc-1',
        req: { url: '/api/vue/echo' },
      })
  })

  it('leaves a throttled call, another type and a compressed body to Express', async () => {
    const { listener, taken } = gateway()
    current = listener
    expect((await post('/api/vue/throttled', '')).status).toBe(200)
    expect((await post('/api/vue/throttled', '')).status).toBe(429)
    const json = { 'content-type': 'application/json' }
    expect(JSON.parse((await post('/api/vue/echo', '{"a":1}', { headers: json })).body)).toEqual({
      status: 1,
      msg: 'ok',
      data: { body: {}, ip: '203.0.113.7' },
    })
    const gzipped = { 'content-encoding': 'gzip' }
    expect((await post('/api/vue/echo', 'not gzip', { headers: gzipped })).status).toBe(400)
    expect(taken()).toBe(0)
  })

  it('answers 500 rather than fall over when a middleware of every request does not pass at once', async () => {
    const { listener } = gateway({ everyRequestExtra: () => undefined })
    current = listener
    const reply = await post('/api/vue/echo', 'a=1')
    expect(reply.status).toBe(500)
    expect(JSON.parse(reply.body)).toMatchObject({ status: 0, msg: 'network_error' })
  })
})
