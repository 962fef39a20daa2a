import type { DepositRecord } from '@kabu/shared/api/funds'
import type { Userinfo } from '@kabu/shared/api/user'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'
import { nextSteps, type NextStep } from './next-steps'

const WALLETS: readonly MarketType[] = ['jpy', 'usd', 'cny']

/** The user's identity and fund password state, and their deposit requests in every currency. */
export async function fetchNextSteps(): Promise<NextStep[]> {
  const [info, ...deposits] = await Promise.all([
    brokerPost<Userinfo>('/user/getUserinfo', { type: 'jpy' }),
    ...WALLETS.map((type) => brokerPost<DepositRecord[]>('/user/rechargelist', { type })),
  ])
  return nextSteps(info, deposits.flat())
}
