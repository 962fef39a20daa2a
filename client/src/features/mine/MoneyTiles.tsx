import ButtonBase from '@mui/material/ButtonBase'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { isRouteRegistered } from '../../state/route-registry'
import { MONEY_TILES } from './money-tiles'
import { PANEL_ICONS } from './panel-icons'

/** Deposit, withdraw, exchange, records and loans as a row of tiles on Mine. */
export function MoneyTiles() {
  const navigate = useNavigate()
  const intl = useIntl()
  return (
    <Card
      variant="outlined"
      component="nav"
      aria-label={intl.formatMessage({ id: 'mine.tiles.label' })}
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${MONEY_TILES.length}, 1fr)`, py: 1 }}
    >
      {MONEY_TILES.map((tile) => (
        <ButtonBase
          key={tile.name}
          data-testid={`mine-tile-${tile.name}`}
          disabled={!isRouteRegistered(tile.path)}
          onClick={() => navigate(tile.path)}
          sx={{
            flexDirection: 'column',
            gap: 0.5,
            py: 1,
            px: 0.25,
            borderRadius: 1,
            color: 'primary.main',
          }}
        >
          {PANEL_ICONS[tile.icon]}
          <Typography
            variant="caption"
            color="text.primary"
            sx={{ textAlign: 'center', lineHeight: 1.2 }}
          >
            <FormattedMessage id={tile.label} />
          </Typography>
        </ButtonBase>
      ))}
    </Card>
  )
}
