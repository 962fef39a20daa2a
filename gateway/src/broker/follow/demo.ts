import type { Kysely } from 'kysely'
import type { OpsProductBody } from '@kabu/shared/api/follow'
import type { Database } from '../../store/index'
import type { Ledger } from '../ledger/index'
import { createProduct } from './issuers'
import * as q from './products.sql'

const DAY_MS = 86_400_000
/** A new set of demo products every 30 days, so a long-running demo always has some open. */
const PERIOD_MS = 30 * DAY_MS

type DemoProduct = Omit<OpsProductBody, 'deadline' | 'opens_at'> & { days: number }

/** Clearly simulated: the issuers' names say so, and the rows are flagged `simulated`. */
const DEMO_PRODUCTS: DemoProduct[] = [
  {
    type: 'jpy',
    issuer_code: 'demo-kabu-quant',
    issuer: 'Kabu Quant Lab (simulated)',
    name: { ja: '日本株モメンタム戦略', zh: '日本股票动量策略', en: 'Japan equity momentum' },
    daily_rate: '0.0008',
    min: '100000',
    capacity: '50000000',
    lock_days: 7,
    days: 90,
  },
  {
    type: 'jpy',
    issuer_code: 'demo-sakura-dividend',
    issuer: 'Sakura Dividend Desk (simulated)',
    name: { ja: '高配当バリュー戦略', zh: '高股息价值策略', en: 'High-dividend value' },
    daily_rate: '0.0005',
    min: '50000',
    capacity: '30000000',
    lock_days: 3,
    days: 60,
  },
  {
    type: 'usd',
    issuer_code: 'demo-hudson-systematic',
    issuer: 'Hudson Systematic (simulated)',
    name: { ja: '米国株トレンドフォロー', zh: '美股趋势跟踪', en: 'US trend following' },
    daily_rate: '0.0006',
    min: '1000',
    capacity: '500000',
    lock_days: 14,
    days: 120,
  },
  {
    type: 'cny',
    issuer_code: 'demo-lujiazui-quant',
    issuer: 'Lujiazui Quant (simulated)',
    name: { ja: '中国A株クオンツ', zh: 'A股量化精选', en: 'China A-share quant' },
    daily_rate: '0.0007',
    min: '10000',
    capacity: '3000000',
    lock_days: 5,
    days: 90,
  },
]

/**
 * The demo's products of the current 30-day period, each written once (by `sim_key`), with its
 * issuer funded from the house's bank clearing as the back office would. Answers how many it wrote.
 */
export async function seedDemoProducts(
  db: Kysely<Database>,
  ledger: Ledger,
  now: number,
): Promise<number> {
  const period = Math.floor(now / PERIOD_MS)
  let written = 0
  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const simKey = `demo-${period}-${index}`
    if (await q.simulatedKeyTaken(db, simKey)) continue
    const { days, ...body } = demo
    const opensAt = period * PERIOD_MS
    const input = { ...body, opens_at: opensAt, deadline: opensAt + days * DAY_MS }
    await db
      .transaction()
      .execute((trx) => createProduct(trx, ledger, input, { createdBy: 'demo', simKey, now }))
    written++
  }
  return written
}
