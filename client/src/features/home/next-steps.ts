import type { DepositRecord } from '@kabu/shared/api/funds'
import type { Userinfo } from '@kabu/shared/api/user'

/** What a new account still has to do before it can trade, in the order it is done. */
export type NextStep = 'verify' | 'fundPassword' | 'deposit'

/** Where each step is done: the screen its link opens. */
export const NEXT_STEP_ROUTE: Record<NextStep, string> = {
  verify: '/mine/verified',
  fundPassword: '/mine/fundPassword',
  deposit: '/mine/deposit',
}

/** getUserinfo's `verified` (API.md /user/verifyInfo codes): 1 reviewing, 2 verified. */
const IDENTITY_SENT = [1, 2]
/** A deposit request's status (0 pending, 1 approved, 2 rejected). */
const REJECTED = 2

/**
 * The steps a user has not done yet: identity never sent (or refused, to send again), no fund
 * password, no deposit asked for in any currency (a pending one counts: the review is the house's
 * part, not the user's). Each step leaves the list once done.
 */
export function nextSteps(
  info: Pick<Userinfo, 'verified' | 'fund_password_set'>,
  deposits: readonly Pick<DepositRecord, 'status'>[],
): NextStep[] {
  const steps: NextStep[] = []
  if (!IDENTITY_SENT.includes(info.verified)) steps.push('verify')
  if (!info.fund_password_set) steps.push('fundPassword')
  if (!deposits.some((d) => d.status !== REJECTED)) steps.push('deposit')
  return steps
}
