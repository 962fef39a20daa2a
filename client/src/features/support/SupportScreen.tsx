import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined'
import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useCallback } from 'react'
import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { useExternalKefu } from './kefu'
import { liveThreadsMachine } from './support-threads.live'
import { ThreadList } from './ThreadList'
import { useSupportReplies } from './use-support-replies'

/** /mine/support: the user's conversations with customer service; replies update it live. */
export function SupportScreen() {
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.support.title" />} />
      <Threads />
    </RequireSession>
  )
}

function Threads() {
  const navigate = useNavigate()
  const kefu = useExternalKefu()
  const [state, send] = useMachine(liveThreadsMachine)
  const arrived = useCallback(() => send({ type: 'ARRIVED' }), [send])
  useSupportReplies(arrived)
  const { items, failure, hasMore } = state.context

  const actions = (
    <Stack spacing={1} sx={{ p: 2 }}>
      <Button
        variant="contained"
        startIcon={<AddCommentOutlinedIcon />}
        data-testid="support-new"
        onClick={() => navigate('/mine/supportInfo')}
      >
        <FormattedMessage id="mine.support.new" />
      </Button>
      {kefu && (
        <Button
          variant="text"
          endIcon={<OpenInNewIcon fontSize="small" />}
          href={kefu}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="support-external"
        >
          <FormattedMessage id="mine.support.external" />
        </Button>
      )}
    </Stack>
  )

  if (state.hasTag('loading')) return <Loading />
  if (state.matches('failed')) {
    return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  }
  return (
    <PullToRefresh
      onRefresh={() => send({ type: 'REFRESH' })}
      refreshing={state.hasTag('refreshing')}
    >
      {actions}
      {state.hasTag('empty') ? (
        <EmptyState text={<FormattedMessage id="mine.support.empty" />} />
      ) : (
        <ThreadList items={items} />
      )}
      {hasMore && (
        <Stack sx={{ p: 2 }}>
          <Button
            disabled={state.hasTag('loadingMore')}
            onClick={() => send({ type: 'LOAD_MORE' })}
          >
            <FormattedMessage id="mine.support.loadMore" />
          </Button>
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 2 }}>
        <FormattedMessage id="mine.support.hint" />
      </Typography>
    </PullToRefresh>
  )
}
