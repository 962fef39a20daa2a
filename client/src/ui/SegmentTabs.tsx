import ButtonBase from '@mui/material/ButtonBase'
import { styled, type SxProps, type Theme } from '@mui/material/styles'
import Box from '@mui/material/Box'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

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
 * measured. The styles are one static class (not `sx` per tab), serialised once.
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
  sx?: SxProps<Theme>
}) {
  const { value, onChange, tabs, scrollable = false, dense = false } = props
  const list = useRef<HTMLDivElement>(null)

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
    <Box
      ref={list}
      role="tablist"
      aria-label={props['aria-label']}
      onKeyDown={onKeyDown}
      sx={[
        {
          display: 'flex',
          borderBottom: 1,
          borderColor: 'divider',
          overflowX: scrollable ? 'auto' : 'visible',
          scrollbarWidth: 'none',
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value
        return (
          <TabButton
            key={tab.value}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={tab.testId}
            data-scrollable={scrollable || undefined}
            data-dense={dense || undefined}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </TabButton>
        )
      })}
    </Box>
  )
}

// The palette through the theme's CSS variables: `theme.palette` holds the light scheme's colours
// only, which left the tabs' grey text unreadable on the dark page.
const TabButton = styled(ButtonBase)(({ theme }) => {
  const { palette } = theme.vars ?? theme
  return {
    ...theme.typography.button,
    flex: '1 1 0',
    minWidth: 0,
    minHeight: 48,
    padding: theme.spacing(1.5, 2),
    color: palette.text.secondary,
    borderBottom: '2px solid transparent',
    whiteSpace: 'nowrap',
    '&[data-scrollable]': { flex: '0 0 auto', minWidth: 72 },
    '&[data-dense]': { minHeight: 40, padding: theme.spacing(1, 1.5) },
    '&[data-dense][data-scrollable]': { minWidth: 52, padding: theme.spacing(1) },
    '&[aria-selected="true"]': {
      color: palette.primary.main,
      borderBottomColor: palette.primary.main,
    },
    '&.Mui-focusVisible': { backgroundColor: palette.action.focus },
  }
})
