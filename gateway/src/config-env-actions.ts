import { z } from 'zod'
import { rate } from './config-env-values'

/** Days from a dividend's record date to its payment: the market's habit, not a rule [U]. */
const payDays = z.coerce.number().int().min(0).max(200)

/**
 * The settings of corporate actions reaching holders (issue 36; MARKET-RULES.md §9 and §10):
 * payment dates and foreign withholding, both unverified facts kept as settings.
 */
export const actionsEnvSchema = z.object({
  DIVIDEND_PAY_DAYS_JP: payDays
    .default(75)
    .describe(
      "Calendar days from a Japanese dividend's record date to its payment (rolled to the next trading day); year-end dividends are paid after the AGM, about 2–3 months on.",
    ),
  DIVIDEND_PAY_DAYS_US: payDays
    .default(21)
    .describe("Calendar days from a US dividend's record date to its payment (rolled likewise)."),
  DIVIDEND_PAY_DAYS_CN: payDays
    .default(1)
    .describe(
      "Calendar days from a Chinese dividend's record date (股权登记日) to its payment (rolled likewise): the ex-date or soon after.",
    ),
  DIVIDEND_FOREIGN_TAX_US: rate
    .default('0.1')
    .describe(
      'Tax withheld at source on a US dividend (the treaty rate with a W-8BEN), before Japanese withholding on the rest.',
    ),
  DIVIDEND_FOREIGN_TAX_CN: rate
    .default('0.1')
    .describe(
      'Tax withheld at source on a Chinese dividend, before Japanese withholding on the rest.',
    ),
  ACTIONS_JOB_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(60_000)
    .describe(
      "How often the leader's corporate-actions job runs: splits applied to holdings and resting orders on their ex-date, holders of record written, dividends paid on their payment date.",
    ),
})
