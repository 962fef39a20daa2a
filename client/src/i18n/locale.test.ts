import { describe, expect, it } from 'vitest'
import { LOCALES, parseLocale, STORED_CODE } from './locale'

describe('the stored language', () => {
  it('is the spec’s code (jp, cn, us) and reads back as its locale', () => {
    expect(LOCALES.map((l) => STORED_CODE[l])).toEqual(['jp', 'cn', 'us'])
    for (const locale of LOCALES) expect(parseLocale(STORED_CODE[locale])).toBe(locale)
  })

  it('reads the tags stored before, and Japanese for nothing or anything unknown', () => {
    expect(['ja', 'zh-CN', 'en', 'zh'].map(parseLocale)).toEqual(['ja', 'zh-CN', 'en', 'zh-CN'])
    expect([null, '', 'fr'].map(parseLocale)).toEqual(['ja', 'ja', 'ja'])
  })
})
