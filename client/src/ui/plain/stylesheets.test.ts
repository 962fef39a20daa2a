import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const sheets = ['plain.css', 'app.css'].map(
  (name) => [name, readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')] as const,
)

describe.each(sheets)('%s', (_, css) => {
  // A review once left the plain buttons' shared rule empty: the rows lost their look (centred
  // names in the browser's button font) and nothing failed.
  it('has no empty rule', () => {
    const empty = [...css.matchAll(/([^{}]*)\{\s*\}/g)].map(([, selector]) => selector!.trim())
    expect(empty).toEqual([])
  })
})
