import { FormTextField } from '../../ui/form/FormTextField'
import { useValidatedForm } from '../../ui/form/useValidatedForm'
import { prefetchRoute } from '../../state/route-registry'
import { authDraft } from './auth-draft'
import { AccountField, AuthForm, useEnterApp } from './AuthForm'
import { login, loginWithPasskey } from './auth.api'
import { DemoLoginOffer } from './DemoLoginOffer'
import { PasskeyLoginButton } from './PasskeyLoginButton'
import { validateLogin, type LoginForm } from './login-form'

// The other form is usually the next screen: its code is fetched while the user types here.
const prefetchRegister = () => prefetchRoute('/login/register')

/** /login/login: account and password; on success the session starts and loginAfter loads it. */
export function LoginScreen() {
  const enter = useEnterApp()
  const form = useValidatedForm<LoginForm>(
    { account: authDraft.account, password: '' },
    {
      draft: authDraft,
      validate: validateLogin,
      send: async (values) => enter(await login(values)),
    },
  )
  return (
    <AuthForm
      titleId="login.login.title"
      form={form}
      submitId="login.login.submit"
      switchLink={{
        textId: 'login.login.noAccount',
        linkId: 'login.login.toRegister',
        to: '/login/register',
        prefetch: prefetchRegister,
      }}
    >
      <AccountField {...form.field('account')} />
      <FormTextField
        {...form.field('password')}
        password
        labelId="login.field.password"
        autoComplete="current-password"
      />
      <PasskeyLoginButton
        onLogin={async () => enter(await loginWithPasskey(form.values.account))}
      />
      <DemoLoginOffer
        onUse={async (demo) => {
          // The fields show what is sent, as if typed.
          form.setValue('account', demo.account)
          form.setValue('password', demo.password)
          await enter(await login(demo))
        }}
      />
    </AuthForm>
  )
}
