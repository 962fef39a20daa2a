import type { AccountsAnswer, TaxableKind } from '@kabu/shared/api/accounts'
import { brokerPost } from './broker'

/**
 * The accounts calls (API.md, issue 36): the accounts screen's, and the buy ticket's NISA room.
 */
export const fetchAccounts = () => brokerPost<AccountsAnswer>('/user/accounts', {})

export const openNisa = (fundPassword: string) =>
  brokerPost<null>('/user/nisaOpen', { fund_password: fundPassword })

export const chooseTaxAccount = (kind: TaxableKind, fundPassword: string) =>
  brokerPost<null>('/user/taxAccount', { kind, fund_password: fundPassword })
