import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react'
import { useIntl } from 'react-intl'
import { Spinner } from './plain/Spinner'

// How far (px, after damping) a pull must travel to count, and the most the indicator moves.
const TRIGGER = 48
const MAX = 80

/** Whether nothing above `el` is scrolled: only then does a pull mean "refresh". */
function atTop(el: HTMLElement | null): boolean {
  for (let node = el; node; node = node.parentElement) if (node.scrollTop > 0) return false
  return (document.scrollingElement?.scrollTop ?? 0) <= 0
}

/**
 * Pull down at the top of a screen to reload its data. The browser's own pull-to-refresh would
 * reload the whole app (and drop the quote socket), so it is contained while this is mounted.
 * Plain elements: home's first render is inside it.
 */
export function PullToRefresh({
  onRefresh,
  refreshing,
  children,
}: {
  onRefresh: () => void
  refreshing: boolean
  children: ReactNode
}) {
  const intl = useIntl()
  const box = useRef<HTMLDivElement>(null)
  const startY = useRef<number | null>(null)
  const [pull, setPull] = useState(0)
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    const root = document.documentElement
    const before = root.style.overscrollBehaviorY
    root.style.overscrollBehaviorY = 'contain'
    return () => {
      root.style.overscrollBehaviorY = before
    }
  }, [])

  const onTouchStart = (e: TouchEvent) => {
    startY.current = atTop(box.current) ? (e.touches[0]?.clientY ?? null) : null
    setDragging(startY.current !== null)
  }
  const onTouchMove = (e: TouchEvent) => {
    const y = e.touches[0]?.clientY
    if (startY.current === null || y === undefined) return
    // Damped: the content follows the finger at half speed, as native lists do.
    setPull(Math.max(0, Math.min(MAX, (y - startY.current) / 2)))
  }
  const onTouchEnd = () => {
    if (pull >= TRIGGER && !refreshing) onRefresh()
    startY.current = null
    setDragging(false)
    setPull(0)
  }
  const height = refreshing ? 48 : pull

  return (
    <div ref={box} onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd}>
      <div
        style={{
          height,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          transition: dragging ? 'none' : 'height 200ms ease-out',
        }}
      >
        {height > 0 && (
          <Spinner
            size={24}
            value={refreshing ? undefined : Math.min(100, (pull / TRIGGER) * 100)}
            label={intl.formatMessage({ id: 'common.refreshing' })}
          />
        )}
      </div>
      {children}
    </div>
  )
}
