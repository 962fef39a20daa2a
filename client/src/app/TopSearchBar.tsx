import SearchIcon from '@mui/icons-material/Search'
import ButtonBase from '@mui/material/ButtonBase'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { TopBar } from '../ui/TopBar'

/** The top bar of the tab screens: a search box that opens /quotes/search (spec §2). */
export function TopSearchBar() {
  const navigate = useNavigate()
  return (
    <TopBar toolbarSx={{ minHeight: 56, px: 1.5 }}>
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
    </TopBar>
  )
}
