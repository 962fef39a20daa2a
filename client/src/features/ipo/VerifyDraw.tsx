import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { FigureRows } from '../../ui/FigureRows'
import { checkDraw } from './draw-check'
import { useDrawRecord } from './use-ipo-lists'

/**
 * The "verify" view: the phone fetches the draw's public record and recomputes it itself, so the
 * user sees that the seed matches the commitment shown before the draw and that the allocations
 * are the seed's, their own entry included.
 */
export function VerifyDraw({ offerId, myRef }: { offerId: string; myRef: string | null }) {
  const { data } = useDrawRecord(offerId)
  const check = data ? checkDraw(data, myRef) : null
  if (!data || !check) return null
  const ok = check.committed && check.matches && check.knownAlgorithm
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="ipo-verify">
      <Typography variant="subtitle2">
        <FormattedMessage id="home.ipo.verify.title" />
      </Typography>
      <Alert severity={ok ? 'success' : 'error'} data-testid={`ipo-verify-${ok ? 'ok' : 'failed'}`}>
        <FormattedMessage id={ok ? 'home.ipo.verify.ok' : 'home.ipo.verify.failed'} />
      </Alert>
      <FigureRows
        rows={[
          {
            labelId: 'home.ipo.verify.seed',
            value: <code style={{ wordBreak: 'break-all' }}>{data.seed}</code>,
          },
          { labelId: 'home.ipo.verify.entries', value: check.entries },
          { labelId: 'home.ipo.verify.allocated', value: check.allocated },
          { labelId: 'home.ipo.verify.mine', value: check.mine },
        ]}
      />
    </Stack>
  )
}
