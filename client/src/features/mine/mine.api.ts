import { vuePost } from '../../api/vue'
import type { LoginPasswordForm } from './login-password-form'

/** /user/loginPassword: on success the server ends every session of the account. */
export function changeLoginPassword(form: LoginPasswordForm): Promise<unknown> {
  return vuePost<unknown>('/user/loginPassword', { ...form })
}
