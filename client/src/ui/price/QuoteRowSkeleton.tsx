import { keyframes } from '@emotion/react'
import { styled } from '@mui/material/styles'

// MUI's Skeleton pulse, copied with its look below: one styled list instead of a styled component
// per bar. A list of MUI Skeletons cost ~110 component renders (four bars and two boxes a row),
// in the very commit that first paints home, twice (popular and rankings); this costs four.
const pulse = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.4 }, '100%': { opacity: 1 } })

const Rows = styled('div')(({ theme }) => {
  const radius = Number(theme.shape.borderRadius)
  return {
    '& > div': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1.5),
      padding: theme.spacing(1.25, 2),
      minHeight: 60,
    },
    '& .names': { flex: 1 },
    // As MUI's Skeleton: the "on paper" grey of the scheme, pulsing.
    '& .bar': {
      display: 'block',
      backgroundColor: theme.vars
        ? theme.vars.palette.Skeleton.bg
        : theme.alpha(theme.palette.text.primary, theme.palette.mode === 'light' ? 0.11 : 0.13),
      animation: `${pulse} 2s ease-in-out 0.5s infinite`,
    },
    // Its "text" variant: a bar 60 % as tall as its line, with the radius scaled to match.
    '& .text': {
      marginTop: 0,
      marginBottom: 0,
      transformOrigin: '0 55%',
      transform: 'scale(1, 0.60)',
      borderRadius: `${radius}px/${Math.round((radius / 0.6) * 10) / 10}px`,
      '&:empty:before': { content: '"\\00a0"' },
    },
    '& .rounded': { borderRadius: (theme.vars ?? theme).shape.borderRadius },
  }
})

/** Placeholder rows with the shape of `LiveQuoteRow` while a list loads. */
export function QuoteRowSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Rows aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i}>
          <div className="names">
            <span className="bar text" style={{ width: '60%', height: 22 }} />
            <span className="bar text" style={{ width: '30%', height: 16 }} />
          </div>
          <span className="bar text" style={{ width: 80, height: 24 }} />
          <span className="bar rounded" style={{ width: 76, height: 28 }} />
        </div>
      ))}
    </Rows>
  )
}
