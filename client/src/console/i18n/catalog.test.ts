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
