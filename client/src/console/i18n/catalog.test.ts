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
})
