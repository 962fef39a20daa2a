import type { SessionGrant } from '@kabu/shared/api/user'
import { vuePost } from '../../api/vue'
import type { LoginForm } from './login-form'
import type { RegisterForm } from './register-form'

export function login(form: LoginForm): Promise<SessionGrant> {
  return vuePost<SessionGrant>('/user/login', {
    account: form.account.trim(),
    password: form.password,
  })
}

export function register(form: RegisterForm): Promise<SessionGrant> {
  return vuePost<SessionGrant>('/user/register', {
    account: form.account.trim(),
    password: form.password,
    password2: form.password2,
    invite: form.invite.trim(),
    agree: form.agree ? '1' : undefined,
  })
}
