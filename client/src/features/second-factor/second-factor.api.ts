import type { SecondFactors, TotpSetup } from '@kabu/shared/api/second-factor'
import { passkeyCreation, secondFactorFields } from '../../api/second-factor'
import { brokerPost } from '../../api/broker'

/**
 * The security screen's calls. Each change is behind the fund password and, once the user holds a
 * factor, that factor too (`totp` typed, or this phone's passkey signs): the server refuses a
 * stolen session that tries to add its own.
 */
export interface Guard {
  fundPassword: string
  totp: string
}

const guardFields = async (factors: SecondFactors, guard: Guard) => ({
  fund_password: guard.fundPassword,
  ...(await secondFactorFields(factors, guard.totp)),
})

export async function addPasskey(factors: SecondFactors, guard: Guard, name: string) {
  // The existing factor first (its own ceremony), then the new passkey.
  const fields = await guardFields(factors, guard)
  const credential = await passkeyCreation()
  await brokerPost<{ id: number }>('/user/passkeyRegister', { ...fields, credential, name })
}

export async function removePasskey(factors: SecondFactors, guard: Guard, id: number) {
  await brokerPost<null>('/user/passkeyDel', { ...(await guardFields(factors, guard)), id })
}

export const setupTotp = () => brokerPost<TotpSetup>('/user/totpSetup')

/** Turns TOTP on with a code of the new secret (`code`); a passkey holder also signs. */
export async function enableTotp(factors: SecondFactors, fundPassword: string, code: string) {
  const fields = await guardFields(factors, { fundPassword, totp: '' })
  await brokerPost<null>('/user/totpEnable', { ...fields, code })
}

export async function disableTotp(factors: SecondFactors, guard: Guard) {
  await brokerPost<null>('/user/totpDisable', await guardFields(factors, guard))
}
