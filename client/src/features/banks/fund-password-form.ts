import { fundPasswordRequest } from '@kabu/shared/api/banks'
import { fieldErrorsOf, requiredErrors, type FieldErrors } from '../../ui/form/field-errors'

export interface FundPasswordForm {
  /** The login password the first time, the current fund password after. */
  current: string
  password: string
  password2: string
}

/** The request for /user/fundPassword: `login_password` to set, `old` to change. */
export function fundPasswordBody(form: FundPasswordForm, alreadySet: boolean) {
  const proof = alreadySet ? { old: form.current } : { login_password: form.current }
  return { ...proof, password: form.password, password2: form.password2 }
}

export function validateFundPassword(
  form: FundPasswordForm,
  alreadySet: boolean,
): FieldErrors<keyof FundPasswordForm> {
  const required = requiredErrors(form, ['current', 'password', 'password2'])
  const parsed = fundPasswordRequest.safeParse(fundPasswordBody(form, alreadySet))
  const rules = parsed.success
    ? {}
    : fieldErrorsOf(parsed.error.issues, {
        fields: ['password', 'password2'],
        hints: {
          password: 'mine.fundPassword.rule',
          password2: 'mine.fundPassword.rule',
        },
        fieldOfKey: { passwords_mismatch: 'password2' },
      })
  return { ...rules, ...required }
}
