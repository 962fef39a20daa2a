import { MINE_ENTRIES } from '@kabu/shared/lines/index'
import { describe, expect, it } from 'vitest'
import { MONEY_TILES } from './money-tiles'
import { isEntryEnabled, PANEL_ENTRIES } from './panel-entries'
import { PANEL_ICONS } from './panel-icons'

describe('side user panel entries', () => {
  // Spec §2's fourteen, currency exchange ("reachable from Mine", issue 3), the user's block
  // requests (issue 13), the trust panel and security: passkeys and the authenticator app (issue 17),
  // dividends, accounts and tax (issue 36), price alerts, notifications and their settings (issue 37).
  it('lists the fourteen entries of spec §2, exchange, block requests, trust, security, dividends, accounts, tax, alerts and notifications, uniquely', () => {
    expect(PANEL_ENTRIES).toHaveLength(24)
    expect(new Set(PANEL_ENTRIES.map((e) => e.name)).size).toBe(24)
    // Every entry a line declares, in the panel once (the order is the spec's, kept here).
    expect(PANEL_ENTRIES.map((e) => e.name).sort()).toEqual(
      [...Object.keys(MINE_ENTRIES), 'logout'].sort(),
    )
    expect(PANEL_ENTRIES.find((e) => e.name === 'trust')).toMatchObject({ path: '/mine/trust' })
    expect(PANEL_ENTRIES.find((e) => e.name === 'security')).toMatchObject({
      path: '/mine/security',
    })
    expect(PANEL_ENTRIES.find((e) => e.name === 'blockOrders')).toMatchObject({
      path: '/home/large2',
    })
    // Customer service is the in-app conversations (issue 15).
    expect(PANEL_ENTRIES.find((e) => e.name === 'kefu')).toMatchObject({ path: '/mine/support' })
  })

  it('enables a screen entry only when its route is registered; actions always', () => {
    const registered = new Set(['/mine/about', '/mine/language'])
    const enabled = PANEL_ENTRIES.filter((e) => isEntryEnabled(e, (p) => registered.has(p))).map(
      (e) => e.name,
    )
    expect(enabled).toEqual(['about', 'language', 'logout'])
  })

  it('gives every entry an icon, and every money tile the icon of its panel entry', () => {
    const missing = PANEL_ENTRIES.filter((e) => !(e.name in PANEL_ICONS)).map((e) => e.name)
    expect(missing).toEqual([])
    for (const tile of MONEY_TILES) {
      const entry = PANEL_ENTRIES.find((e) => e.name === tile.icon)
      expect(entry).toMatchObject({ path: tile.path })
    }
  })
})
