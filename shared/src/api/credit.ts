import { z } from 'zod'
import { idemSchema } from './funds'
import { marketTypeSchema } from './user'

/**
 * Stock credit's trust funds (API.md): `/trade/ustocks` adds money to a credit holding (it pays the
 * debt down once approved, review kind `credit`) and `/trade/ustockslist` lists the requests.
 * Status 0 pending (cash frozen), 1 applied, 2 rejected; spec §7 counts 0 and 1 in frozen assets.
 */
export const CREDIT_STATUS = { pending: 0, applied: 1, rejected: 2 } as const
export type CreditStatus = (typeof CREDIT_STATUS)[keyof typeof CREDIT_STATUS]

export const ustocksRequest = z.object({
  id: z.string({ error: 'not_found' }).regex(/^[1-9]\d{0,17}$/, 'not_found'),
  /** Spec §5: a positive integer (whole currency units). */
  credit: z.string({ error: 'amount_required' }).regex(/^[1-9]\d{0,11}$/, 'amount_invalid'),
  idem: idemSchema,
})

export const ustocksListRequest = z.object({ type: marketTypeSchema })

/** One row of /trade/ustockslist. */
export interface WireCreditRequest {
  id: string
  holding_id: string
  code: string
  order_no: string
  status: CreditStatus
  credit: string
  /** What approval paid off the debt (null until applied). */
  applied: string | null
  reason: string | null
  created: number
  decided: number | null
}
