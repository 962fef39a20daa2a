import { io as connect } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import type { SessionGrant } from '@kabu/shared/api/user'
import { QUOTES_NAMESPACE, USER_NAMESPACE, type SubscribeAck } from '@kabu/shared/realtime'
import { createLogger } from '../../gateway/src/logger'
import { DEMO } from '../support/app'
import { photo } from '../support/identity'
import { brokerAndFront, refusing, silentBroker, startUpstreamGateway } from '../support/upstream'
import { session, brokerApi, brokerData } from '../support/broker'

/**
 * Upstream broker mode (issue 16): gateway A forwards `/api/vue` to gateway B, an ordinary one on
 * its own store, and serves its own market. A phone talking to A registers, logs in, sets a fund
 * password, uploads a photo and reads it back, all of it kept by B; a broker that is down or hangs
 * is `upstream_unavailable`; nothing A logs carries a password, a fund password or a token.
 */
// Secrets this suite sends through A: none may appear in either gateway's log.
const PASSWORD = 'Upstream-Login-9f3k'
const FUND_PASSWORD = '864213'

const brokerLogs: string[] = []
const { broker, front: a } = brokerAndFront({
  deps: {
    logger: createLogger({ logLevel: 'trace' }, { write: (l: string) => void brokerLogs.push(l) }),
  },
})

