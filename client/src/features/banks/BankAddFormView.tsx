import { ACCOUNT_TYPES, type AccountType } from '@kabu/shared/api/banks'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { useCallback, useState, type FormEvent } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { hasErrors } from '../../ui/form/field-errors'
import { FormTextField } from '../../ui/form/FormTextField'
import { SecondFactorHint } from '../../ui/form/SecondFactorHint'
import { useFormState } from '../../ui/form/useFormState'
import { useSecondFactors } from '../../ui/form/useSecondFactors'
import { useSubmit } from '../../ui/form/useSubmit'
import { showToast } from '../../ui/toast/toast.store'
import { addCard } from './bank.api'
import { liveHolder, validateBankAdd, type BankAddForm } from './bank-form'

const TEXT_FIELDS = [
  ['bank_name', 'mine.bank.bankName', undefined],
  ['bank_code', 'mine.bank.bankCode', 'mine.bank.bankCode.rule'],
  ['branch_name', 'mine.bank.branchName', undefined],
  ['branch_code', 'mine.bank.branchCode', 'mine.bank.branchCode.rule'],
  ['card_number', 'mine.bank.cardNumber', 'mine.bank.cardNumber.rule'],
] as const

/** The card form: the holder is checked and folded to full-width katakana as it is typed. */
export function BankAddFormView() {
  const navigate = useNavigate()
  const { values, errors, setErrors, setValue } = useFormState<BankAddForm>({
    holder: '',
    bank_name: '',
    bank_code: '',
    branch_name: '',
    branch_code: '',
    account_type: 'ordinary',
    card_number: '',
    fund_password: '',
  })
  // Once the user has a passkey or an authenticator app, binding a card needs it too.
  const factors = useSecondFactors()
  const [totp, setTotp] = useState('')
  const holder = liveHolder(values.holder)
  const holderHint =
    values.holder.trim() === ''
      ? 'mine.bank.holder.rule'
      : holder.folded === null
        ? undefined
        : 'mine.bank.holder.ok'

  const action = useCallback(async () => {
    const found = validateBankAdd(values)
    setErrors(found)
    if (hasErrors(found)) return
    await addCard({ ...values, holder: holder.folded ?? values.holder }, totp.trim())
    showToast(translateServerMessage('add_ok'), 2000, 'success')
    navigate('/mine/bank', { replace: true })
  }, [values, holder.folded, setErrors, navigate, totp])
  const { submitting, submit } = useSubmit(action)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} sx={{ p: 2 }}>
      <FormTextField
        name="bank-holder"
        labelId="mine.bank.holder"
        helperId={holderHint}
        value={values.holder}
        onChange={(v) => setValue('holder', v)}
        // Typed but not katakana: say so at once, not only on submit.
        errorId={
          errors.holder ??
          (holder.folded === null && values.holder.trim()
            ? 'server.holder_not_katakana'
            : undefined)
        }
        autoComplete="off"
      />
      {holder.changed && (
        <Alert severity="info" data-testid="bank-holder-folded">
          <FormattedMessage id="mine.bank.holder.folded" values={{ name: holder.folded }} />
        </Alert>
      )}
      {TEXT_FIELDS.map(([field, labelId, helperId]) => (
        <FormTextField
          key={field}
          name={`bank-${field.replace('_', '-')}`}
          labelId={labelId}
          helperId={helperId}
          value={values[field]}
          onChange={(v) => setValue(field, v)}
          errorId={errors[field]}
          autoComplete="off"
        />
      ))}
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        value={values.account_type}
        onChange={(_, type: AccountType | null) => type && setValue('account_type', type)}
      >
        {ACCOUNT_TYPES.map((type) => (
          <ToggleButton key={type} value={type} data-testid={`bank-account-type-${type}`}>
            <FormattedMessage id={`mine.bank.accountType.${type}`} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormTextField
        name="bank-fund-password"
        password
        labelId="mine.bank.fundPassword"
        value={values.fund_password}
        onChange={(v) => setValue('fund_password', v)}
        errorId={errors.fund_password}
        autoComplete="off"
      />
      <SecondFactorHint factors={factors} totp={totp} onTotp={setTotp} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={submitting}
        data-testid="bank-submit"
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        <FormattedMessage id="mine.bank.submit" />
      </Button>
    </Stack>
  )
}
