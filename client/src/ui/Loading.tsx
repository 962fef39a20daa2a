import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import { useIntl } from 'react-intl'

/** A centred spinner for a screen or a block still loading. */
export function Loading() {
  const intl = useIntl()
  return (
    <Stack sx={{ alignItems: 'center', justifyContent: 'center', py: 6, width: '100%' }}>
      <CircularProgress size={32} aria-label={intl.formatMessage({ id: 'common.loading' })} />
    </Stack>
  )
}
