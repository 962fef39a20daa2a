import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import { useCallback, type FormEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { sessionActor } from '../../state/session-actor'
import { hasErrors } from '../../ui/form/field-errors'
import { FormTextField } from '../../ui/form/FormTextField'
import { SubmitButton } from '../../ui/form/SubmitButton'
import { useFormState } from '../../ui/form/useFormState'
import { useSubmit } from '../../ui/form/useSubmit'
import { Header } from '../../ui/Header'
import { RequireSession } from '../../ui/RequireSession'
import { showToast } from '../../ui/toast/toast.store'
import { validateLoginPassword, type LoginPasswordForm } from './login-password-form'
import { changeLoginPassword } from './mine.api'

/** /mine/loginPassword: old, new and repeat. The server then ends every session: back to login. */
export function LoginPasswordScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.loginPassword.title" />} />
      <LoginPasswordForm />
    </RequireSession>
  )
}

function LoginPasswordForm() {
  const { values, errors, setErrors, setValue } = useFormState<LoginPasswordForm>({
    old: '',
    password: '',
    password2: '',
  })
  const action = useCallback(async () => {
    const found = validateLoginPassword(values)
    setErrors(found)
    if (hasErrors(found)) return
    await changeLoginPassword(values)
    showToast(translateServerMessage('modify_ok'), 2000, 'success')
    sessionActor.send({ type: 'SESSION_ENDED' })
  }, [values, setErrors])
  const { submitting, submit } = useSubmit(action)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} sx={{ p: 2 }}>
      <Alert severity="info">
        <FormattedMessage id="mine.loginPassword.notice" />
      </Alert>
      <FormTextField
        name="old"
        password
        labelId="mine.loginPassword.old"
        value={values.old}
        onChange={(v) => setValue('old', v)}
        errorId={errors.old}
        autoComplete="current-password"
      />
      <FormTextField
        name="password"
        password
        labelId="mine.loginPassword.new"
        helperId="mine.loginPassword.rule"
        value={values.password}
        onChange={(v) => setValue('password', v)}
        errorId={errors.password}
        autoComplete="new-password"
      />
      <FormTextField
        name="password2"
        password
        labelId="mine.loginPassword.repeat"
        value={values.password2}
        onChange={(v) => setValue('password2', v)}
        errorId={errors.password2}
        autoComplete="new-password"
      />
      <SubmitButton submitting={submitting}>
        <FormattedMessage id="mine.loginPassword.submit" />
      </SubmitButton>
    </Stack>
  )
}
