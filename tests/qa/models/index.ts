import type { QaModel } from '../model'
import { bankModel } from './bank'
import { blockModel } from './block'
import { coverModel } from './cover'
import { creditModel } from './credit'
import { daytradeModel } from './daytrade'
import { orderModel } from './order'
import { depositModel } from './deposit'
import { exchangeModel } from './exchange'
import { followModel } from './follow'
import { ipoModel } from './ipo'
import { kycModel } from './kyc'
import { loanModel } from './loan'
import { sellModel } from './sell'
import { shortModel } from './short'
import { supportModel } from './support'
import { withdrawModel } from './withdraw'

/** Every machine QA's kit drives, in the order the report lists them. */
export const QA_MODELS: QaModel[] = [
  depositModel,
  withdrawModel,
  exchangeModel,
  kycModel,
  bankModel,
  loanModel,
  followModel,
  orderModel,
  sellModel,
  ipoModel,
  blockModel,
  daytradeModel,
  creditModel,
  shortModel,
  coverModel,
  supportModel,
]
