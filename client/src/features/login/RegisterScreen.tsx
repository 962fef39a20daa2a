import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
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
        <FormControlLabel
          control={
            <Checkbox
              checked={form.values.agree}
              onChange={(e) => form.setValue('agree', e.target.checked)}
              slotProps={{
                input: { 'data-testid': 'agree' } as React.InputHTMLAttributes<HTMLInputElement>,
              }}
            />
          }
          label={
            <Typography variant="body2">
              <FormattedMessage
                id="login.register.agree"
                values={{
                  terms: (chunks) => (
                    <Link component={RouterLink} to="/mine/protocol" sx={{ fontWeight: 600 }}>
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </Typography>
          }
        />
        {form.errors.agree && (
          <FormHelperText error>
            <FormattedMessage id={form.errors.agree} />
          </FormHelperText>
        )}
      </div>
    </AuthForm>
  )
}
