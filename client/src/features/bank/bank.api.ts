import type { BankAddRequest, BankCard, FundPasswordRequest } from '@kabu/shared/api/banks'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import type { Userinfo } from '@kabu/shared/api/user'
import { fetchSecondFactors, secondFactorFields } from '../../api/second-factor'
import { vuePost } from '../../api/vue'

/** The bank screens' calls (the actors of bank.machine.ts and the two forms). */
export const fetchCards = () => vuePost<BankCard[]>('/user/banks')

/** Binds a card; `totp` is the typed code, '' when this phone's passkey (if any) is to sign. */
export async function addCard(form: BankAddRequest, totp = '') {
  const factor = await secondFactorFields(await fetchSecondFactors(), totp)
  return vuePost<{ id: number }>('/user/bankAdd', { ...form, ...factor })
}

export async function deleteCard(input: {
  id: number
  fundPassword: string
  totp?: string
}): Promise<void> {
  const factor = await secondFactorFields(await fetchSecondFactors(), input.totp ?? '')
  await vuePost<null>('/user/bankDel', {
    id: input.id,
    fund_password: input.fundPassword,
    ...factor,
  })
}

export async function changeFundPassword(form: FundPasswordRequest): Promise<void> {
  await vuePost<null>('/user/fundPassword', { ...form })
}

/** What a card needs first: verified identity (status 2) and a fund password. */
export async function fetchPrerequisites(): Promise<{
  identity: number
  fundPasswordSet: boolean
}> {
  const [identity, info] = await Promise.all([
    vuePost<VerifyInfo>('/user/verifyInfo'),
    vuePost<Userinfo>('/user/getUserinfo'),
  ])
  return { identity: identity.status, fundPasswordSet: info.fund_password_set }
}
