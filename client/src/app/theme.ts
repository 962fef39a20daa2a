import { createTheme } from '@mui/material/styles'
import { trendVariables } from '../ui/price/trend'

// Phone first: touch targets of at least 48 px, system fonts with Japanese and Chinese fallbacks
// (no web-font download on a mobile connection), light and dark from the system setting.
// Text reaches WCAG AA (4.5:1): MUI's light warning (#ed6c02, 2.9:1 on the page), info (3.6:1)
// and error (4.6:1, 4.0:1 once tinted) are darkened until the coloured text of a chip or a
// message reads on the page, and a coloured button picks white or black text at 4.5:1, not 3:1.
export const theme = createTheme({
  cssVariables: true,
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: '#1f5fbf' },
        warning: { main: '#b25000' },
        info: { main: '#0270b0' },
        error: { main: '#c62828' },
        success: { main: '#2e7d32' },
        background: { default: '#f4f6fa' },
      },
    },
    dark: {
      palette: {
        // The dark scheme fills toasts with the darker shades (success #388e3c): their text too
        // is picked at 4.5:1 (black there; white was 4.1:1).
        contrastThreshold: 4.5,
        primary: { main: '#7aa7ff' },
        background: { default: '#0e1117', paper: '#171b23' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: [
      'system-ui',
      '-apple-system',
      '"Hiragino Sans"',
      '"Hiragino Kaku Gothic ProN"',
      '"Noto Sans JP"',
      '"Noto Sans CJK JP"',
      '"PingFang SC"',
      '"Microsoft YaHei"',
      'Roboto',
      'sans-serif',
    ].join(','),
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A screen's title is its one h1 (ui/Header); MUI renders the variants below as h2–h6, and
    // subtitles as h6, which skips levels (h1 → h6) for a screen reader's heading list. On a phone
    // screen every heading below the title is a section: level 2.
    MuiTypography: {
      defaultProps: {
        variantMapping: Object.fromEntries(
          ['h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'subtitle2'].map((v) => [v, 'h2']),
        ),
      },
    },
    // The price colours of ui/price/trend.ts, switched with the scheme like MUI's own variables:
    // for the console's baseline. The app renders no CssBaseline: plain.css defines them
    // (app/plain-colours.test.ts keeps the two equal).
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        ':root': {
          ...trendVariables('light'),
          ...theme.applyStyles('dark', trendVariables('dark')),
        },
      }),
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { minHeight: 44 }, sizeLarge: { minHeight: 50, fontSize: '1rem' } },
    },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 52 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiBottomNavigationAction: { styleOverrides: { root: { minWidth: 0, padding: '6px 0' } } },
  },
})
