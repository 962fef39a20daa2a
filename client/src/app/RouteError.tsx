import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useRouteError } from 'react-router-dom'
import { useDismissSplash } from './splash'

/**
 * Shown when a screen fails to load or render. After a deploy an old page asks for chunks that no
 * longer exist; a reload fetches the new ones, so that is what the button does.
 */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  // A first screen that fails shows this instead: the splash must not hide it.
  useDismissSplash()
  return (
    <Stack
      spacing={2}
      sx={{
        p: 4,
        alignItems: 'center',
        textAlign: 'center',
        minHeight: '60dvh',
        justifyContent: 'center',
      }}
    >
      <Typography variant="h6">
        <FormattedMessage id="common.screenError.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="common.screenError.text" />
      </Typography>
      <Button variant="contained" size="large" onClick={() => window.location.reload()}>
        <FormattedMessage id="common.reload" />
      </Button>
    </Stack>
  )
}
