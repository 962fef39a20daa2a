import Stack from '@mui/material/Stack'
import type { SxProps, Theme } from '@mui/material/styles'
import type { FormEvent, ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { SubmitButton } from './SubmitButton'

interface Props {
  /** The form's submit and whether it is running (useValidatedForm). */
  form: { onSubmit: (e: FormEvent) => void; submitting: boolean }
  /** The message id on the submit button. */
  submitId: string
  submitTestId?: string
  children: ReactNode
  /** Shown under the submit button (e.g. a link to the other form). */
  footer?: ReactNode
  spacing?: number
  sx?: SxProps<Theme>
}

/**
 * A form of stacked fields ending in its submit button. `noValidate`: the fields show the app's own
 * inline messages, in the user's language, instead of the browser's bubbles.
 */
export function SubmitForm({
  form: { onSubmit, submitting },
  submitId,
  submitTestId,
  children,
  footer,
  spacing = 2.5,
  sx,
}: Props) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={spacing} sx={sx}>
      {children}
      <SubmitButton submitting={submitting} testId={submitTestId}>
        <FormattedMessage id={submitId} />
      </SubmitButton>
      {footer}
    </Stack>
  )
}
