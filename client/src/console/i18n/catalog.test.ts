import { describe, expect, it } from 'vitest'
import en from './en'
import ja from './ja'
import zh from './zh-CN'

describe('the console catalogues', () => {
  it('hold the same keys in Japanese, Chinese and English, none empty', () => {
    const keys = Object.keys(ja).sort()
    expect(Object.keys(zh).sort()).toEqual(keys)
    expect(Object.keys(en).sort()).toEqual(keys)
    for (const catalogue of [ja, zh, en]) {
      expect(Object.values(catalogue).filter((text) => text.trim() === '')).toEqual([])
    }
  })

  // Issue 34 item 10: "draw now" answered the raw key ipo_draw_not_due, whose text lived in the
  // customer app's IPO file, which the console did not load.
  it('have a text for every msg key the ops API can answer, in every language', async () => {
    const { MESSAGE_KEYS } = await import('@kabu/shared/api/messages')
    const { LOCALES } = await import('../../i18n/locale')
    const { loadConsoleMessages } = await import('./catalog')
    for (const locale of LOCALES) {
      const loaded = await loadConsoleMessages(locale)
      const missing = MESSAGE_KEYS.filter((key) => !loaded[`server.${key}`]?.trim())
      expect(missing, locale).toEqual([])
    }
  })

  it('name every review kind and status the console shows', async () => {
    const { REVIEW_KINDS, REVIEW_STATUSES } = await import('@kabu/shared/api/ops')
    for (const kind of REVIEW_KINDS) expect(ja).toHaveProperty([`console.kind.${kind}`])
    for (const status of REVIEW_STATUSES) expect(ja).toHaveProperty([`console.status.${status}`])
  })

  it('name every menu section, news category, product phase and market of the pages', async () => {
    const { SECTIONS } = await import('../sections')
    const { NEWS_CATEGORIES } = await import('@kabu/shared/api/news')
    const { OPERATOR_ROLES } = await import('@kabu/shared/api/ops')
    const keys = [
      ...Object.keys(SECTIONS).map((s) => `console.nav.${s}`),
      ...NEWS_CATEGORIES.map((c) => `console.news.category.${c}`),
      ...(['open', 'upcoming', 'closed'] as const).map((p) => `console.products.phase.${p}`),
      ...(['jpy', 'usd', 'cny'] as const).map((m) => `console.products.type.${m}`),
      ...OPERATOR_ROLES.map((r) => `console.role.${r}`),
    ]
    for (const key of keys) expect(ja, key).toHaveProperty([key])
  })
})
