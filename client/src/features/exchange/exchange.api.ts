import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import { brokerPost } from '../../api/broker'

/** The exchange screen's calls (the actors of exchange.machine.ts). */
export const fetchRates = () => brokerPost<ExchangeRate[]>('/user/exchangeRates')
export const fetchWallets = () => brokerPost<Wallet[]>('/user/wallets')

export const exchange = (input: { from: string; to: string; money: string; idem: string }) =>
  brokerPost<ExchangeResult>('/user/exchange', input)
