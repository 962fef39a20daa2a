import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import MenuItem from '@mui/material/MenuItem'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  REVIEW_KINDS,
  REVIEW_STATUSES,
  type ReviewKind,
  type ReviewStatus,
} from '@kabu/shared/api/ops'
import {
  approveReview,
  listReviews,
  PHOTO_FIELDS,
  rejectReview,
  type ReviewRow,
} from '../reviews.api'
import { refusalText } from '../ui/errors'
import { useNotice } from '../ui/Notice'
import { Photo } from '../ui/Photo'
import { ReasonDialog } from '../ui/ReasonDialog'
import { useLoad } from '../use-load'

const SHOWN_APART = new Set(['id', 'account', 'status', 'created', 'approvals', ...PHOTO_FIELDS])

/** Every review queue, one tab per kind; each request with its documents and its decision. */
export default function ReviewsPage() {
  const intl = useIntl()
  const [kind, setKind] = useState<ReviewKind>('deposit')
  const [status, setStatus] = useState<ReviewStatus>('pending')
  const [rejecting, setRejecting] = useState<ReviewRow>()
  const rows = useLoad(`${kind}:${status}`, () => listReviews(kind, status))
  const notice = useNotice()

  const run = (action: () => Promise<string>) =>
    action().then(
      (text) => {
        notice.show(text, 'success')
        rows.reload()
      },
      (error: unknown) => notice.show(refusalText(intl, error), 'error'),
    )

  const approve = (row: ReviewRow) =>
    run(async () => {
      const answer = await approveReview(kind, row.id)
      return intl.formatMessage({
        id: answer.status === 'pending' ? 'console.reviews.awaiting' : 'console.reviews.approved',
      })
    })

  const reject = (row: ReviewRow, reason: string) => {
    setRejecting(undefined)
    void run(async () => {
      await rejectReview(kind, row.id, reason)
      return intl.formatMessage({ id: 'console.reviews.rejected' })
    })
  }

  return (
    <Box>
      <Tabs
        value={kind}
        onChange={(_e, k: ReviewKind) => setKind(k)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={intl.formatMessage({ id: 'console.nav.reviews' })}
      >
        {REVIEW_KINDS.map((k) => (
          <Tab key={k} value={k} label={intl.formatMessage({ id: `console.kind.${k}` })} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 2 }}>
        <TextField
          select
          size="small"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReviewStatus)}
          label={intl.formatMessage({ id: 'console.status' })}
          sx={{ flex: { xs: 1, md: '0 0 220px' } }}
        >
          {REVIEW_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {intl.formatMessage({ id: `console.status.${s}` })}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={rows.reload} sx={{ whiteSpace: 'nowrap' }}>
          <FormattedMessage id="console.reload" />
        </Button>
      </Box>
      {rows.error && <Typography color="error">{rows.error}</Typography>}
      {rows.data?.length === 0 && (
        <Typography color="text.secondary">
          <FormattedMessage id="console.reviews.empty" />
        </Typography>
      )}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(360px, 1fr))' },
        }}
      >
        {rows.data?.map((row) => (
          <Card component="li" key={row.id} variant="outlined" data-testid={`review-${row.id}`}>
            <CardContent>
              <Typography variant="subtitle1" component="h2">
                #{row.id} · {row.account}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {new Date(row.created).toLocaleString(intl.locale)}
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}
              >
                {Object.entries(row)
                  .filter(([k, v]) => !SHOWN_APART.has(k) && v !== null && typeof v !== 'object')
                  .map(([k, v]) => (
                    <Box key={k} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {k}
                      </Typography>
                      <Typography
                        component="dd"
                        variant="body2"
                        sx={{ m: 0, overflowWrap: 'anywhere' }}
                      >
                        {String(v)}
                      </Typography>
                    </Box>
                  ))}
              </Box>
              <Box sx={{ mt: 1 }}>
                {PHOTO_FIELDS.filter((f) => typeof row[f] === 'string').map((f) => (
                  <Photo key={f} id={row[f] as string} name={f} />
                ))}
              </Box>
              {row.approvals && row.approvals.length > 0 && (
                <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
                  <FormattedMessage
                    id="console.reviews.approvals"
                    values={{ names: row.approvals.join(', '), count: row.approvals.length }}
                  />
                </Typography>
              )}
            </CardContent>
            {status === 'pending' && (
              <CardActions>
                <Button variant="contained" onClick={() => void approve(row)}>
                  <FormattedMessage id="console.reviews.approve" />
                </Button>
                <Button color="error" onClick={() => setRejecting(row)}>
                  <FormattedMessage id="console.reviews.reject" />
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      {rejecting && (
        <ReasonDialog
          title={intl.formatMessage({ id: 'console.reviews.rejectTitle' }, { id: rejecting.id })}
          onConfirm={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(undefined)}
        />
      )}
      {notice.element}
    </Box>
  )
}
