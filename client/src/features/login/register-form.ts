import { registerRequest } from '@kabu/shared/api/user'
import { fieldErrorsOf, requiredErrors, type FieldErrors } from '../../ui/form/field-errors'

export interface RegisterForm {
  account: string
  password: string
  password2: string
  invite: string
  agree: boolean
}

type RegisterField = keyof RegisterForm

/**
 * Registration is checked with the very schema the server uses (shared/src/api/user.ts), so the
 * screen refuses exactly what the server would, with the spec's messages (passwords_mismatch,
 * agree_terms_required), before any request is sent.
 */
export function validateRegister(form: RegisterForm): FieldErrors<RegisterField> {
  const { agree, ...texts } = form
  const required = requiredErrors(texts, ['account', 'password', 'password2', 'invite'])
  const parsed = registerRequest.safeParse({ ...texts, agree: agree ? '1' : '' })
  const rules = parsed.success
    ? {}
    : fieldErrorsOf(parsed.error.issues, {
        fields: ['account', 'password', 'password2', 'invite', 'agree'],
        hints: {
          account: 'login.error.account',
          password: 'login.error.password',
          password2: 'login.error.password',
          invite: 'server.invite_code_wrong',
          agree: 'server.agree_terms_required',
        },
        fieldOfKey: { passwords_mismatch: 'password2' },
      })
  return { ...rules, ...required }
}
