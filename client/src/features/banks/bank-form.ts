import { bankAddRequest, normaliseHolder, type AccountType } from '@kabu/shared/api/banks'
import { fieldErrorsOf, requiredErrors, type FieldErrors } from '../../ui/form/field-errors'

export interface BankAddForm {
  holder: string
  bank_name: string
  bank_code: string
  branch_name: string
  branch_code: string
  account_type: AccountType
  card_number: string
  fund_password: string
}

type Field = keyof BankAddForm
const FIELDS: Field[] = [
  'holder',
  'bank_name',
  'bank_code',
  'branch_name',
  'branch_code',
  'card_number',
  'fund_password',
]

/**
 * The holder as the user types it, shown back as the bank will store it: half-width katakana and
 * full-width spaces folded (ﾔﾏﾀﾞ → ヤマダ). Null while it is not katakana, for the live hint.
 */
export function liveHolder(typed: string): { folded: string | null; changed: boolean } {
  const folded = typed.trim() === '' ? null : normaliseHolder(typed)
  return { folded, changed: folded !== null && folded !== typed }
}

/** The server's schema, checked on the phone first; each field gets its rule's hint. */
export function validateBankAdd(form: BankAddForm): FieldErrors<Field> {
  const required = requiredErrors(form, FIELDS)
  const parsed = bankAddRequest.safeParse(form)
  const rules = parsed.success
    ? {}
    : fieldErrorsOf(parsed.error.issues, {
        fields: [...FIELDS, 'account_type'],
        hints: {
          holder: 'mine.bank.holder.rule',
          bank_name: 'mine.bank.name.rule',
          bank_code: 'mine.bank.bankCode.rule',
          branch_name: 'mine.bank.name.rule',
          branch_code: 'mine.bank.branchCode.rule',
          account_type: 'common.error.required',
          card_number: 'mine.bank.cardNumber.rule',
          fund_password: 'mine.fundPassword.rule',
        },
      })
  const pin = /^\d{6}$/.test(form.fund_password) ? {} : { fund_password: 'mine.fundPassword.rule' }
  return { ...rules, ...pin, ...required }
}
