import type { BankAddRequest, BankCard, FundPasswordRequest } from '@kabu/shared/api/banks'
import type { VerifyInfo } from '@kabu/shared/api/kyc'
import type { Userinfo } from '@kabu/shared/api/user'
import { vuePost } from '../../api/vue'

/** The bank screens' calls (the actors of bank.machine.ts and the two forms). */
export const fetchCards = () => vuePost<BankCard[]>('/user/banks')

export const addCard = (form: BankAddRequest) =>
  vuePost<{ id: number }>('/user/bankAdd', { ...form })

export async function deleteCard(input: { id: number; fundPassword: string }): Promise<void> {
  await vuePost<null>('/user/bankDel', { id: input.id, fund_password: input.fundPassword })
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
