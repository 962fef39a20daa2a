import Alert from '@mui/material/Alert'
import { FormattedMessage } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { sessionActor } from '../../state/session-actor'
import { FormTextField } from '../../ui/form/FormTextField'
import { PasswordPairFields } from '../../ui/form/PasswordPairFields'
import { SubmitForm } from '../../ui/form/SubmitForm'
import { useValidatedForm } from '../../ui/form/useValidatedForm'
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
  const form = useValidatedForm<LoginPasswordForm>(
    { old: '', password: '', password2: '' },
    {
      validate: validateLoginPassword,
      send: async (values) => {
        await changeLoginPassword(values)
        showToast(translateServerMessage('modify_ok'), 2000, 'success')
        sessionActor.send({ type: 'SESSION_ENDED' })
      },
    },
  )

  return (
    <SubmitForm form={form} submitId="mine.loginPassword.submit" padding={2}>
      <Alert severity="info">
        <FormattedMessage id="mine.loginPassword.notice" />
      </Alert>
      <FormTextField
        {...form.field('old')}
        password
        labelId="mine.loginPassword.old"
        autoComplete="current-password"
      />
      <PasswordPairFields
        field={form.field}
        labelId="mine.loginPassword.new"
        repeatLabelId="mine.loginPassword.repeat"
        helperId="mine.loginPassword.rule"
      />
    </SubmitForm>
  )
}
