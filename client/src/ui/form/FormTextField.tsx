import VisibilityIcon from '@mui/icons-material/Visibility'
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'

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
 * A labelled outlined input with its inline message. Built from the input parts rather than
 * TextField, which carries the whole Select/Menu/Popover machinery into every form's download.
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
    <FormControl variant="outlined" fullWidth error={Boolean(errorId)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        type={password && !visible ? 'password' : 'text'}
        autoComplete={autoComplete}
        aria-describedby={message ? `${id}-message` : undefined}
        inputProps={{ 'data-testid': name, autoCapitalize: 'none', spellCheck: false }}
        endAdornment={
          password && (
            <InputAdornment position="end">
              <IconButton aria-label={toggleLabel} onClick={() => setVisible((v) => !v)} edge="end">
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          )
        }
      />
      {message && (
        <FormHelperText id={`${id}-message`}>{intl.formatMessage({ id: message })}</FormHelperText>
      )}
    </FormControl>
  )
}
