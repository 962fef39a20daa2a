import { commandsOf } from '@kabu/shared/api/freeze-covers'
import type {
  SelfFreezeEntry,
  SelfFreezeScope,
  SelfFreezeState,
  SelfFreezeWhat,
} from '@kabu/shared/api/trust'
import AcUnitIcon from '@mui/icons-material/AcUnit'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl'

const When = ({ at }: { at: number }) => (
  <>
    <FormattedDate value={at} /> <FormattedTime value={at} />
  </>
)

/**
 * The commands a freeze of `scope` stops (null: those it never stops), from the one table the
 * gateway refuses by (shared/src/api/freeze-covers.ts), so the panel says what the code does.
 */
function Commands({ scope, id }: { scope: SelfFreezeScope | null; id: string }) {
  const intl = useIntl()
  const names = commandsOf(scope).map((c) =>
    intl.formatMessage({ id: `mine.trust.freeze.command.${c}` }),
  )
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      data-testid={`freeze-covers-${scope ?? 'never'}`}
    >
      <FormattedMessage id={id} values={{ list: intl.formatList(names) }} />
    </Typography>
  )
}

/**
 * One scope's line: open, or frozen since when and from when it may be lifted. The lift button
 * stays enabled: the server's clock decides, and its refusal (`self_freeze_cooling`) says why.
 */
function ScopeLine(props: {
  scope: 'withdraw' | 'trading'
  entry: SelfFreezeEntry | null
  onLift: () => void
}) {
  const { scope, entry } = props
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Stack>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <FormattedMessage id={`mine.trust.freeze.scope.${scope}`} />
        </Typography>
        <Commands scope={scope} id="mine.trust.freeze.covers" />
        <Typography
          variant="caption"
          color={entry ? 'error' : 'text.secondary'}
          data-testid={`freeze-state-${scope}`}
        >
          {entry ? (
            <FormattedMessage
              id="mine.trust.freeze.frozenSince"
              values={{ since: <When at={entry.since} />, from: <When at={entry.unfreeze_from} /> }}
            />
          ) : (
            <FormattedMessage id="mine.trust.freeze.open" />
          )}
        </Typography>
      </Stack>
      {entry && (
        <Button
          size="small"
          variant="outlined"
          onClick={props.onLift}
          data-testid={`unfreeze-${scope}`}
        >
          <FormattedMessage id="mine.trust.freeze.lift" />
        </Button>
      )}
    </Stack>
  )
}

/** The self-freeze: the state of each scope, one tap to freeze, a lift after the cooling-off. */
export function FreezeCard(props: {
  state: SelfFreezeState
  onFreeze: (what: SelfFreezeWhat) => void
  onLift: (what: SelfFreezeWhat) => void
}) {
  const { state } = props
  const offers: SelfFreezeWhat[] = [
    ...(state.withdraw ? [] : (['withdraw'] as const)),
    ...(state.trading ? [] : (['trading'] as const)),
    ...(state.withdraw || state.trading ? [] : (['all'] as const)),
  ]
  return (
    <Card variant="outlined" data-testid="trust-freeze">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            <FormattedMessage id="mine.trust.freeze.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="mine.trust.freeze.hint" values={{ hours: state.cooling_hours }} />
          </Typography>
          <ScopeLine
            scope="withdraw"
            entry={state.withdraw}
            onLift={() => props.onLift('withdraw')}
          />
          <ScopeLine scope="trading" entry={state.trading} onLift={() => props.onLift('trading')} />
          <Commands scope={null} id="mine.trust.freeze.never" />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {offers.map((what) => (
              <Button
                key={what}
                variant="contained"
                color="error"
                startIcon={<AcUnitIcon />}
                onClick={() => props.onFreeze(what)}
                data-testid={`freeze-${what}`}
              >
                <FormattedMessage id={`mine.trust.freeze.button.${what}`} />
              </Button>
            ))}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  )
}
