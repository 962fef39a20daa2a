import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { showToast } from '../../ui/toast/toast.store'
import { translateServerMessage } from '../../i18n/intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { PasswordPairFields } from '../../ui/form/PasswordPairFields'
import { useValidatedForm } from '../../ui/form/useValidatedForm'
import { prefetchRoute } from '../../state/route-registry'
import { authDraft } from './auth-draft'
import { register } from './auth.api'
import { AccountField, AuthForm, useEnterApp } from './AuthForm'
import { validateRegister, type RegisterForm } from './register-form'

const EMPTY: RegisterForm = { account: '', password: '', password2: '', invite: '', agree: false }

// The other form is usually the next screen: its code is fetched while the user types here.
const prefetchLogin = () => prefetchRoute('/login/login')

/** /login/register and /login/logon: a new account with an invite code and the user terms. */
export function RegisterScreen() {
  const enter = useEnterApp()
  const form = useValidatedForm<RegisterForm>(
    { ...EMPTY, account: authDraft.account },
    {
      draft: authDraft,
      validate: validateRegister,
      send: async (values) => {
        const grant = await register(values)
        showToast(translateServerMessage('register_ok'), 2000, 'success')
        await enter(grant)
      },
    },
  )

  return (
    <AuthForm
      titleId="login.register.title"
      form={form}
      submitId="login.register.submit"
      spacing={2}
      switchLink={{
        textId: 'login.register.haveAccount',
        linkId: 'login.register.toLogin',
        to: '/login/login',
        prefetch: prefetchLogin,
      }}
    >
      <AccountField {...form.field('account')} helperId="login.error.account" />
      <PasswordPairFields
        field={form.field}
        labelId="login.field.password"
        repeatLabelId="login.field.password2"
        helperId="login.error.password"
      />
      <FormTextField {...form.field('invite')} labelId="login.field.invite" autoComplete="off" />
      <div>
        <label className="k-check">
          <input
            type="checkbox"
            checked={form.values.agree}
            onChange={(e) => form.setValue('agree', e.target.checked)}
            data-testid="agree"
            aria-invalid={form.errors.agree ? true : undefined}
            aria-describedby={form.errors.agree ? 'agree-error' : undefined}
          />
          <span>
            <FormattedMessage
              id="login.register.agree"
              values={{
                terms: (chunks) => (
                  <Link className="k-link" to="/mine/protocol">
                    {chunks}
                  </Link>
                ),
              }}
            />
          </span>
        </label>
        {form.errors.agree && (
          <p id="agree-error" className="k-helper k-field-error">
            <FormattedMessage id={form.errors.agree} />
          </p>
        )}
      </div>
    </AuthForm>
  )
}
