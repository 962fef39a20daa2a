import { describe, expect, it } from 'vitest'
import { isEntryEnabled, PANEL_ENTRIES } from './panel-entries'

describe('side user panel entries', () => {
  it('lists the fourteen entries of spec §2 with unique names', () => {
    expect(PANEL_ENTRIES).toHaveLength(14)
    expect(new Set(PANEL_ENTRIES.map((e) => e.name)).size).toBe(14)
  })

  it('enables a screen entry only when its route is registered; actions always', () => {
    const registered = new Set(['/mine/about', '/mine/language'])
    const enabled = PANEL_ENTRIES.filter((e) => isEntryEnabled(e, (p) => registered.has(p))).map(
      (e) => e.name,
    )
    expect(enabled).toEqual(['about', 'kefu', 'language', 'logout'])
  })
})
