import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react'

export interface SegmentTab<T extends string> {
  value: T
  label: ReactNode
  testId?: string
}

/**
 * A row of tabs that switch what the screen below shows (a market, a list, a period).
 *
 * Why not MUI's Tabs: after every render it measures itself (getBoundingClientRect) to place its
 * sliding indicator, and a screen fed by live prices renders several times a second, so each tick
 * forced a synchronous layout; on home that was ~100 ms of the first seconds' main thread
 * (profile of issue 15). Here the selected tab draws its own underline in CSS and nothing is
 * measured. Plain buttons (app.css `k-segment-tabs`): home's first screen shows a row of them,
 * and a styled component per tab was a style to compile in its first render.
 *
 * Keyboard as the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one), arrow keys,
 * Home and End move between tabs and select (selection follows focus), Enter and Space press.
 */
export function SegmentTabs<T extends string>(props: {
  value: T
  onChange: (value: T) => void
  tabs: readonly SegmentTab<T>[]
  /** Tabs keep their width and the row scrolls sideways (many short labels); else they share it. */
  scrollable?: boolean
  'aria-label'?: string
  /** Tabs of 40 px instead of 48 (chart periods, the home market row). */
  dense?: boolean
  style?: CSSProperties
}) {
  const { value, onChange, tabs, scrollable = false, dense = false } = props
  const list = useRef<HTMLDivElement>(null)

  // A scrollable row opened on a tab past its edge (a link to the news' notices) scrolls it into
  // sight. Measured only when the selection changes, never on the renders live prices cause.
  useEffect(() => {
    const row = list.current
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (!scrollable || !row || !tab) return
    const outer = row.getBoundingClientRect()
    const inner = tab.getBoundingClientRect()
    // Whole pixels: a fraction left over (scrollLeft rounds) kept the tab 0.2 px past the edge.
    if (inner.left < outer.left) row.scrollLeft -= Math.ceil(outer.left - inner.left)
    else if (inner.right > outer.right) row.scrollLeft += Math.ceil(inner.right - outer.right)
  }, [scrollable, value])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((t) => t.value === value)
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    const tab = tabs[next]
    if (!tab) return
    event.preventDefault()
    onChange(tab.value)
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus()
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={props['aria-label']}
      onKeyDown={onKeyDown}
      className="k-segment-tabs"
      data-scrollable={scrollable || undefined}
      data-dense={dense || undefined}
      style={props.style}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            className="k-segment-tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={tab.testId}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
