import { requiredErrors, type FieldErrors } from '../../ui/form/field-errors'

export interface LoginForm {
  account: string
  password: string
}

/**
 * Login only needs both fields: whether they are right is the server's to say. Kept apart from the
 * register rules so the login screen does not download the schema library.
 */
export function validateLogin(form: LoginForm): FieldErrors<keyof LoginForm> {
  return requiredErrors(form, ['account', 'password'])
}
