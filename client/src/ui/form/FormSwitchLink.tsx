import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { whenIdle } from '../when-idle'

interface Props {
  textId: string
  linkId: string
  to: string
  /** Loads the other form's code: usually the next screen, so it is fetched while typing here. */
  prefetch?: () => Promise<unknown>
}

/** "No account yet? Register" under a form: a sentence and a link to its counterpart form. */
export function FormSwitchLink({ textId, linkId, to, prefetch }: Props) {
  // Once this form has painted and the page is idle: the other form is never needed first.
  useEffect(() => (prefetch ? whenIdle(() => void prefetch()) : undefined), [prefetch])
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <FormattedMessage id={textId} />{' '}
      <Link component={RouterLink} to={to} replace sx={{ fontWeight: 600 }}>
        <FormattedMessage id={linkId} />
      </Link>
    </Typography>
  )
}
