import type { ExchangeRate, ExchangeResult } from '@kabu/shared/api/funds'
import type { Wallet } from '@kabu/shared/api/ledger'
import { vuePost } from '../../api/vue'

/** The exchange screen's calls (the actors of exchange.machine.ts). */
export const fetchRates = () => vuePost<ExchangeRate[]>('/user/exchangeRates')
export const fetchWallets = () => vuePost<Wallet[]>('/user/wallets')

export const exchange = (input: { from: string; to: string; money: string; idem: string }) =>
  vuePost<ExchangeResult>('/user/exchange', input)
