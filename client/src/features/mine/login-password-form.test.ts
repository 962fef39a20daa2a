import { describe, expect, it } from 'vitest'
import { validateLoginPassword } from './login-password-form'

describe('change login password form', () => {
  it('accepts a valid change', () => {
    expect(
      validateLoginPassword({ old: 'old-pass', password: 'new-pass-1', password2: 'new-pass-1' }),
    ).toEqual({})
  })

  it('refuses different new passwords with the spec message', () => {
    expect(
      validateLoginPassword({ old: 'old-pass', password: 'new-pass-1', password2: 'new-pass-2' }),
    ).toEqual({
      password2: 'server.passwords_mismatch',
    })
  })

  it('explains the length rule and asks for missing fields', () => {
    expect(validateLoginPassword({ old: '', password: '123', password2: '123' })).toEqual({
      old: 'common.error.required',
      password: 'mine.loginPassword.rule',
    })
  })
})
