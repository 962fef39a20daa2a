import { describe, expect, it } from 'vitest'
import { loginPasswordRequest, registerRequest } from '@kabu/shared/api/user'
import { keyOfValidationError } from './broker-errors'

const failureOf = (result: { success: boolean; error?: unknown }) => {
  if (result.success) throw new Error('expected the schema to refuse')
  return result.error as Parameters<typeof keyOfValidationError>[0]
}

const valid = {
  account: 'Taro0001',
  password: 'secret-1',
  password2: 'secret-1',
  invite: 'DEMO2026',
  agree: '1',
}

describe('keyOfValidationError', () => {
  it('takes the message key a schema puts on the failing rule', () => {
    expect(
      keyOfValidationError(failureOf(registerRequest.safeParse({ ...valid, agree: '0' }))),
    ).toBe('agree_terms_required')
    expect(
      keyOfValidationError(failureOf(registerRequest.safeParse({ ...valid, invite: '??' }))),
    ).toBe('invite_code_wrong')
    const mismatch = { old: 'x', password: 'secret-1', password2: 'secret-2' }
    expect(keyOfValidationError(failureOf(loginPasswordRequest.safeParse(mismatch)))).toBe(
      'passwords_mismatch',
    )
  })

  it('falls back to invalid_input when the message is zod’s own prose', () => {
    const error = failureOf(registerRequest.safeParse({ ...valid, account: ['a', 'b'] }))
    expect(error.issues[0]?.message).not.toBe('invalid_input')
    expect(keyOfValidationError(error)).toBe('invalid_input')
  })
})
