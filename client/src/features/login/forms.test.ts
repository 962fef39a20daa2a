import { describe, expect, it } from 'vitest'
import { validateLogin } from './login-form'
import { validateRegister, type RegisterForm } from './register-form'

const good: RegisterForm = {
  account: 'taro2024',
  password: 'secret-pass',
  password2: 'secret-pass',
  invite: 'DEMO01',
  agree: true,
}

describe('login form', () => {
  it('asks for both fields and nothing more', () => {
    expect(validateLogin({ account: '', password: ' ' })).toEqual({
      account: 'common.error.required',
      password: 'common.error.required',
    })
    expect(validateLogin({ account: 'a', password: 'b' })).toEqual({})
  })
})

describe('register form (spec §5)', () => {
  it('accepts a complete, consistent form', () => {
    expect(validateRegister(good)).toEqual({})
  })

  it('refuses different passwords with the spec message, on the repeat field', () => {
    expect(validateRegister({ ...good, password2: 'other-pass' })).toEqual({
      password2: 'server.passwords_mismatch',
    })
  })

  it('refuses without the terms ticked', () => {
    expect(validateRegister({ ...good, agree: false })).toEqual({
      agree: 'server.agree_terms_required',
    })
  })

  it('explains the account and password rules the server applies', () => {
    expect(validateRegister({ ...good, account: 'ab!' })).toEqual({
      account: 'login.error.account',
    })
    expect(validateRegister({ ...good, password: '123', password2: '123' })).toMatchObject({
      password: 'login.error.password',
    })
  })

  it('accepts a lower-case invite code, as the server upper-cases it', () => {
    expect(validateRegister({ ...good, invite: 'demo01' })).toEqual({})
    expect(validateRegister({ ...good, invite: 'x' })).toEqual({
      invite: 'server.invite_code_wrong',
    })
  })

  it('says "required" for empty fields rather than a rule', () => {
    expect(validateRegister({ ...good, account: '', invite: '' })).toMatchObject({
      account: 'common.error.required',
      invite: 'common.error.required',
    })
  })
})
