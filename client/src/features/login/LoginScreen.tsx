import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useCallback, useEffect, type FormEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { sendSession } from '../../state/session'
import { hasErrors } from '../../ui/form/field-errors'
import { FormTextField } from '../../ui/form/FormTextField'
import { SubmitButton } from '../../ui/form/SubmitButton'
import { useFormState } from '../../ui/form/useFormState'
import { useSubmit } from '../../ui/form/useSubmit'
import { authDraft, prefetchRegister } from './auth-draft'
import { AuthFrame } from './AuthFrame'
import { login } from './auth.api'
import { validateLogin, type LoginForm } from './login-form'
import { LanguageMenu } from './LanguageMenu'

/** /login/login: account and password; on success the session starts and loginAfter loads it. */
export function LoginScreen() {
  const navigate = useNavigate()
  const { values, errors, setErrors, setValue } = useFormState<LoginForm>({
    account: authDraft.account,
    password: '',
  })
  useEffect(() => {
    void prefetchRegister()
  }, [])

  const action = useCallback(async () => {
    const found = validateLogin(values)
    setErrors(found)
    if (hasErrors(found)) return
    const grant = await login(values)
    await sendSession({ type: 'LOGGED_IN', token: grant.token, account: grant.account })
    navigate('/login/loginAfter', { replace: true })
  }, [values, navigate, setErrors])
  const { submitting, submit } = useSubmit(action)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }

  return (
    <AuthFrame top={<LanguageMenu />} title={<FormattedMessage id="login.login.title" />}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        <FormTextField
          name="account"
          labelId="login.field.account"
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
          value={values.password}
          onChange={(v) => setValue('password', v)}
          errorId={errors.password}
          autoComplete="current-password"
        />
        <SubmitButton submitting={submitting}>
          <FormattedMessage id="login.login.submit" />
        </SubmitButton>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <FormattedMessage id="login.login.noAccount" />{' '}
          <Link component={RouterLink} to="/login/register" replace sx={{ fontWeight: 600 }}>
            <FormattedMessage id="login.login.toRegister" />
          </Link>
        </Typography>
      </Stack>
    </AuthFrame>
  )
}
