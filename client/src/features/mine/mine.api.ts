import { brokerPost } from '../../api/broker'
import type { LoginPasswordForm } from './login-password-form'

/** /user/loginPassword: on success the server ends every session of the account. */
export function changeLoginPassword(form: LoginPasswordForm): Promise<unknown> {
  return brokerPost<unknown>('/user/loginPassword', { ...form })
}
