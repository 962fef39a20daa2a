import { describe, expect, it } from 'vitest'
import enAll from './locales/en'
import jaAll from './locales/ja'
import zhAll from './locales/zh-CN'
import enFirst from './parts/en-first'
import enRest from './parts/en-rest'
import jaFirst from './parts/ja-first'
import jaRest from './parts/ja-rest'
import zhFirst from './parts/zh-CN-first'
import zhRest from './parts/zh-CN-rest'

const languages = [
  ['ja', jaAll, jaFirst, jaRest],
  ['zh-CN', zhAll, zhFirst, zhRest],
  ['en', enAll, enFirst, enRest],
] as const

describe('the catalogue in two parts (login first, the rest in the background)', () => {
  it.each(languages)(
    '%s: first and rest together are the whole catalogue',
    (_, all, first, rest) => {
      expect({ ...first, ...rest }).toEqual(all)
    },
  )

  it.each(languages)('%s: no text is in both parts', (_, _all, first, rest) => {
    expect(Object.keys(first).filter((k) => k in rest)).toEqual([])
  })

  it.each(languages)('%s: the first part holds the login screens’ texts', (_, _all, first) => {
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['login.login.title', 'login.login.submit', 'server.invalid_input']),
    )
  })
})
