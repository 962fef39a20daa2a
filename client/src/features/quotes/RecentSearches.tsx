import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import type { StockRef } from '../../realtime/stock-ref'
import { localName } from '../../ui/price/names'

/** The stocks chosen lately, as chips to open again, with a button to forget them. */
export function RecentSearches({
  recent,
  onOpen,
  onClear,
}: {
  recent: StockRef[]
  onOpen: (stock: StockRef) => void
  onClear: () => void
}) {
  const intl = useIntl()
  if (recent.length === 0) return null
  return (
    <Stack sx={{ px: 2, pt: 2 }} spacing={1} data-testid="recent-searches">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          <FormattedMessage id="search.recent" />
        </Typography>
        <Button size="small" onClick={onClear} data-testid="recent-clear">
          <FormattedMessage id="search.clearRecent" />
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {recent.map((stock) => (
          <Chip
            key={stock.code}
            label={`${localName(stock.name, intl.locale)} ${stock.code}`}
            onClick={() => onOpen(stock)}
            data-testid={`recent-${stock.code}`}
          />
        ))}
      </Stack>
    </Stack>
  )
}
