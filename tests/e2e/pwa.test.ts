import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPhoneProfile } from './browser'
import { startGateway } from './gateway'

/**
 * The installable app on a phone (issue 15): the service worker takes the page, Chromium finds the
 * manifest installable, and offline a reload still opens the shell, which says it is offline.
 */
let gateway: Awaited<ReturnType<typeof startGateway>>
let profile: string
let context: BrowserContext
let page: Page

beforeAll(async () => {
  gateway = await startGateway()
  profile = mkdtempSync(path.join(tmpdir(), 'kabu-pwa-'))
  context = await launchPhoneProfile(profile)
  page = await context.newPage()
  page.on('pageerror', (e) => console.error('page error:', e.message))
})

afterAll(async () => {
  await context?.close()
  await gateway?.stop()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`

describe('installable app with an offline shell', () => {
  it('registers a service worker that controls the page', async () => {
    await page.goto(gateway.url + '/')
    await page.getByTestId('start-steps').waitFor()
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        )
      }
      return registration.scope
    })
    expect(scope).toBe(gateway.url + '/')
  })

  it('has a manifest Chromium accepts for installing, with real icons', async () => {
    const cdp = await context.newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.url).toBe(gateway.url + '/manifest.webmanifest')
    expect(manifest.errors).toEqual([])
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    // Left attached, this session kept navigator.onLine true under context.setOffline later on.
    await cdp.detach()

    const data = JSON.parse(manifest.data ?? '{}') as {
      name?: string
      display?: string
      icons?: Array<{ src: string; sizes: string; type: string; purpose?: string }>
    }
    expect(data.name).toBe('Kabu Mobile')
    expect(data.display).toBe('standalone')
    const icons = data.icons ?? []
    expect(icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    )
    for (const icon of icons) {
      const res = await fetch(new URL(icon.src, gateway.url))
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(pngSize(Buffer.from(await res.arrayBuffer()))).toBe(icon.sizes)
    }
  })

  it('never stores the API or the socket in its caches', async () => {
    // Let the start steps run their calls (version, indices, socket, config) through the worker.
    await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#/login/login')
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname))
      }
      return urls
    })
    expect(cached).toContain('/index.html')
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true)
    expect(cached.filter((u) => /^\/(api|socket\.io|health)\b/.test(u))).toEqual([])
  })

  it('opens offline from the worker and says it is offline', async () => {
    await context.setOffline(true)
    try {
      await page.reload()
      await page.getByTestId('offline-notice').waitFor()
      expect(await page.getByTestId('offline-notice').textContent()).toContain('オフライン')
      // The shell is the real app, every screen's code from the precache: the login form, and the
      // start screen, whose network step fails visibly.
      await page.getByTestId('password').waitFor()
      await page.evaluate(() => (location.hash = '#/login/start'))
      await page.getByTestId('start-failed').waitFor({ timeout: 20_000 })
    } finally {
      await context.setOffline(false)
    }
    await expect.poll(() => page.getByTestId('offline-notice').count(), { timeout: 10_000 }).toBe(0)
  })
})
