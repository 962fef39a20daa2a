import type { BankAddRequest, BankCard, FundPasswordRequest } from '@kabu/shared/api/banks'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import type { Userinfo } from '@kabu/shared/api/user'
import { fetchSecondFactors, secondFactorFields } from '../../api/second-factor'
import { brokerPost } from '../../api/broker'

/** The bank screens' calls (the actors of bank.machine.ts and the two forms). */
export const fetchCards = () => brokerPost<BankCard[]>('/user/banks')

/** Binds a card; `totp` is the typed code, '' when this phone's passkey (if any) is to sign. */
export async function addCard(form: BankAddRequest, totp = '') {
  const factor = await secondFactorFields(await fetchSecondFactors(), totp)
  return brokerPost<{ id: number }>('/user/bankAdd', { ...form, ...factor })
}

export async function deleteCard(input: {
  id: number
  fundPassword: string
  totp?: string
}): Promise<void> {
  const factor = await secondFactorFields(await fetchSecondFactors(), input.totp ?? '')
  await brokerPost<null>('/user/bankDel', {
    id: input.id,
    fund_password: input.fundPassword,
    ...factor,
  })
}

export async function changeFundPassword(form: FundPasswordRequest): Promise<void> {
  await brokerPost<null>('/user/fundPassword', { ...form })
}

/** What a card needs first: verified identity (status 2) and a fund password. */
export async function fetchPrerequisites(): Promise<{
  identity: number
  fundPasswordSet: boolean
}> {
  const [identity, info] = await Promise.all([
    brokerPost<VerifyInfo>('/user/verifyInfo'),
    brokerPost<Userinfo>('/user/getUserinfo'),
  ])
  return { identity: identity.status, fundPasswordSet: info.fund_password_set }
}
