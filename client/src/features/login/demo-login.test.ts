import { afterEach, describe, expect, it, vi } from 'vitest'
import { appConfig } from '../../state/app-config'
import { demoLoginOf, ensureAppConfig } from './demo-login'

describe('demoLoginOf', () => {
  it('reads the demo login the gateway sends in demo mode', () => {
    expect(
      demoLoginOf({
        demo: '1',
        demo_account: 'demo0001',
        demo_password: 'demo-pass-2026',
        demo_fund_password: '135790',
      }),
    ).toEqual({ account: 'demo0001', password: 'demo-pass-2026', fundPassword: '135790' })
  })

  it('offers nothing outside the demo, before the config is read, or without a login', () => {
    expect(demoLoginOf(null)).toBeNull()
    expect(demoLoginOf({ demo: '0', demo_account: 'a', demo_password: 'b' })).toBeNull()
    expect(demoLoginOf({ demo: '1', demo_account: 'demo0001' })).toBeNull()
  })
})

describe('ensureAppConfig', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    appConfig.values = null
  })

  it('asks once while its request is out, and not again once the config is read', async () => {
    let answer: (value: Response) => void = () => undefined
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetchMock)
    ensureAppConfig() // the route, as the screen's code arrives
    ensureAppConfig() // the demo offer, as it mounts
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const data = [{ name: 'demo', value: '1' }]
    answer(new Response(JSON.stringify({ status: 1, msg: 'ok', data })))
    await vi.waitFor(() => expect(appConfig.values).toEqual({ demo: '1' }))
    ensureAppConfig()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('asks again after a refused request', async () => {
    const fetchMock = vi.fn(async () => new Response('', { status: 502 }))
    vi.stubGlobal('fetch', fetchMock)
    ensureAppConfig()
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    ensureAppConfig()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
