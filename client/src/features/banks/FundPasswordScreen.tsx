import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { FormTextField } from '../../ui/form/FormTextField'
import { PasswordPairFields } from '../../ui/form/PasswordPairFields'
import { SubmitForm } from '../../ui/form/SubmitForm'
import { useValidatedForm } from '../../ui/form/useValidatedForm'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { showToast } from '../../ui/toast/toast.store'
import { changeFundPassword } from './bank.api'
import { fundPasswordBody, validateFundPassword, type FundPasswordForm } from './fund-password-form'
import { usePrerequisites } from './use-prerequisites'

/** /mine/fundPassword: set it with the login password, or change it with the current one. */
export function FundPasswordScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.fundPassword.title" />} />
      <FundPasswordGate />
    </RequireSession>
  )
}

function FundPasswordGate() {
  const { state, retry } = usePrerequisites()
  if (state.kind === 'loading') return <Loading />
  if (state.kind === 'failed') {
    return (
      <Stack sx={{ p: 2 }}>
        <Button variant="outlined" onClick={retry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
  }
  return <FundPasswordFormView alreadySet={state.fundPasswordSet} />
}

function FundPasswordFormView({ alreadySet }: { alreadySet: boolean }) {
  const navigate = useNavigate()
  const form = useValidatedForm<FundPasswordForm>(
    { current: '', password: '', password2: '' },
    {
      validate: (values) => validateFundPassword(values, alreadySet),
      send: async (values) => {
        await changeFundPassword(fundPasswordBody(values, alreadySet))
        showToast(translateServerMessage('modify_ok'), 2000, 'success')
        navigate(-1)
      },
    },
  )

  return (
    <SubmitForm
      form={form}
      submitId="mine.fundPassword.submit"
      submitTestId="fund-password-submit"
      padding={2}
    >
      <Alert severity="info">
        <FormattedMessage
          id={alreadySet ? 'mine.fundPassword.notice.change' : 'mine.fundPassword.notice.set'}
        />
      </Alert>
      <FormTextField
        {...form.field('current', 'fund-password-current')}
        password
        labelId={alreadySet ? 'mine.fundPassword.old' : 'mine.fundPassword.loginPassword'}
        autoComplete={alreadySet ? 'off' : 'current-password'}
      />
      <PasswordPairFields
        field={form.field}
        names={['fund-password-password', 'fund-password-password2']}
        labelId="mine.fundPassword.new"
        repeatLabelId="mine.fundPassword.repeat"
        helperId="mine.fundPassword.rule"
        autoComplete="off"
      />
    </SubmitForm>
  )
}
