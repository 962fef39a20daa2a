import { describe, expect, it } from 'vitest'
import { instrumentName } from './names'

describe('instrumentName', () => {
  it("names an index or a stock in the reader's language, not by its code", () => {
    expect(instrumentName('399006.SZ', 'ja')).toBe('創業板指数')
    expect(instrumentName('399006.SZ', 'zh-CN')).toBe('创业板指')
    expect(instrumentName('399006.SZ', 'en')).toBe('ChiNext Index')
    expect(instrumentName('7203', 'en')).toBe('Toyota Motor')
  })

  it('falls back to the code for one it does not list', () => {
    expect(instrumentName('ZZZZ9', 'ja')).toBe('ZZZZ9')
  })
})
