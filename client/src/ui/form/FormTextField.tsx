import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { Icon } from '../plain/icons'

interface Props {
  /** Also the input's `data-testid` and `name`. */
  name: string
  labelId: string
  value: string
  onChange: (value: string) => void
  /** A message id, shown under the field in the error colour. */
  errorId?: string
  /** A message id shown under the field while there is no error (the rule it must follow). */
  helperId?: string
  /** A password input with a "show password" toggle (typos are easy to miss on a phone). */
  password?: boolean
  autoComplete?: string
}

/**
 * A labelled outlined input with its inline message: MUI's outlined field as plain elements
 * (ui/plain/plain.css), so the login form needs no MUI, and every form shows the same field.
 * The label floats into the border once the input has focus or a value; the placeholder is a
 * blank that CSS reads as "empty".
 */
export function FormTextField({
  name,
  labelId,
  value,
  onChange,
  errorId,
  helperId,
  password,
  autoComplete,
}: Props) {
  const intl = useIntl()
  const id = useId()
  const [visible, setVisible] = useState(false)
  const label = intl.formatMessage({ id: labelId })
  const message = errorId ?? helperId
  const toggleLabel = intl.formatMessage({
    id: visible ? 'common.hidePassword' : 'common.showPassword',
  })

  return (
    <div className="k-field" data-error={errorId ? '' : undefined}>
      <div className="k-field-box">
        <input
          id={id}
          className="k-input"
          name={name}
          data-testid={name}
          value={value}
          placeholder=" "
          onChange={(e) => onChange(e.target.value)}
          type={password && !visible ? 'password' : 'text'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
        />
        <label htmlFor={id} className="k-field-label">
          {label}
        </label>
        <fieldset aria-hidden className="k-field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
        {password && (
          <button
            type="button"
            className="k-field-toggle"
            aria-label={toggleLabel}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'visibilityOff' : 'visibility'} />
          </button>
        )}
      </div>
      {message && (
        <p id={`${id}-message`} className="k-helper">
          {intl.formatMessage({ id: message })}
        </p>
      )}
    </div>
  )
}
