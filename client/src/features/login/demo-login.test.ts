import { describe, expect, it } from 'vitest'
import { demoLoginOf } from './demo-login'

describe('demoLoginOf', () => {
  it('reads the demo login the gateway sends in demo mode', () => {
    expect(
      demoLoginOf({
        demo: '1',
        demo_account: 'demo0001',
        demo_password: 'demo-pass-2026',
        demo_fund_password: '135790',
      }),
    ).toEqual({ account: 'demo0001', password: 'demo-pass-2026', fundPassword: '135790' })
  })

  it('offers nothing outside the demo, before the config is read, or without a login', () => {
    expect(demoLoginOf(null)).toBeNull()
    expect(demoLoginOf({ demo: '0', demo_account: 'a', demo_password: 'b' })).toBeNull()
    expect(demoLoginOf({ demo: '1', demo_account: 'demo0001' })).toBeNull()
  })
})
