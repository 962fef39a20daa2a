import { describe, expect, it, vi } from 'vitest'
import { BrokerRefusal } from './refusal'
import { createBrokerClient, TOAST_MS, type BrokerClientDeps } from './broker-client'

type Reply = { status: number; body?: unknown } | Error

function setup(replies: Reply[], creds = { token: 'tok', account: 'taro' }) {
  const calls: { url: string; init: RequestInit }[] = []
  const events: string[] = []
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const reply = replies.shift()
    if (!reply) throw new Error('no reply left')
    if (reply instanceof Error) throw reply
    return new Response(reply.body === undefined ? 'oops' : JSON.stringify(reply.body), {
      status: reply.status,
    })
  })
  const deps: BrokerClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    baseUrl: '/api/vue',
    credentials: () => creds,
    translate: (msg) => (msg === 'insufficient_balance' ? '残高が不足しています' : msg),
    toast: (text, ms) => events.push(`toast:${text}:${ms}`),
    dismissToasts: () => events.push('dismiss'),
    setBusy: (busy) => events.push(busy ? 'busy' : 'idle'),
    onUnauthorized: () => events.push('unauthorized'),
  }
  return { client: createBrokerClient(deps), calls, events }
}

describe('the /api/vue client', () => {
  it('posts a form with the token and account headers and resolves with data', async () => {
    const { client, calls, events } = setup([
      { status: 200, body: { status: 1, msg: 'ok', data: { jpy: '10.5' } } },
    ])
    await expect(client.post('/user/getUserinfo', { type: 'jpy' })).resolves.toEqual({
      jpy: '10.5',
    })
    const { url, init } = calls[0]!
    expect(url).toBe('/api/vue/user/getUserinfo')
    expect(init.method).toBe('POST')
    expect(init.body).toBe('type=jpy')
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded',
      token: 'tok',
      account: 'taro',
    })
    expect(events).toEqual(['busy', 'idle'])
  })

  it('sends no auth headers before login', async () => {
    const { client, calls } = setup([{ status: 200, body: { status: 1, data: [] } }], {
      token: null,
      account: null,
    } as never)
    await client.post('common/config')
    expect(Object.keys(calls[0]!.init.headers as object)).toEqual(['Content-Type'])
  })

  it('toasts the translated msg for 2 s and rejects with a typed refusal', async () => {
    const { client, events } = setup([
      { status: 200, body: { status: 0, msg: 'insufficient_balance' } },
    ])
    const error = await client.post('/trade/buy').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BrokerRefusal)
    expect(error).toMatchObject({ msg: 'insufficient_balance', httpStatus: 200 })
    expect(events).toEqual(['busy', `toast:残高が不足しています:${TOAST_MS}`, 'idle'])
  })

  it('shows an unknown msg as it is', async () => {
    const { client, events } = setup([
      { status: 200, body: { status: 0, msg: 'Upstream says no' } },
    ])
    await expect(client.post('/x')).rejects.toBeInstanceOf(BrokerRefusal)
    expect(events).toContain(`toast:Upstream says no:${TOAST_MS}`)
  })

  it('on 401 toasts and tells the session owner', async () => {
    const { client, events } = setup([
      { status: 401, body: { status: 0, msg: 'please_login_again' } },
    ])
    await expect(client.post('/user/getUserinfo')).rejects.toMatchObject({ httpStatus: 401 })
    expect(events).toEqual(['busy', `toast:please_login_again:${TOAST_MS}`, 'unauthorized', 'idle'])
  })

  it('on 503 and 404 dismisses toasts instead of showing one', async () => {
    const { client, events } = setup([{ status: 503 }, { status: 404 }])
    await expect(client.post('/a')).rejects.toMatchObject({ msg: 'network_error', httpStatus: 503 })
    await expect(client.post('/b')).rejects.toMatchObject({ msg: 'not_found', httpStatus: 404 })
    expect(events.filter((e) => e.startsWith('toast'))).toEqual([])
    expect(events.filter((e) => e === 'dismiss')).toHaveLength(2)
  })

  it('turns a failed fetch into a network_error refusal', async () => {
    const { client, events } = setup([new TypeError('Failed to fetch')])
    await expect(client.post('/a')).rejects.toMatchObject({ msg: 'network_error', httpStatus: 0 })
    expect(events).toEqual(['busy', `toast:network_error:${TOAST_MS}`, 'idle'])
  })

  it('stays busy until the last of overlapping requests settles', async () => {
    let release: (r: Response) => void = () => {}
    const slow = new Promise<Response>((r) => (release = r))
    const events: string[] = []
    const client = createBrokerClient({
      fetch: vi.fn().mockReturnValueOnce(Promise.resolve(okResponse())).mockReturnValueOnce(slow),
      baseUrl: '/api/vue',
      credentials: () => ({ token: null, account: null }),
      translate: (m) => m,
      toast: () => {},
      dismissToasts: () => {},
      setBusy: (busy) => events.push(busy ? 'busy' : 'idle'),
      onUnauthorized: () => {},
    })
    const fast = client.post('/fast')
    const pending = client.post('/slow')
    await fast
    expect(events).toEqual(['busy'])
    expect(client.inFlight).toBe(1)
    release(okResponse())
    await pending
    expect(events).toEqual(['busy', 'idle'])
  })
})

const okResponse = () => new Response(JSON.stringify({ status: 1, msg: 'ok', data: null }))

describe('the /api/vue client’s file calls', () => {
  function withReply(body: string, contentType: string, status = 200) {
    const events: string[] = []
    const client = createBrokerClient({
      fetch: (async () =>
        new Response(body, {
          status,
          headers: { 'content-type': contentType },
        })) as unknown as typeof globalThis.fetch,
      baseUrl: '/api/vue',
      credentials: () => ({ token: 'tok', account: 'taro' }),
      translate: (msg) => `t:${msg}`,
      toast: (text) => events.push(`toast:${text}`),
      dismissToasts: () => events.push('dismiss'),
      setBusy: () => undefined,
      onUnauthorized: () => events.push('unauthorized'),
    })
    return { client, events }
  }

  it('resolves with the file as a Blob', async () => {
    const { client, events } = withReply('line,amount\r\n1,10\r\n', 'text/csv; charset=utf-8')
    const file = await client.download('/user/ledgerExport', { type: 'jpy' })
    expect(await file.text()).toBe('line,amount\r\n1,10\r\n')
    expect(events).toEqual([])
  })

  it('toasts and throws a refusal answered as the envelope', async () => {
    const { client, events } = withReply(
      JSON.stringify({ status: 0, msg: 'invalid_input' }),
      'application/json; charset=utf-8',
    )
    await expect(client.download('/user/ledgerExport')).rejects.toMatchObject({
      msg: 'invalid_input',
    })
    expect(events).toEqual([`toast:t:invalid_input`])
  })
})
