import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Typography from '@mui/material/Typography'
import type { WatchEntry } from '@kabu/shared/api/trade'
import type { Market } from '@kabu/shared/market/types'
import { memo, useMemo, useRef } from 'react'
import { useIntl } from 'react-intl'
import type { StockRef } from '../../realtime/stock-ref'
import { MarketTag } from '../../ui/price/MarketTag'
import { localName } from '../../ui/price/names'
import { countRender } from './render-probe'
import { WatchFigures } from './WatchFigures'

export interface WatchRowProps {
  entry: WatchEntry
  market: Market
  editing: boolean
  first: boolean
  last: boolean
  onOpen: (stock: StockRef) => void
  onRemove: (code: string) => void
  /** Absent where the list cannot be reordered (the all-markets tab). */
  onMove?: (code: string, by: -1 | 1) => void
}

/**
 * One watched stock. Memo keeps the list's re-renders (an edit, a reorder) from reaching rows
 * whose props did not change; ticks re-render only its WatchFigures.
 */
export const WatchRow = memo(function WatchRow(props: WatchRowProps) {
  const { entry, market, editing, first, last, onOpen, onRemove, onMove } = props
  const intl = useIntl()
  const seed = useMemo(
    () => ({ code: entry.code, market, kind: 'stock' as const, name: entry.name }),
    [entry, market],
  )
  countRender(`watch-row:${entry.code}`)
  const up = useRef<HTMLButtonElement>(null)
  const down = useRef<HTMLButtonElement>(null)
  // Reordering moves this row's DOM node, which drops the focus of the button just pressed; give
  // it back (or to the other arrow, once the row reached an end) so a keyboard user keeps moving.
  const moveKeepingFocus = (by: -1 | 1) => {
    onMove?.(entry.code, by)
    requestAnimationFrame(() => {
      const pressed = (by < 0 ? up : down).current
      const other = (by < 0 ? down : up).current
      ;(pressed && !pressed.disabled ? pressed : other)?.focus()
    })
  }
  const name = localName(entry.name, intl.locale)
  const label = (id: string) => intl.formatMessage({ id }, { name })

  // Edit mode leaves the figures out, so names stay readable beside the buttons.
  const body = (
    <>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body1" noWrap sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <MarketTag market={market} />
          <Typography variant="caption" color="text.secondary">
            {entry.code}
          </Typography>
        </Box>
      </Box>
      {!editing && <WatchFigures seed={seed} />}
    </>
  )

  if (!editing) {
    return (
      <ListItem disablePadding>
        <ListItemButton
          divider
          onClick={() => onOpen(seed)}
          data-testid={`watchlist-${entry.code}`}
          sx={{ py: 1.25, gap: 1.5, minHeight: 60 }}
        >
          {body}
        </ListItemButton>
      </ListItem>
    )
  }
  return (
    <ListItem divider data-testid={`watchlist-${entry.code}`} sx={{ py: 0.5, px: 1, gap: 0.5 }}>
      <IconButton
        color="error"
        onClick={() => onRemove(entry.code)}
        aria-label={label('quotes.self.removeNamed')}
        data-testid={`watchlist-remove-${entry.code}`}
      >
        <RemoveCircleIcon />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>{body}</Box>
      {onMove && (
        <>
          <IconButton
            size="small"
            ref={up}
            disabled={first}
            onClick={() => moveKeepingFocus(-1)}
            aria-label={label('quotes.self.moveUp')}
            data-testid={`watchlist-up-${entry.code}`}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            ref={down}
            disabled={last}
            onClick={() => moveKeepingFocus(1)}
            aria-label={label('quotes.self.moveDown')}
            data-testid={`watchlist-down-${entry.code}`}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </ListItem>
  )
})
