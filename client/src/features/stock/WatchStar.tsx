import StarIcon from '@mui/icons-material/Star'
import StarBorderIcon from '@mui/icons-material/StarBorder'
import IconButton from '@mui/material/IconButton'
import { TYPE_OF_MARKET, type Market } from '@kabu/shared/market/types'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { showToast } from '../../ui/toast/toast.store'
import { addToWatchlist, fetchWatchlist, removeFromWatchlist } from './trade.api'

/** The star of the stock detail: whether the stock is in the watchlist, and a tap to toggle it. */
export function WatchStar({ code, market }: { code: string; market: Market }) {
  const intl = useIntl()
  const type = TYPE_OF_MARKET[market]
  const [watched, setWatched] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    fetchWatchlist(type).then(
      (list) => live && setWatched(list.some((entry) => entry.code === code)),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [type, code])

  const toggle = async () => {
    if (watched === null || busy) return
    setBusy(true)
    try {
      await (watched ? removeFromWatchlist(type, code) : addToWatchlist(type, code))
      setWatched(!watched)
      showToast(
        intl.formatMessage({ id: watched ? 'stock.watch.removed' : 'stock.watch.added' }),
        2000,
        'success',
      )
    } catch {
      // The refusal was toasted by the API client; the star keeps its state.
    } finally {
      setBusy(false)
    }
  }

  return (
    <IconButton
      onClick={() => void toggle()}
      disabled={watched === null || busy}
      aria-pressed={watched === true}
      aria-label={intl.formatMessage({ id: watched ? 'stock.watch.remove' : 'stock.watch.add' })}
      data-testid="watch-star"
      data-watched={watched === true ? '1' : '0'}
      color={watched ? 'warning' : 'default'}
    >
      {watched ? <StarIcon /> : <StarBorderIcon />}
    </IconButton>
  )
}
