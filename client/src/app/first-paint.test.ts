import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en/common'
import ja from '../i18n/locales/ja/common'
import zhCN from '../i18n/locales/zh-CN/common'
import { parseLocale, type Locale } from '../i18n/locale'

/**
 * public/first-paint.js runs before the app, outside the build: it cannot import the catalogues
 * or parseLocale, so it repeats them. Run here as the browser runs it, it must agree with both.
 */
const script = readFileSync(new URL('../../public/first-paint.js', import.meta.url), 'utf8')
const catalogues: Record<Locale, { 'common.appName': string; 'common.tagline': string }> = {
  ja,
  'zh-CN': zhCN,
  en,
}

function firstPaint(stored: string | null, splash = true) {
  const html = { lang: 'ja' }
  const name = { textContent: '' }
  const tagline = { textContent: '' }
  const elements: Record<string, unknown> = splash
    ? { 'splash-name': name, 'splash-tagline': tagline }
    : {}
  runInNewContext(script, {
    document: { documentElement: html, getElementById: (id: string) => elements[id] ?? null },
    localStorage: { getItem: () => stored },
  })
  return { lang: html.lang, name: name.textContent, tagline: tagline.textContent }
}

describe('first-paint.js', () => {
  it.each(['ja', 'zh-CN', 'en', 'jp', 'cn', 'us', 'zh', 'ZH-CN', 'fr', '', null])(
    'reads the stored language %j as parseLocale does, and writes its catalogue’s words',
    (stored) => {
      const locale = parseLocale(stored)
      expect(firstPaint(stored)).toEqual({
        lang: locale,
        name: catalogues[locale]['common.appName'],
        tagline: catalogues[locale]['common.tagline'],
      })
    },
  )

  it('only sets the language on a page without the splash (the console)', () => {
    expect(firstPaint('en', false)).toEqual({ lang: 'en', name: '', tagline: '' })
  })

  it('falls back to Japanese when storage is refused', () => {
    const html = { lang: '' }
    runInNewContext(script, {
      document: { documentElement: html, getElementById: () => null },
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError')
        },
      },
    })
    expect(html.lang).toBe('ja')
  })
})
