import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Loaded } from '../use-load'
import { keyText } from './errors'

/**
 * A loaded list's three other states in one place: a spinner while it loads, the refusal in words
 * with a way to try again, and "nothing yet" when it is empty; otherwise `children` of the rows.
 */
export function LoadState<T>(props: { loaded: Loaded<T[]>; children: (rows: T[]) => ReactNode }) {
  const intl = useIntl()
  const { data, error, loading, reload } = props.loaded
  if (error !== undefined) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            <FormattedMessage id="console.reload" />
          </Button>
        }
      >
        <FormattedMessage id="console.error" values={{ msg: keyText(intl, error) }} />
      </Alert>
    )
  }
  if (loading || data === undefined) {
    return (
      <CircularProgress
        size={28}
        sx={{ display: 'block', my: 2 }}
        aria-label={intl.formatMessage({ id: 'console.loading' })}
      />
    )
  }
  if (data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ my: 2 }}>
        <FormattedMessage id="console.empty" />
      </Typography>
    )
  }
  return <>{props.children(data)}</>
}