describe('a gateway in upstream broker mode', () => {
  let grant: SessionGrant
  const tokens: string[] = []

  it('registers and logs in through the upstream: the account lives in the broker', async () => {
    const registered = await brokerData<SessionGrant>(a.url, '/user/register', {
      account: 'upstream01',
      password: PASSWORD,
      password2: PASSWORD,
      invite: DEMO.invite,
      agree: '1',
    })
    tokens.push(registered.token)
    const login = await brokerApi(a.url, '/user/login', {
      account: 'upstream01',
      password: PASSWORD,
    })
    expect(login).toMatchObject({ http: 200, status: 1 })
    grant = login.data as SessionGrant
    tokens.push(grant.token)
    // The broker's own store has the account; the forwarding gateway has none at all.
    expect(await broker.count('users')).toBeGreaterThanOrEqual(2)
    expect('db' in a.gateway).toBe(false)
    const info = await brokerData<{ account: string }>(
      a.url,
      '/user/getUserinfo',
      { type: 'jpy' },
      session(grant),
    )
    expect(info.account).toBe('upstream01')
  })

  it("passes the broker's refusals and 401s through as they are", async () => {
    const wrong = await brokerApi(a.url, '/user/login', {
      account: 'upstream01',
      password: 'nope-nope',
    })
    expect(wrong).toMatchObject({ http: 200, status: 0, msg: 'wrong_account_or_password' })
    const anonymous = await brokerApi(a.url, '/user/getUserinfo', { type: 'jpy' })
    expect(anonymous).toMatchObject({ http: 401, msg: 'please_login_again' })
    const unknown = await brokerApi(a.url, '/no/such/call', {}, session(grant))
    expect(unknown).toMatchObject({ http: 404, msg: 'not_found' })
  })

  it("tells the broker the phone's address, believing a phone's X-Forwarded-For only behind TRUST_PROXY", async () => {
    const spoofed = { 'x-forwarded-for': '203.0.113.9' }
    const wrongLogin = (url: string) =>
      brokerApi(url, '/user/login', { account: 'upstream01', password: 'wrong-1' }, spoofed)
    const failedFrom = async () =>
      (
        await broker.app.db
          .selectFrom('login_failures')
          .select('ip')
          .where('account_key', '=', 'upstream01')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).ip
    await wrongLogin(a.url)
    expect(await failedFrom()).toBe('127.0.0.1')
    const behindProxy = await startUpstreamGateway(`${broker.url}/api/vue`, {
      TRUST_PROXY: 'loopback',
    })
    try {
      await wrongLogin(behindProxy.url)
      expect(await failedFrom()).toBe('203.0.113.9')
    } finally {
      await behindProxy.stop()
    }
    // A right password clears this address's count, so the suite's later logins are not slowed.
    await brokerData(a.url, '/user/login', { account: 'upstream01', password: PASSWORD })
  })

  it('forwards an authed form POST with a fund password', async () => {
    const set = await brokerApi(
      a.url,
      '/user/fundPassword',
      { login_password: PASSWORD, password: FUND_PASSWORD, password2: FUND_PASSWORD },
      session(grant),
    )
    expect(set).toMatchObject({ http: 200, status: 1 })
    const info = await brokerData<{ fund_password_set: boolean }>(
      a.url,
      '/user/getUserinfo',
      { type: 'jpy' },
      session(grant),
    )
    expect(info.fund_password_set).toBe(true)
  })

  it('forwards a multipart upload, and serves the photo back through the upstream', async () => {
    const form = new FormData()
    form.set('kind', 'id_front')
    form.set('file', new Blob([new Uint8Array(await photo('png'))], { type: 'image/png' }), 'a.png')
    const res = await fetch(`${a.url}/api/vue/common/upload`, {
      method: 'POST',
      headers: session(grant),
      body: form,
    })
    const answer = (await res.json()) as { status: number; data: { id: string } }
    expect(answer.status).toBe(1)
    const served = await fetch(`${a.url}/api/vue/common/upload/${answer.data.id}`, {
      headers: session(grant),
    })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8])
    // Not the owner: the broker's 404 comes back.
    const stranger = await fetch(`${a.url}/api/vue/common/upload/${answer.data.id}`)
    expect(stranger.status).toBe(404)
  })

  it('refuses a body larger than the largest photo before it reaches the broker', async () => {
    const limit = a.gateway.config.uploadMaxBytes + 64 * 1024
    const brokerRequests = () => (brokerLogs.join('').match(/request completed/g) ?? []).length
    const before = brokerRequests()
    const res = await fetch(`${a.url}/api/vue/common/upload`, {
      method: 'POST',
      headers: { ...session(grant), 'content-type': 'application/octet-stream' },
      body: new Uint8Array(limit + 1),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ status: 0, msg: 'invalid_input' })
    expect(brokerRequests()).toBe(before)
    // At the limit it is the broker's to judge (it refuses a body that is not a photo's form).
    const atLimit = await brokerApi(a.url, '/common/upload', new Uint8Array(limit), session(grant))
    expect(atLimit.status).toBe(0)
    await expect.poll(brokerRequests).toBe(before + 1)
  })

  it("keeps the broker's gzip of a large answer on the way to the phone", async () => {
    // Every pair of nine currencies: well over the 1 KB from which the broker compresses.
    const res = await fetch(`${a.url}/api/vue/user/exchangeRates`, {
      method: 'POST',
      headers: { ...session(grant), 'accept-encoding': 'gzip' },
    })
    expect(res.status).toBe(200)
    // fetch undid the gzip; the header says it was there on the wire.
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(((await res.json()) as { status: number }).status).toBe(1)
  })

  it('serves market data itself: /health, /api/market and /quotes; /user is relayed', async () => {
    const health = (await (await fetch(`${a.url}/health`)).json()) as { ok: boolean; store: string }
    expect(health).toMatchObject({ ok: true, store: 'upstream' })
    const depth = await fetch(`${a.url}/api/market/depth?code=7203`)
    expect(depth.status).toBe(200)
    const metrics = await fetch(`${a.url}/metrics`, {
      headers: { authorization: `Bearer ${a.gateway.config.opsToken}` },
    })
    // Forwarded calls are timed as one series, not one per path.
    expect(await metrics.text()).toMatch(
      /kabu_http_request_duration_seconds_count\{[^}]*route="\/api\/vue\/\*path"/,
    )
    const quotes = connect(`${a.url}${QUOTES_NAMESPACE}`, { transports: ['websocket'] })
    const user = connect(`${a.url}${USER_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: session(grant),
    })
    // The broker's own /user accepts the session (upstream-user-relay.test.ts drives the relay).
    const relayed = new Promise<void>((resolve, reject) => {
      user.once('connect', resolve)
      user.once('connect_error', reject)
    })
    try {
      const ack = await new Promise<SubscribeAck>((resolve) =>
        quotes.emit('subscribe', ['7203'], resolve),
      )
      expect(ack.ok && ack.snapshots.map((q) => q.code)).toEqual(['7203'])
      await relayed
    } finally {
      quotes.disconnect()
      user.disconnect()
    }
  })

  it('logs requests but never a password, a fund password or a token (either gateway)', () => {
    const forwarding = a.logs()
    // The log is there (so its silence about secrets means something).
    expect(forwarding).toContain('/api/vue/user/login')
    expect(forwarding).toContain('request completed')
    const upstreamLog = brokerLogs.join('')
    expect(upstreamLog).toContain('/api/vue/user/fundPassword')
    for (const secret of [PASSWORD, FUND_PASSWORD, ...tokens]) {
      expect(forwarding).not.toContain(secret)
      expect(upstreamLog).not.toContain(secret)
    }
  })
})

describe('a broker that is down or hangs', () => {
  it('answers upstream_unavailable (502) at once when nothing listens', async () => {
    const down = await startUpstreamGateway(await refusing())
    try {
      const login = await brokerApi(down.url, '/user/login', {
        account: DEMO.account,
        password: PASSWORD,
      })
      expect(login).toMatchObject({ http: 502, status: 0, msg: 'upstream_unavailable' })
      const form = new FormData()
      form.set('kind', 'id_front')
      form.set('file', new Blob([new Uint8Array(await photo('png'))]), 'a.png')
      const upload = await fetch(`${down.url}/api/vue/common/upload`, {
        method: 'POST',
        headers: { token: 'some-token-value-123', account: DEMO.account },
        body: form,
      })
      expect(upload.status).toBe(502)
      expect(await upload.json()).toEqual({ status: 0, msg: 'upstream_unavailable' })
      expect(down.logs()).toContain('upstream unavailable')
      expect(down.logs()).toContain('ECONNREFUSED')
      expect(down.logs()).not.toContain(PASSWORD)
      expect(down.logs()).not.toContain('some-token-value-123')
    } finally {
      await down.stop()
    }
  })

  it('answers upstream_unavailable (504) after BROKER_UPSTREAM_TIMEOUT_MS when it hangs', async () => {
    const hanging = await silentBroker()
    const slow = await startUpstreamGateway(hanging.url, { BROKER_UPSTREAM_TIMEOUT_MS: '400' })
    try {
      const started = Date.now()
      const login = await brokerApi(slow.url, '/user/login', {
        account: DEMO.account,
        password: PASSWORD,
      })
      const took = Date.now() - started
      expect(login).toMatchObject({ http: 504, status: 0, msg: 'upstream_unavailable' })
      expect(took).toBeGreaterThanOrEqual(350)
      expect(took).toBeLessThan(5_000)
      expect(slow.logs()).toContain('UND_ERR_HEADERS_TIMEOUT')
    } finally {
      await slow.stop()
      await hanging.close()
    }
  })
})
