import { Agent, get } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { KEEP_ALIVE_MS } from '../../gateway/src/app'
import { DEMO, startTestApp, type TestApp } from '../support/app'
import { session, brokerApi, brokerData } from '../support/broker'
import { ASSET, ASSET_TEXT, rawGet, writeBuiltClient } from './http-basics.support'

let t: TestApp
const client = writeBuiltClient()
let brokenBalances = false

beforeAll(async () => {
  t = await startTestApp({
    env: {
      CLIENT_DIR: client.dir,
      KEFU_URL: 'https://support.example.jp/chat',
      APP_VERSION: '1.2.0',
    },
    deps: {
      // A reader that fails on demand stands in for a bug deep inside a call.
      balances: async () => {
        if (brokenBalances) throw new Error('ledger exploded')
        return { available: 12_345_000n, borrowed: 0n }
      },
    },
  })
})
afterAll(async () => {
  await t.stop()
  client.remove()
})

describe('health and headers', () => {
  it('/health reports the store and the market feed', async () => {
    const res = await fetch(`${t.url}/health`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      ok: boolean
      store: string
      market: { simulated: boolean }
    }
    // A gateway alone leads (issue 16).
    expect(body).toMatchObject({
      ok: true,
      store: t.database.kind,
      role: 'leader',
      market: { simulated: true },
    })
  })

  it('keeps an idle connection open longer than a load balancer does (65 s, Node said 5)', async () => {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      get(`${t.url}/health`, { agent: new Agent({ keepAlive: true }) }, (res) => {
        res.resume()
        resolve(String(res.headers['keep-alive']))
      }).on('error', reject)
    })
    expect(header).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`)
  })

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'abc-123' } })
    expect(given.headers.get('x-request-id')).toBe('abc-123')
    const hostile = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'a b<script>' } })
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends a CSP that allows the app, its sockets and inline styles, nothing else', async () => {
    const csp = (await fetch(`${t.url}/`)).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toMatch(/connect-src 'self'(;|$)/)
    expect(csp).toContain("img-src 'self' data:")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).not.toContain('upgrade-insecure-requests')
  })
})

describe('answer encoding', () => {
  const post = (call: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/api/vue${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: call === '/news/list' ? 'page=1&limit=20' : '',
    })

  it('gzips large /api/vue answers for phones that accept it, and only those', async () => {
    const list = await post('/news/list', { 'accept-encoding': 'gzip' })
    expect(list.headers.get('content-encoding')).toBe('gzip')
    // fetch inflates it: the body is the whole answer, larger than what was sent.
    expect((await list.text()).length).toBeGreaterThan(1024)
    const plain = await post('/news/list', { 'accept-encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.json()).toMatchObject({ status: 1 })
    const small = await post('/common/version', { 'accept-encoding': 'gzip' })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(small.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('puts no ETag on /api/vue answers, but keeps the one the client is revalidated by', async () => {
    expect((await post('/common/version')).headers.get('etag')).toBeNull()
    expect((await post('/news/list')).headers.get('etag')).toBeNull()
    expect((await fetch(`${t.url}/`)).headers.get('etag')).toBeTruthy()
  })
})

describe('/health when the store is gone', () => {
  it('answers 503 with ok:false, so the gateway leaves the rotation', async () => {
    const broken = await startTestApp()
    try {
      await broken.app.store.close()
      const res = await fetch(`${broken.url}/health`)
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ ok: false, store: broken.database.kind })
    } finally {
      await broken.stop()
    }
  })
})

describe('the built client', () => {
  it('serves index.html at / (revalidated) and assets as immutable', async () => {
    const index = await fetch(`${t.url}/`)
    expect(index.status).toBe(200)
    expect(await index.text()).toContain('<title>kabu</title>')
    expect(index.headers.get('cache-control')).toBe('no-cache')
    const asset = await fetch(`${t.url}${ASSET}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404)
  })

  it('sends the Brotli copy to a browser that accepts br, the plain file (gzipped) otherwise', async () => {
    const br = await rawGet(`${t.url}${ASSET}`, 'gzip, deflate, br, zstd')
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'cache-control': expect.stringContaining('immutable'),
      'content-type': expect.stringMatching(/^text\/javascript/),
    })
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET_TEXT)
    const plain = await rawGet(`${t.url}${ASSET}`, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(ASSET_TEXT)
  })
})

