import { useLayoutEffect, useRef, type CSSProperties } from 'react'
import { useIntl } from 'react-intl'
import type { Market, Quote } from '@kabu/shared/market/types'
import { priceFormatOptions } from './format'
import { useTrendColor, useTrendPalette } from './use-trend-color'

export interface PriceProps {
  value: number | undefined
  market: Market
  kind: Quote['kind']
  /** The day's change: decides the colour (up/down/flat). */
  change?: number
  testId?: string
  /**
   * Greys the price out while it cannot be trusted to be current: the secondary grey, which still
   * reads at 4.5:1 (the disabled grey, 2.6:1, would hide the last price known).
   */
  stale?: boolean
  fontSize?: number | string
}

// Live lists re-render prices ten times a second per row: fixed style objects (not MUI's sx, which
// makes a class per new value) keep a tick's cost to the number itself, and the flash is the
// opacity of an overlay on its own layer, which the compositor fades without repainting the row
// each frame (a background-colour animation repaints 50 rows 60 times a second). The overlay is a
// ring in the move's colour, not a fill: a tinted fill behind the digits took every price colour
// below 4.5:1 while it showed (grey on a red tint 3.8:1, caught by axe once busy names printed
// several times a second).
const PRICE: CSSProperties = {
  position: 'relative',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  padding: '0 2px',
}
const FLASH: CSSProperties = {
  position: 'absolute',
  inset: 0,
  borderRadius: 4,
  opacity: 0,
  willChange: 'opacity',
  pointerEvents: 'none',
}
const FLASH_KEYFRAMES: Keyframe[] = [{ opacity: 1 }, { opacity: 0 }]
const FLASH_TIMING: KeyframeAnimationOptions = { duration: 700, easing: 'ease-out' }

/**
 * A price on the market's precision, coloured by the day's change, flashing briefly in the colour
 * of the move whenever it changes (so a user sees which prices just ticked).
 */
export function Price({ value, market, kind, change, testId, stale, fontSize }: PriceProps) {
  const intl = useIntl()
  const color = useTrendColor(change)
  const palette = useTrendPalette()
  const flash = useRef<HTMLSpanElement>(null)
  const flashing = useRef<Animation | null>(null)
  const ringShown = useRef('')
  const shown = useRef(value)

  useLayoutEffect(() => {
    const before = shown.current
    shown.current = value
    // Only a move from one price to another flashes; the first price arriving does not.
    if (before === undefined || value === undefined || before === value) return
    const overlay = flash.current
    if (!overlay?.animate) return
    // Written only when the direction changes (the style reads back normalised, so not compared).
    const ring = `inset 0 0 0 2px ${value > before ? palette.up : palette.down}`
    if (ringShown.current !== ring) overlay.style.boxShadow = ringShown.current = ring
    // One animation per price, started again at each move: a new one at every tick of every row
    // was the costliest line of a live list's script (a CPU profile of home at 4x slowdown).
    if (!flashing.current) flashing.current = overlay.animate(FLASH_KEYFRAMES, FLASH_TIMING)
    else {
      flashing.current.currentTime = 0
      flashing.current.play()
    }
  }, [value, palette])

  return (
    <span
      data-testid={testId}
      style={{
        ...PRICE,
        fontSize,
        // plain.css's secondary text: the theme's, in either scheme (app/plain-colours.test.ts).
        color: stale ? 'var(--k-text-2)' : color,
      }}
    >
      <span ref={flash} aria-hidden style={FLASH} />
      {value === undefined
        ? '--'
        : intl.formatNumber(value, priceFormatOptions(market, kind, value))}
    </span>
  )
}
