import { ID_DOCTYPES } from '@kabu/shared/api/kyc'
import { useSnapshot } from 'valtio'
import { appConfig } from '../../state/app-config'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Link from '@mui/material/Link'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import type { FormEvent, InputHTMLAttributes } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { hasErrors } from '../../ui/form/field-errors'
import { FormTextField } from '../../ui/form/FormTextField'
import { useFormState } from '../../ui/form/useFormState'
import { validateKyc, type KycField, type KycForm } from './kyc-form'
import type { VerifySubmission } from './kyc.machine'
import { PhotoPicker } from './PhotoPicker'
import { usePhoto } from './use-photo'

type InputAttributes = InputHTMLAttributes<HTMLInputElement>

/** The identity form: document, name, number, both sides photographed, the privacy statement. */
export function KycFormView({
  submitting,
  error,
  onSubmit,
}: {
  submitting: boolean
  error: string | null
  onSubmit: (submission: VerifySubmission) => void
}) {
  const { values, errors, setErrors, setValue } = useFormState<KycForm>({
    doctype: 'my_number',
    name: '',
    idnumber: '',
    agree: false,
  })
  const front = usePhoto('id_front')
  const back = usePhoto('id_back')
  const uploading = front.progress !== null || back.progress !== null
  // A photo's "please add a photo" was said at the last submit; once it is uploaded it no longer
  // applies (the typed fields clear theirs as they are edited).
  const fieldErrors = errors as Partial<Record<KycField, string>>

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validateKyc(values, { front: front.id, back: back.id })
    setErrors(found as typeof errors)
    if (hasErrors(found) || !front.id || !back.id) return
    onSubmit({ ...values, front: front.id, back: back.id, agree: '1' })
  }

  const doctypes = acceptedDoctypes(useSnapshot(appConfig).values?.id_doctypes)

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ p: 2 }}>
      {error && <Alert severity="error">{translateServerMessage(error)}</Alert>}
      <FormControl error={Boolean(fieldErrors.doctype)}>
        <FormLabel>
          <FormattedMessage id="mine.kyc.doctype" />
        </FormLabel>
        <RadioGroup value={values.doctype} onChange={(e) => setValue('doctype', e.target.value)}>
          {doctypes.map((doctype) => (
            <FormControlLabel
              key={doctype}
              value={doctype}
              control={
                <Radio
                  slotProps={{
                    input: { 'data-testid': `kyc-doctype-${doctype}` } as InputAttributes,
                  }}
                />
              }
              label={<FormattedMessage id={`mine.kyc.doctype.${doctype}`} />}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormTextField
        name="kyc-name"
        labelId="mine.kyc.name"
        value={values.name}
        onChange={(v) => setValue('name', v)}
        errorId={errors.name}
        autoComplete="name"
      />
      <FormTextField
        name="kyc-idnumber"
        labelId="mine.kyc.idnumber"
        helperId={`mine.kyc.idnumber.rule.${values.doctype}`}
        value={values.idnumber}
        onChange={(v) => setValue('idnumber', v)}
        errorId={errors.idnumber}
        autoComplete="off"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <PhotoPicker
          testId="kyc-front"
          labelId="mine.kyc.photo.front"
          photo={front}
          errorId={front.id ? undefined : fieldErrors.front}
        />
        <PhotoPicker
          testId="kyc-back"
          labelId="mine.kyc.photo.back"
          photo={back}
          errorId={back.id ? undefined : fieldErrors.back}
        />
      </Box>
      <FormControl error={Boolean(errors.agree)}>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.agree}
              onChange={(e) => setValue('agree', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'kyc-agree' } as InputAttributes }}
            />
          }
          label={
            <FormattedMessage
              id="mine.kyc.agree"
              values={{
                link: (text) => (
                  <Link component={RouterLink} to="/mine/privacy">
                    {text}
                  </Link>
                ),
              }}
            />
          }
        />
        {errors.agree && (
          <FormHelperText>
            <FormattedMessage id={errors.agree} />
          </FormHelperText>
        )}
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={submitting || uploading}
        data-testid="kyc-submit"
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        <FormattedMessage id="mine.kyc.submit" />
      </Button>
    </Stack>
  )
}

/** The documents the gateway accepts (its `id_doctypes` setting), in the form's order. */
function acceptedDoctypes(setting: string | undefined) {
  const accepted = setting?.split(',')
  return accepted ? ID_DOCTYPES.filter((d) => accepted.includes(d)) : ID_DOCTYPES
}
