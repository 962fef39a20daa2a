import AssessmentIcon from '@mui/icons-material/AssessmentOutlined'
import CategoryIcon from '@mui/icons-material/CategoryOutlined'
import GroupsIcon from '@mui/icons-material/GroupsOutlined'
import LeaderboardIcon from '@mui/icons-material/LeaderboardOutlined'
import SwapVertIcon from '@mui/icons-material/SwapVert'
import TrendingDownIcon from '@mui/icons-material/TrendingDown'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Typography from '@mui/material/Typography'
import type { Market } from '@kabu/shared/market/types'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'

/** The market summary pages (features/markets), each at `/markets/<page>`. */
export const MARKET_PAGES = [
  'indicators',
  'sectors',
  'short-selling',
  'investors',
  'year-range',
  'companies',
] as const
export type MarketPage = (typeof MARKET_PAGES)[number]

const ICON: Record<MarketPage, ReactNode> = {
  indicators: <AssessmentIcon />,
  sectors: <CategoryIcon />,
  'short-selling': <TrendingDownIcon />,
  investors: <GroupsIcon />,
  'year-range': <SwapVertIcon />,
  companies: <LeaderboardIcon />,
}

/** A grid of the market summary pages of `market`, for home and search (three to a row on a phone). */
export function MarketPageLinks({ market = 'jp' }: { market?: Market }) {
  const intl = useIntl()
  return (
    <Box
      component="nav"
      // Named: the bottom menu is a nav too, and two unnamed ones cannot be told apart.
      aria-label={intl.formatMessage({ id: 'markets.title' })}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, px: 2, pb: 1 }}
    >
      {MARKET_PAGES.map((page) => (
        <ButtonBase
          key={page}
          component={Link}
          to={`/markets/${page}?market=${market}`}
          data-testid={`markets-link-${page}`}
          sx={{
            flexDirection: 'column',
            gap: 0.5,
            py: 1.25,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            color: 'primary.main',
          }}
        >
          {ICON[page]}
          <Typography variant="caption" color="text.primary" sx={{ textAlign: 'center', px: 0.5 }}>
            <FormattedMessage id={`markets.page.${page}`} />
          </Typography>
        </ButtonBase>
      ))}
    </Box>
  )
}
