import { createTheme } from '@mui/material/styles'

// Phone first: touch targets of at least 48 px, system fonts with Japanese and Chinese fallbacks
// (no web-font download on a mobile connection), light and dark from the system setting.
export const theme = createTheme({
  cssVariables: true,
  colorSchemes: {
    light: { palette: { primary: { main: '#1f5fbf' }, background: { default: '#f4f6fa' } } },
    dark: {
      palette: {
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
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { minHeight: 44 }, sizeLarge: { minHeight: 50, fontSize: '1rem' } },
    },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 52 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiBottomNavigationAction: { styleOverrides: { root: { minWidth: 0, padding: '6px 0' } } },
  },
})
