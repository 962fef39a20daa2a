import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnGateway, type GatewayProcess } from '../support/gateway-process'
import { session, brokerApi } from '../support/broker'

/**
 * The gateway as `npm start` and docker/Dockerfile run it: the JavaScript `npm run build` emitted
 * (gateway/dist, and shared/dist through shared's "compiled" export condition), run by plain node
 * without tsx. Every relative import must name its file, the data it reads beside its code
 * (gateway/data/tse-listings.tsv) and the client's build must be found from gateway/dist.
 */
const root = path.resolve(import.meta.dirname, '../..')
let dataDir: string
let gateway: GatewayProcess

beforeAll(async () => {
  if (!existsSync(path.join(root, 'gateway/dist/main.js'))) {
    throw new Error('gateway/dist/main.js is missing: run `npm run build` first')
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-compiled-'))
  gateway = await spawnGateway({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { entry: 'compiled' })
})

afterAll(async () => {
  await gateway?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the compiled gateway', () => {
  it('answers /health and serves the phone page', async () => {
    const health = await fetch(`${gateway.url}/health`)
    expect(await health.json()).toMatchObject({ ok: true })
    const page = await fetch(`${gateway.url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
  })

  it('prints the start banner after everything start logged (issue 34 item 22)', async () => {
    const bannerEnd = /reviewer +login reviewer/
    for (let i = 0; i < 100 && !bannerEnd.test(gateway.output()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const output = gateway.output()
    const banner = output.search(bannerEnd)
    expect(banner, output).toBeGreaterThan(0)
    for (const logged of ['"demo login ready"', '"demo trades"']) {
      const at = output.indexOf(logged)
      expect(at, `${logged} in:\n${output}`).toBeGreaterThan(0)
      expect(at, `${logged} after the banner:\n${output}`).toBeLessThan(banner)
    }
  })

  it('logs the demo account in and reads its account', async () => {
    const login = await brokerApi(gateway.url, '/user/login', {
      account: 'demo0001',
      password: 'demo-pass-2026',
    })
    expect(login).toMatchObject({ status: 1, msg: 'login_ok' })
    const grant = login.data as { token: string; account: string }
    const info = await brokerApi(gateway.url, '/user/getUserinfo', { type: 'jpy' }, session(grant))
    expect(info).toMatchObject({ status: 1, data: { account: 'demo0001' } })
  })
})
