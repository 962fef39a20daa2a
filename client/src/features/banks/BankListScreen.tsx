import type { BankCard } from '@kabu/shared/api/banks'
import AddIcon from '@mui/icons-material/Add'
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { DeleteCardDialog } from './DeleteCardDialog'
import { liveBankListMachine } from './bank.live'

/** /mine/bank: the user's bank cards, each unbound after the fund password; add another. */
export function BankListScreen() {
  const intl = useIntl()
  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id="mine.bank.title" />}
        right={
          <IconButton
            component={RouterLink}
            to="/mine/bankAdd"
            aria-label={intl.formatMessage({ id: 'mine.bank.add' })}
            data-testid="bank-add"
          >
            <AddIcon />
          </IconButton>
        }
      />
      <BankList />
    </RequireSession>
  )
}

function BankList() {
  const [state, send] = useMachine(liveBankListMachine)
  const { cards, selected, error } = state.context

  if (state.matches('loading')) return <Loading />
  if (state.matches('loadFailed')) {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(error ?? 'network_error')}</Alert>
        <Button variant="outlined" onClick={() => send({ type: 'RETRY' })}>
          <FormattedMessage id="common.retry" />
        </Button>
      </Stack>
    )
  }
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      {state.matches({ shown: 'empty' }) ? (
        <EmptyState text={<FormattedMessage id="mine.bank.empty" />} />
      ) : (
        cards.map((card) => (
          <CardRow key={card.id} card={card} onDelete={() => send({ type: 'DELETE', card })} />
        ))
      )}
      <Button component={RouterLink} to="/mine/bankAdd" variant="outlined" startIcon={<AddIcon />}>
        <FormattedMessage id="mine.bank.add" />
      </Button>
      <DeleteCardDialog
        card={selected}
        busy={state.hasTag('busy')}
        error={state.matches({ shown: 'confirming' }) ? error : null}
        onConfirm={(fundPassword, totp) => send({ type: 'CONFIRM', fundPassword, totp })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    </Stack>
  )
}

function CardRow({ card, onDelete }: { card: BankCard; onDelete: () => void }) {
  const intl = useIntl()
  return (
    <Card variant="outlined" data-testid="bank-card">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1">
            {card.bank_name} ({card.bank_code})
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {card.branch_name} ({card.branch_code}) ·{' '}
            <FormattedMessage id={`mine.bank.accountType.${card.account_type}`} />
          </Typography>
          <Typography variant="body2">
            {card.holder} · {card.card_number_masked}
          </Typography>
        </Stack>
        <IconButton
          onClick={onDelete}
          aria-label={intl.formatMessage({ id: 'mine.bank.delete.title' })}
          data-testid={`bank-delete-${card.id}`}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </CardContent>
    </Card>
  )
}
