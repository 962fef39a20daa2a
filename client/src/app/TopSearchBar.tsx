import SearchIcon from '@mui/icons-material/Search'
import AppBar from '@mui/material/AppBar'
import ButtonBase from '@mui/material/ButtonBase'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'

/** The top bar of the tab screens: a search box that opens /quotes/search (spec §2). */
export function TopSearchBar() {
  const navigate = useNavigate()
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar variant="dense" sx={{ minHeight: 56, px: 1.5 }}>
        <ButtonBase
          data-testid="top-search"
          onClick={() => navigate('/quotes/search')}
          sx={{
            flex: 1,
            height: 40,
            px: 1.5,
            gap: 1,
            justifyContent: 'flex-start',
            borderRadius: 20,
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          <SearchIcon fontSize="small" />
          <Typography variant="body2" noWrap>
            <FormattedMessage id="common.searchPlaceholder" />
          </Typography>
        </ButtonBase>
      </Toolbar>
    </AppBar>
  )
}
