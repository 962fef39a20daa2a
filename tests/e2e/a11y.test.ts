import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failing, summary, type Finding } from './a11y'
import { ALLOWED_MODERATE } from './a11y-allowed'
import { launchPhone } from './browser'

/**
 * The journeys' accessibility scan has to fire: pages with faults put in on purpose are refused at
 * their screenshot, the way every journey takes them, and the same pages without the faults pass.
 */
let browser: Browser
let page: Page
const mode = process.env.A11Y

// A phone screen as the app builds one: a main landmark with a level-one heading in it.
const screen = (body: string) => `<!doctype html><html lang="ja"><head><title>t</title></head>
  <body style="background:#f4f6fa"><main><h1>銘柄</h1>${body}</main></body></html>`

beforeAll(async () => {
  // These tests are about the refusal, which A11Y=report turns off.
  delete process.env.A11Y
  const phone = await launchPhone()
  browser = phone.browser
  page = await phone.context.newPage()
})

afterAll(async () => {
  if (mode !== undefined) process.env.A11Y = mode
  await browser?.close()
})

const shoot = () => page.screenshot({ path: path.join(tmpdir(), 'kabu-a11y-probe.png') })

describe('the accessibility scan before every journey screenshot', () => {
  it('passes a screen with readable prices and named buttons', async () => {
    await page.setContent(
      screen(`<p style="color:#c4141c">+12.5</p><button aria-label="戻る">←</button>`),
    )
    await expect(shoot()).resolves.toBeInstanceOf(Buffer)
  })

  it('refuses the old orange chip text, 2.9:1 on the page background', async () => {
    await page.setContent(screen(`<p style="color:#ed6c02;font-size:11px">シミュレーション</p>`))
    await expect(shoot()).rejects.toThrow(/serious color-contrast/)
  })

  it('refuses a button with no name (an icon button without a label)', async () => {
    await page.setContent(screen(`<button><svg width="24" height="24"></svg></button>`))
    await expect(shoot()).rejects.toThrow(/critical button-name/)
  })

  it('refuses a screen whose list holds buttons, not items (the nested lists it found)', async () => {
    await page.setContent(screen(`<ul><div role="button" tabindex="0">トヨタ</div></ul>`))
    await expect(shoot()).rejects.toThrow(/serious list/)
  })

  it('refuses a moderate finding the allow-list does not give a reason for', async () => {
    // No main landmark: moderate, and not a rule the journeys accept.
    expect(ALLOWED_MODERATE['landmark-one-main']).toBeUndefined()
    await page.setContent(`<!doctype html><html lang="ja"><head><title>t</title></head>
      <body><h1>銘柄</h1><p>本文</p></body></html>`)
    await expect(shoot()).rejects.toThrow(/moderate landmark-one-main/)
  })

  it('recorded every scan of this file, the refused ones included', () => {
    expect(summary('a11y')).toMatchObject({ screens: 5, critical: 1, serious: 2 })
  })
})

describe('which findings fail', () => {
  const finding = (rule: string, impact: Finding['impact']): Finding => ({
    rule,
    impact,
    help: '',
    targets: [],
    nodes: 1,
    summary: '',
  })

  it('fails serious and critical whatever the allow-list says', () => {
    const listed = Object.keys(ALLOWED_MODERATE)[0] ?? 'color-contrast'
    expect(failing([finding(listed, 'serious'), finding(listed, 'critical')])).toHaveLength(2)
  })

  it('passes a moderate finding only when its rule is listed', () => {
    expect(failing([finding('not-a-listed-rule', 'moderate')])).toHaveLength(1)
    for (const rule of Object.keys(ALLOWED_MODERATE)) {
      expect(failing([finding(rule, 'moderate')])).toEqual([])
    }
  })
})
