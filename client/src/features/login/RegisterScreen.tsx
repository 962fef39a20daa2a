import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useCallback, useEffect, type FormEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { sendSession } from '../../state/session'
import { showToast } from '../../ui/toast/toast.store'
import { translateServerMessage } from '../../i18n/intl'
import { hasErrors } from '../../ui/form/field-errors'
import { FormTextField } from '../../ui/form/FormTextField'
import { SubmitButton } from '../../ui/form/SubmitButton'
import { useFormState } from '../../ui/form/useFormState'
import { useSubmit } from '../../ui/form/useSubmit'
import { authDraft, prefetchLogin } from './auth-draft'
import { AuthFrame } from './AuthFrame'
import { register } from './auth.api'
import { validateRegister, type RegisterForm } from './register-form'
import { LanguageMenu } from './LanguageMenu'

const EMPTY: RegisterForm = { account: '', password: '', password2: '', invite: '', agree: false }

/** /login/register and /login/logon: a new account with an invite code and the user terms. */
export function RegisterScreen() {
  const navigate = useNavigate()
  const { values, errors, setErrors, setValue } = useFormState<RegisterForm>({
    ...EMPTY,
    account: authDraft.account,
  })
  useEffect(() => {
    void prefetchLogin()
  }, [])

  const action = useCallback(async () => {
    const found = validateRegister(values)
    setErrors(found)
    if (hasErrors(found)) return
    const grant = await register(values)
    showToast(translateServerMessage('register_ok'), 2000, 'success')
    await sendSession({ type: 'LOGGED_IN', token: grant.token, account: grant.account })
    navigate('/login/loginAfter', { replace: true })
  }, [values, navigate, setErrors])
  const { submitting, submit } = useSubmit(action)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }

  return (
    <AuthFrame top={<LanguageMenu />} title={<FormattedMessage id="login.register.title" />}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <FormTextField
          name="account"
          labelId="login.field.account"
          helperId="login.error.account"
          value={values.account}
          onChange={(v) => {
            authDraft.account = v
            setValue('account', v)
          }}
          errorId={errors.account}
          autoComplete="username"
        />
        <FormTextField
          name="password"
          password
          labelId="login.field.password"
          helperId="login.error.password"
          value={values.password}
          onChange={(v) => setValue('password', v)}
          errorId={errors.password}
          autoComplete="new-password"
        />
        <FormTextField
          name="password2"
          password
          labelId="login.field.password2"
          value={values.password2}
          onChange={(v) => setValue('password2', v)}
          errorId={errors.password2}
          autoComplete="new-password"
        />
        <FormTextField
          name="invite"
          labelId="login.field.invite"
          value={values.invite}
          onChange={(v) => setValue('invite', v)}
          errorId={errors.invite}
          autoComplete="off"
        />
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.agree}
                onChange={(e) => setValue('agree', e.target.checked)}
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
          {errors.agree && (
            <FormHelperText error>
              <FormattedMessage id={errors.agree} />
            </FormHelperText>
          )}
        </div>
        <SubmitButton submitting={submitting}>
          <FormattedMessage id="login.register.submit" />
        </SubmitButton>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <FormattedMessage id="login.register.haveAccount" />{' '}
          <Link component={RouterLink} to="/login/login" replace sx={{ fontWeight: 600 }}>
            <FormattedMessage id="login.register.toLogin" />
          </Link>
        </Typography>
      </Stack>
    </AuthFrame>
  )
}
