import ArrowBackIosNewIcon from '@mui/icons-material/ArrowBackIosNew'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useLocation, useNavigate } from 'react-router-dom'
import { TopBar } from './TopBar'

export interface HeaderProps {
  title: ReactNode
  /** Shows a back button: to the previous screen, or home when the screen was opened directly. */
  back?: boolean
  /** Actions on the right (add, order, ...). */
  right?: ReactNode
}

/** The header of a full screen: back, a centred title, optional actions. */
export function Header({ title, back, right }: HeaderProps) {
  const intl = useIntl()
  const navigate = useNavigate()
  const location = useLocation()
  // 'default' is the key of the first entry of this page view: there is nothing to go back to.
  const goBack = () =>
    location.key === 'default' ? navigate('/home/home', { replace: true }) : navigate(-1)

  return (
    <TopBar toolbarSx={{ minHeight: 52, px: 0.5 }}>
      <Box sx={{ width: 56, display: 'flex' }}>
        {back && (
          <IconButton
            onClick={goBack}
            aria-label={intl.formatMessage({ id: 'common.back' })}
            size="large"
            edge="start"
            sx={{ ml: 0.5 }}
          >
            <ArrowBackIosNewIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Typography
        component="h1"
        variant="subtitle1"
        noWrap
        sx={{ flex: 1, textAlign: 'center', fontWeight: 600 }}
      >
        {title}
      </Typography>
      <Box sx={{ minWidth: 56, display: 'flex', justifyContent: 'flex-end', pr: 0.5 }}>{right}</Box>
    </TopBar>
  )
}
