import type { BankCard } from '@kabu/shared/api/banks'
import type {
  DepositRecord,
  RechargeChannel,
  WithdrawalRecord,
  WithdrawRules,
} from '@kabu/shared/api/funds'
import type { FundLine } from '@kabu/shared/api/ledger'
import type { MarketType } from '@kabu/shared/market/types'
import { brokerPost } from '../../api/broker'

/** The money screens' calls: the actors of deposit.machine.ts and withdraw.machine.ts, and lists. */

export const fetchChannels = (type: MarketType) =>
  brokerPost<RechargeChannel[]>('/user/rechargeChannels', { type })

export const recharge = (input: {
  type: MarketType
  money: string
  voucher: string | undefined
  idem: string
}) =>
  brokerPost<{ id: string }>('/user/recharge', {
    type: input.type,
    money: input.money,
    channel: 'bank_transfer',
    voucher: input.voucher,
    idem: input.idem,
  })

export const fetchDeposits = (type: MarketType) =>
  brokerPost<DepositRecord[]>('/user/rechargelist', { type })

export const fetchWithdrawRules = (type: MarketType) =>
  brokerPost<WithdrawRules>('/user/withdrawRules', { type })

export const fetchCards = () => brokerPost<BankCard[]>('/user/banks')

export const withdraw = (input: {
  type: MarketType
  money: string
  bankId: string
  fundPassword: string
  idem: string
  /** The second factor's fields (api/second-factor.ts), when the user enrolled one. */
  passkey?: string
  totp?: string
}) =>
  brokerPost<{ id: string }>('/user/withdraw', {
    type: input.type,
    money: input.money,
    bank_id: input.bankId,
    fund_password: input.fundPassword,
    idem: input.idem,
    passkey: input.passkey,
    totp: input.totp,
  })

export const fetchWithdrawals = (type: MarketType) =>
  brokerPost<WithdrawalRecord[]>('/user/withdrawallist', { type })

export const fetchFundLines = (input: {
  type: MarketType
  page: number
  kind?: string
  from?: string
  to?: string
}) => brokerPost<FundLine[]>('/user/fundlist', { ...input })
