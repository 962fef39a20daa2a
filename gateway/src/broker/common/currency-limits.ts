import Decimal from 'decimal.js'
import { minorStep } from '@kabu/shared/api/funds-amounts'
import type { Currency } from '@kabu/shared/money/currencies'
import { UNITS } from '@kabu/shared/money/decimal'
import type { FundsSettings } from '../../config'
import type { FxSource } from '../../market/fx'

/** The money limits of one wallet, in 1/10,000 units of its currency. */
export interface FundsLimits {
  depositMin: bigint
  depositMaxUnverified: bigint
  depositMaxVerified: bigint
  withdrawMin: bigint
  /** Above it a withdrawal needs two operators (FOUR_EYES_WITHDRAW_ABOVE); undefined: never. */
  fourEyesAbove?: bigint
}

/**
 * The limits are settings in yen (spec §9 states them in yen). Another wallet's limits are the
 * same yen amounts at the FX source's fixed reference rate, not the drifting live one, so a limit
 * never moves between the screen and the request. Minimums round up and maximums round down to the
 * currency's minor unit: a converted limit is never looser than the yen rule.
 *
 * @example limitsFor(settings, fx, 'USD').withdrawMin // 10,000 yen ≈ 65.79 USD → 657_900n
 */
export function limitsFor(settings: FundsSettings, fx: FxSource, currency: Currency): FundsLimits {
  const rate = currency === 'JPY' ? '1' : fx.referenceRate('JPY', currency)
  const step = new Decimal(minorStep(currency).toString())
  const convert = (yen: string, rounding: Decimal.Rounding) => {
    const units = new Decimal(yen).times(UNITS.toString()).times(rate)
    return BigInt(units.dividedBy(step).toDecimalPlaces(0, rounding).times(step).toFixed(0))
  }
  return {
    depositMin: convert(settings.depositMinJpy, Decimal.ROUND_UP),
    depositMaxUnverified: convert(settings.depositMaxUnverifiedJpy, Decimal.ROUND_DOWN),
    depositMaxVerified: convert(settings.depositMaxVerifiedJpy, Decimal.ROUND_DOWN),
    withdrawMin: convert(settings.withdrawMinJpy, Decimal.ROUND_UP),
    // Rounded down: a converted threshold asks for a second person at least as often as in yen.
    fourEyesAbove:
      settings.fourEyesWithdrawAboveJpy === undefined
        ? undefined
        : convert(settings.fourEyesWithdrawAboveJpy, Decimal.ROUND_DOWN),
  }
}