describe('/api/vue envelope and errors', () => {
  it('answers unknown paths and non-POST methods with 404 not_found', async () => {
    expect(await brokerApi(t.url, '/user/nothing')).toMatchObject({
      http: 404,
      status: 0,
      msg: 'not_found',
    })
    const get = await fetch(`${t.url}/api/vue/common/version`)
    expect(get.status).toBe(404)
    expect(await get.json()).toEqual({ status: 0, msg: 'not_found' })
    expect((await fetch(`${t.url}/api/elsewhere`)).status).toBe(404)
  })

  it('refuses a 10 MB body with 413 invalid_input, and a malformed one with a 4xx', async () => {
    const huge = await brokerApi(t.url, '/user/login', `account=${'a'.repeat(10 * 1024 * 1024)}`)
    expect(huge).toMatchObject({ http: 413, status: 0, msg: 'invalid_input' })
    const charset = await brokerApi(
      t.url,
      '/user/login',
      'account=a',
      {},
      'application/x-www-form-urlencoded; charset=klingon',
    )
    expect(charset.http).toBeGreaterThanOrEqual(400)
    expect(charset.http).toBeLessThan(500)
    expect(charset.msg).toBe('invalid_input')
  })

  it('refuses a body that cannot be decoded with 400 invalid_input', async () => {
    const res = await fetch(`${t.url}/api/vue/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      body: 'account=demo0001&password=not-gzip-at-all',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ status: 0, msg: 'invalid_input' })
  })

  it('turns a bug into a logged 500 network_error carrying the request id', async () => {
    const grant = await brokerData<SessionGrant>(t.url, '/user/login', DEMO)
    expect(await brokerData(t.url, '/user/getUserinfo', {}, session(grant))).toMatchObject({
      jpy: '1234.5',
    })
    brokenBalances = true
    try {
      const res = await fetch(`${t.url}/api/vue/user/getUserinfo`, {
        method: 'POST',
        headers: { ...session(grant), 'x-request-id': 'trace-me-1' },
      })
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({
        status: 0,
        msg: 'network_error',
        request_id: 'trace-me-1',
      })
    } finally {
      brokenBalances = false
    }
  })
})

describe('/api/docs', () => {
  it('documents every /api/vue call from its form schema, and only /api/market reads it serves', async () => {
    const res = await fetch(`${t.url}/api/docs`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>
    }
    expect(doc.openapi).toBe('3.1.0')
    const calls = Object.keys(doc.paths).filter((p) => p.startsWith('/api/vue/'))
    expect(calls.sort()).toEqual(t.app.brokerRoutes.map((r) => `/api/vue${r.path}`).sort())
    for (const route of t.app.brokerRoutes) {
      expect(Boolean(doc.paths[`/api/vue${route.path}`]?.post?.security)).toBe(route.auth)
    }
    // The login form's fields, as its zod schema reads them.
    expect(doc.paths['/api/vue/user/login']?.post?.requestBody).toMatchObject({
      content: {
        'application/x-www-form-urlencoded': {
          schema: { properties: { account: { type: 'string', maxLength: 64 } } },
        },
      },
    })
    // The photo upload is a multipart form with a binary part.
    expect(doc.paths['/api/vue/common/upload']?.post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { properties: { file: { type: 'string' } } } } },
    })
    const reads = Object.keys(doc.paths).filter((p) => p.startsWith('/api/market/'))
    expect(reads).toContain('/api/market/bars')
    for (const read of reads) {
      // Served: a bad or missing query is refused by that read, never the unknown-path 404.
      const answer = await fetch(`${t.url}${read}`)
      expect([200, 400], read).toContain(answer.status)
    }
  })
})

describe('/common', () => {
  it('/common/version gives the version and the oldest client allowed', async () => {
    expect(await brokerData(t.url, '/common/version')).toEqual({
      version: '1.2.0',
      min_client: '0.1.0',
    })
  })

  it('/common/config lists kefu and the business constants, operator settings winning', async () => {
    const entries = await brokerData<{ name: string; value: string }[]>(t.url, '/common/config')
    const byName = new Map(entries.map((e) => [e.name, e.value]))
    expect(byName.get('kefu')).toBe('https://support.example.jp/chat')
    expect(byName.get('version')).toBe('1.2.0')
    expect(byName.get('lot')).toBe('100')
    expect([byName.get('lot_jpy'), byName.get('lot_usd'), byName.get('lot_cny')]).toEqual([
      '100',
      '1',
      '100',
    ])
    expect(byName.get('sell_lock_minutes')).toBe('15')
    expect(byName.get('quotes_simulated')).toBe('1')
    expect(byName.get('withdraw_min_jpy')).toBe(t.app.config.funds.withdrawMinJpy)
    expect(byName.get('withdraw_window')).toBe(t.app.config.funds.withdrawWindow)
    expect(byName.get('deposit_max_verified_jpy')).toBe(t.app.config.funds.depositMaxVerifiedJpy)
    expect(byName.get('id_doctypes')).toBe('driver_license,health_insurance,my_number')
    await t.app.db
      .insertInto('settings')
      .values({ name: 'kefu', value: 'https://line.example/kabu', updated_at: 1 })
      .execute()
    const after = await brokerData<{ name: string; value: string }[]>(t.url, '/common/config')
    expect(after.filter((e) => e.name === 'kefu')).toEqual([
      { name: 'kefu', value: 'https://line.example/kabu' },
    ])
  })
})
