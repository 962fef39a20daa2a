import type { SessionGrant } from '@kabu/shared/api/user'
import { passkeyAssertion } from '../../api/second-factor'
import { brokerPost } from '../../api/broker'
import type { LoginForm } from './login-form'
import type { RegisterForm } from './register-form'

export function login(form: LoginForm): Promise<SessionGrant> {
  return brokerPost<SessionGrant>('/user/login', {
    account: form.account.trim(),
    password: form.password,
  })
}

export function register(form: RegisterForm): Promise<SessionGrant> {
  return brokerPost<SessionGrant>('/user/register', {
    account: form.account.trim(),
    password: form.password,
    password2: form.password2,
    invite: form.invite.trim(),
    agree: form.agree ? '1' : undefined,
  })
}

/**
 * Logs in with a passkey of this phone: the same session a password opens. Usernameless (the
 * phone offers its passkeys for this site), or, when the account is typed, that account's only.
 */
export async function loginWithPasskey(account: string): Promise<SessionGrant> {
  const credential = await passkeyAssertion('/user/passkeyLoginOptions')
  return brokerPost<SessionGrant>('/user/passkeyLogin', {
    credential,
    account: account.trim() || undefined,
  })
}
