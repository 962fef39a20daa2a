import { randomUUID } from 'node:crypto'
import { holdingRows, type HoldingList, type WireHolding } from '@kabu/shared/api/trade'
import type { SessionGrant } from '@kabu/shared/api/user'
import {
  leverageChoices,
  shortRules,
  type ShortRules,
} from '../../../client/src/features/stock/short-draft'
import type { Target } from '../target'
import { caller } from './live'
import { CODE, LOT } from './order-market'

/**
 * Credit short sales (信用売建) over the wire, as the stock page and the position screen make them:
 * the ticket's rules read as short.live.ts reads them, a short opened (`/trade/sell` with a code and
 * a leverage, no holding), the user's open shorts.
 */

/** The ticket's lowest leverage, from `/common/config` as the app reads it. */
export async function lowestLeverage(target: Target): Promise<number> {
  return Math.min(...leverageChoices((await target.config()).get('leverage_choices')))
}

/** What the short ticket checks a draft against (loadShortRules), for the user's yen now. */
export async function shortRulesOn(target: Target, grant: SessionGrant): Promise<ShortRules> {
  const info = await caller(target, grant)<Record<string, string>>('/user/getUserinfo', {
    type: 'jpy',
  })
  const config = Object.fromEntries(await target.config())
  return shortRules('jp', LOT, info.jpy ?? '0', config)
}

/** Sells one lot of Toyota short at the lowest leverage; the short's id. */
export async function openShort(target: Target, grant: SessionGrant): Promise<string> {
  const form = { type: 'jpy', code: CODE, num: String(LOT) }
  const leverage = String(await lowestLeverage(target))
  const sold = await caller(target, grant)<{ id: string }>('/trade/sell', {
    ...form,
    leverage,
    idem: randomUUID(),
  })
  return sold.id
}

/** The user's open shorts as the position list shows them. */
export async function shortsOf(target: Target, grant: SessionGrant): Promise<WireHolding[]> {
  const list = await caller(target, grant)<HoldingList>('/trade/userstocklist', { type: 'jpy' })
  return holdingRows(list).filter((h) => h.side === 'short')
}
