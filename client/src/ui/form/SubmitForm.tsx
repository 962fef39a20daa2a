import type { CSSProperties, FormEvent, ReactNode } from 'react'
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
  /** The gap between the fields, in MUI's 8 px spacing units. */
  spacing?: number
  /** Space around the form, in the same units. */
  padding?: number
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
  padding = 0,
}: Props) {
  const style: CSSProperties = { gap: spacing * 8, padding: padding * 8 }
  return (
    <form className="k-stack" noValidate onSubmit={onSubmit} style={style}>
      {children}
      <SubmitButton submitting={submitting} testId={submitTestId}>
        <FormattedMessage id={submitId} />
      </SubmitButton>
      {footer}
    </form>
  )
}
