import { describe, expect, it } from 'vitest'
import { liveHolder, validateBankAdd, type BankAddForm } from './bank-form'
import { fundPasswordBody, validateFundPassword } from './fund-password-form'

const FORM: BankAddForm = {
  holder: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  bank_name: 'みずほ銀行',
  bank_code: '0001',
  branch_name: '東京営業部',
  branch_code: '001',
  account_type: 'ordinary',
  card_number: '1234567',
  fund_password: '135790',
}

describe('the bank card form', () => {
  it('folds half-width katakana live and flags anything else', () => {
    expect(liveHolder('ﾔﾏﾀﾞ\u3000ﾀﾛｳ')).toEqual({ folded: 'ヤマダ タロウ', changed: true })
    expect(liveHolder('ヤマダ タロウ')).toEqual({ folded: 'ヤマダ タロウ', changed: false })
    expect(liveHolder('山田').folded).toBeNull()
    expect(liveHolder('').folded).toBeNull()
  })

  it('accepts a complete card and gives each broken field its rule', () => {
    expect(validateBankAdd(FORM)).toEqual({})
    expect(
      validateBankAdd({
        ...FORM,
        holder: 'Yamada',
        bank_code: '12',
        branch_code: '1234',
        card_number: '123',
        fund_password: '12ab',
      }),
    ).toEqual({
      holder: 'server.holder_not_katakana',
      bank_code: 'mine.bank.bankCode.rule',
      branch_code: 'mine.bank.branchCode.rule',
      card_number: 'mine.bank.cardNumber.rule',
      fund_password: 'mine.fundPassword.rule',
    })
    expect(validateBankAdd({ ...FORM, bank_name: '' }).bank_name).toBe('common.error.required')
  })
})

describe('the fund password form', () => {
  it('sends the login password the first time and the old fund password after', () => {
    const form = { current: 'secret', password: '135790', password2: '135790' }
    expect(fundPasswordBody(form, false)).toEqual({
      login_password: 'secret',
      password: '135790',
      password2: '135790',
    })
    expect(fundPasswordBody(form, true)).toMatchObject({ old: 'secret' })
    expect(validateFundPassword(form, true)).toEqual({})
  })

  it('wants six digits, twice the same', () => {
    expect(
      validateFundPassword({ current: 'x', password: '1234', password2: '1234' }, false),
    ).toEqual({
      password: 'mine.fundPassword.rule',
    })
    expect(
      validateFundPassword({ current: 'x', password: '135790', password2: '135791' }, false),
    ).toEqual({ password2: 'server.passwords_mismatch' })
    expect(validateFundPassword({ current: '', password: '', password2: '' }, false)).toMatchObject(
      {
        current: 'common.error.required',
      },
    )
  })
})
