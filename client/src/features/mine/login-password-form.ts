import { loginPasswordRequest } from '@kabu/shared/api/user'
import { fieldErrorsOf, requiredErrors, type FieldErrors } from '../../ui/form/field-errors'

export interface LoginPasswordForm {
  old: string
  password: string
  password2: string
}

/** Checked with the server's own schema: the new password's rule, and the two must match (§5). */
export function validateLoginPassword(
  form: LoginPasswordForm,
): FieldErrors<keyof LoginPasswordForm> {
  const required = requiredErrors(form, ['old', 'password', 'password2'])
  const parsed = loginPasswordRequest.safeParse(form)
  const rules = parsed.success
    ? {}
    : fieldErrorsOf(parsed.error.issues, {
        fields: ['old', 'password', 'password2'],
        hints: {
          old: 'common.error.required',
          password: 'mine.loginPassword.rule',
          password2: 'mine.loginPassword.rule',
        },
        fieldOfKey: { passwords_mismatch: 'password2' },
      })
  return { ...rules, ...required }
}
