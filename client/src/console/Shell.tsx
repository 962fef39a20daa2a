import MenuIcon from '@mui/icons-material/Menu'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { Suspense, useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSnapshot } from 'valtio'
import { LOCALES, type Locale } from '../i18n/locale'
import { preferences, setLocale } from '../state/preferences'
import { consoleSession, logOut } from './api'
import { isSection, SECTIONS, sectionsOf, type Section } from './sections'

const DRAWER = 220
// Each language in its own script, so anyone finds theirs.
const SELF_NAMES: Record<Locale, string> = { ja: '日本語', 'zh-CN': '简体中文', en: 'English' }

const sectionOfHash = (): Section => {
  const name = location.hash.replace(/^#\/?/, '')
  return isSection(name) ? name : 'reviews'
}

/** Desktop: a menu beside the page. Phone: the menu behind a button in the top bar. */
export function Shell() {
  const intl = useIntl()
  const { me } = useSnapshot(consoleSession)
  const wide = useMediaQuery('(min-width:900px)')
  const [section, setSection] = useState<Section>(sectionOfHash)
  const [menuOpen, setMenuOpen] = useState(false)
  useEffect(() => {
    const follow = () => setSection(sectionOfHash())
    addEventListener('hashchange', follow)
    return () => removeEventListener('hashchange', follow)
  }, [])
  // OPS_REQUIRE_SECOND_FACTOR and a session opened with the password alone: it may only enrol.
  const enrolOnly = me?.second_factor_needed === true
  const shown: Section = enrolOnly ? 'security' : section
  const Page = SECTIONS[shown]
  const names = enrolOnly ? (['security'] as Section[]) : sectionsOf(me)

  const menu = (
    <List>
      {names.map((name) => (
        <ListItem key={name} disablePadding>
          <ListItemButton
            component="a"
            href={`#${name}`}
            selected={name === shown}
            aria-current={name === shown ? 'page' : undefined}
            onClick={() => setMenuOpen(false)}
          >
            <ListItemText primary={intl.formatMessage({ id: `console.nav.${name}` })} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  )

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={intl.formatMessage({ id: 'console.nav.menu' })}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="h1" variant="h6" sx={{ flexGrow: 1 }} noWrap>
            <FormattedMessage id="console.title" />
          </Typography>
          <Typography
            variant="body2"
            noWrap
            data-testid="operator"
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {me?.operator.display_name} ·{' '}
            <FormattedMessage id={`console.role.${me?.operator.role ?? 'reviewer'}`} />
          </Typography>
          <Button color="inherit" sx={{ whiteSpace: 'nowrap' }} onClick={() => void logOut()}>
            <FormattedMessage id="console.logout" />
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || menuOpen}
        onClose={() => setMenuOpen(false)}
        sx={{ width: DRAWER, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER } }}
      >
        <Toolbar />
        <Box component="nav" aria-label={intl.formatMessage({ id: 'console.nav.menu' })}>
          {menu}
          <TextField
            select
            size="small"
            label={intl.formatMessage({ id: 'console.language' })}
            value={preferences.locale}
            onChange={(e) => setLocale(e.target.value as Locale)}
            sx={{ m: 2, width: `calc(100% - 32px)` }}
          >
            {LOCALES.map((l) => (
              <MenuItem key={l} value={l}>
                {SELF_NAMES[l]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
        <Toolbar />
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </Box>
    </Box>
  )
}
