import ShowChartIcon from '@mui/icons-material/ShowChart'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'

/** The frame of the start, login and register screens: the brand, then the content. */
export function AuthFrame({
  children,
  top,
  title,
}: {
  children: ReactNode
  top?: ReactNode
  /** The screen's own heading (login, register), under the brand. */
  title?: ReactNode
}) {
  return (
    // The screen layout (app/ScreenLayout) is the page's main landmark: no second one here.
    <Box sx={{ flex: 1, px: 3, pt: 'calc(env(safe-area-inset-top) + 16px)', pb: 4 }}>
      {/* The language menu's height on every screen, so the brand sits where index.html's splash
          draws it before the scripts arrive, and does not move when the app takes over. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', minHeight: 44 }}>{top}</Box>
      <Brand asHeading={!title} />
      {title && (
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  )
}

/**
 * The logo, name and tagline: memoised because the start screen re-renders at each of its six
 * steps and the brand never changes with them (a dozen styled components each time).
 */
const Brand = memo(function Brand({ asHeading }: { asHeading: boolean }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', mt: 1, mb: 3 }}>
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: 4,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <ShowChartIcon sx={{ fontSize: 40 }} />
      </Box>
      <Typography component={asHeading ? 'h1' : 'p'} variant="h5" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="common.appName" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        <FormattedMessage id="common.tagline" />
      </Typography>
    </Stack>
  )
})
