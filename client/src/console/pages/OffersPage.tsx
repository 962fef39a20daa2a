import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl'
import {
  createBlock,
  createIpo,
  drawIpo,
  listBlock,
  listIpo,
  type BlockDraft,
  type IpoDraft,
} from '../offers.api'
import { AdminOnly, useIsAdmin } from '../ui/AdminOnly'
import { refusalText } from '../ui/errors'
import { LoadState } from '../ui/LoadState'
import { useNotice } from '../ui/Notice'
import { OpsForm, type FormValues } from '../ui/OpsForm'
import { useLoad } from '../use-load'

/**
 * IPO and block offers: the newest of each, a form to create one, and an IPO's draw once it is due
 * (`draw_due`); the forms and the draw are an admin's.
 */
export default function OffersPage() {
  const intl = useIntl()
  const isAdmin = useIsAdmin()
  const ipo = useLoad('ipo', listIpo)
  const block = useLoad('block', listBlock)
  const notice = useNotice()
  const done = (reload: () => void) => (answer: unknown) => {
    const id = (answer as { id?: string } | null)?.id ?? ''
    notice.show(intl.formatMessage({ id: 'console.offers.created' }, { id }), 'success')
    reload()
  }
  const failed = (error: unknown) => notice.show(refusalText(intl, error), 'error')

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.offers.ipo" />
        </Typography>
        <AdminOnly>
          <IpoForm onCreate={(d) => createIpo(d).then(done(ipo.reload))} />
        </AdminOnly>
        <LoadState loaded={ipo}>
          {(rows) => (
            <Box component="ul" sx={{ listStyle: 'none', p: 0 }}>
              {rows.map((o) => (
                <Box
                  component="li"
                  key={o.id}
                  data-testid={`console-ipo-${o.id}`}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5, flexWrap: 'wrap' }}
                >
                  <Typography sx={{ flexGrow: 1 }}>
                    #{o.id} {o.code} {intl.locale === 'en' ? o.name.en : o.name.ja} · {o.price}{' '}
                    {o.currency}
                  </Typography>
                  {o.drawn && (
                    <Chip size="small" label={intl.formatMessage({ id: 'console.offers.drawn' })} />
                  )}
                  {o.withdrawn && (
                    <Chip
                      size="small"
                      label={intl.formatMessage({ id: 'console.offers.withdrawn' })}
                    />
                  )}
                  {isAdmin && o.draw_due && (
                    <Button
                      size="small"
                      onClick={() => void drawIpo(o.id).then(ipo.reload, failed)}
                      data-testid={`console-ipo-draw-${o.id}`}
                    >
                      <FormattedMessage id="console.offers.draw" />
                    </Button>
                  )}
                </Box>
              ))}
            </Box>
          )}
        </LoadState>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.offers.block" />
        </Typography>
        <AdminOnly>
          <BlockForm onCreate={(d) => createBlock(d).then(done(block.reload))} />
        </AdminOnly>
        <LoadState loaded={block}>
          {(rows) => (
            <Box component="ul" sx={{ listStyle: 'none', p: 0 }}>
              {rows.map((o) => (
                <Box
                  component="li"
                  key={o.id}
                  sx={{ display: 'flex', gap: 1, py: 0.5, flexWrap: 'wrap' }}
                >
                  <Typography sx={{ flexGrow: 1 }}>
                    #{o.id} {o.code} · {o.price} {o.currency} · {o.lots} ·{' '}
                    {new Date(o.closes_at).toLocaleString(intl.locale)}
                  </Typography>
                  {o.allocated && (
                    <Chip
                      size="small"
                      label={intl.formatMessage({ id: 'console.offers.allocated' })}
                    />
                  )}
                </Box>
              ))}
            </Box>
          )}
        </LoadState>
      </Paper>
      {notice.element}
    </Box>
  )
}

type IpoField = 'code' | 'name' | 'price' | 'lot' | 'lots' | 'hours'
type BlockField = 'code' | 'lots' | 'maxLots' | 'hours'
const IPO_START: FormValues<IpoField> = {
  code: '',
  name: '',
  price: '1000',
  lot: '100',
  lots: '1000',
  hours: '24',
}
const BLOCK_START: FormValues<BlockField> = { code: '', lots: '100', maxLots: '10', hours: '4' }

/** A field of the offer forms: its label is `console.offers.<name>`. */
const field =
  (intl: IntlShape) =>
  <K extends string>(name: K, kind: 'text' | 'number' = 'number', required = false) => ({
    name,
    kind,
    required,
    label: intl.formatMessage({ id: `console.offers.${name}` }),
  })

function IpoForm({ onCreate }: { onCreate: (d: IpoDraft) => Promise<unknown> }) {
  const intl = useIntl()
  const f = field(intl)
  return (
    <OpsForm<IpoField>
      label={intl.formatMessage({ id: 'console.offers.ipo' })}
      fields={[
        f('code', 'text', true),
        f('name', 'text', true),
        f('price', 'text', true),
        f('lot'),
        f('lots'),
        f('hours'),
      ]}
      initial={IPO_START}
      submitLabel={intl.formatMessage({ id: 'console.offers.create' })}
      confirmTitle={(v) => intl.formatMessage({ id: 'console.offers.confirm' }, { code: v.code })}
      onSubmit={(v) =>
        onCreate({
          code: v.code,
          name: v.name,
          price: v.price,
          lot: Number(v.lot),
          lots: Number(v.lots),
          hours: Number(v.hours),
        })
      }
    />
  )
}

function BlockForm({ onCreate }: { onCreate: (d: BlockDraft) => Promise<unknown> }) {
  const intl = useIntl()
  const f = field(intl)
  return (
    <OpsForm<BlockField>
      label={intl.formatMessage({ id: 'console.offers.block' })}
      fields={[f('code', 'text', true), f('lots'), f('maxLots'), f('hours')]}
      initial={BLOCK_START}
      submitLabel={intl.formatMessage({ id: 'console.offers.create' })}
      confirmTitle={(v) => intl.formatMessage({ id: 'console.offers.confirm' }, { code: v.code })}
      onSubmit={(v) =>
        onCreate({
          code: v.code,
          lots: Number(v.lots),
          maxLots: Number(v.maxLots),
          hours: Number(v.hours),
        })
      }
    />
  )
}
