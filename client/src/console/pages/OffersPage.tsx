import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  createBlock,
  createIpo,
  drawIpo,
  listBlock,
  listIpo,
  type BlockDraft,
  type IpoDraft,
} from '../offers.api'
import { refusalText } from '../ui/errors'
import { useNotice } from '../ui/Notice'
import { useLoad } from '../use-load'

/** IPO and block offers: the newest of each, a form to create one, and an IPO's draw. */
export default function OffersPage() {
  const intl = useIntl()
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
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.offers.ipo" />
        </Typography>
        <IpoForm onCreate={(d) => createIpo(d).then(done(ipo.reload), failed)} />
        <Box component="ul" sx={{ listStyle: 'none', p: 0 }}>
          {ipo.data?.map((o) => (
            <Box
              component="li"
              key={o.id}
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
                <Chip size="small" label={intl.formatMessage({ id: 'console.offers.withdrawn' })} />
              )}
              {!o.drawn && !o.withdrawn && (
                <Button size="small" onClick={() => void drawIpo(o.id).then(ipo.reload, failed)}>
                  <FormattedMessage id="console.offers.draw" />
                </Button>
              )}
            </Box>
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.offers.block" />
        </Typography>
        <BlockForm onCreate={(d) => createBlock(d).then(done(block.reload), failed)} />
        <Box component="ul" sx={{ listStyle: 'none', p: 0 }}>
          {block.data?.map((o) => (
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
                <Chip size="small" label={intl.formatMessage({ id: 'console.offers.allocated' })} />
              )}
            </Box>
          ))}
        </Box>
      </Paper>
      {notice.element}
    </Box>
  )
}

function useField<T>(initial: T) {
  const [value, set] = useState<T>(initial)
  return { value, set }
}

function IpoForm({ onCreate }: { onCreate: (d: IpoDraft) => Promise<unknown> }) {
  const intl = useIntl()
  const code = useField<string>('')
  const name = useField<string>('')
  const price = useField<string>('1000')
  const lot = useField<number>(100)
  const lots = useField<number>(1000)
  const hours = useField<number>(24)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void onCreate({
      code: code.value,
      name: name.value,
      price: price.value,
      lot: lot.value,
      lots: lots.value,
      hours: hours.value,
    })
  }
  const t = (id: string) => intl.formatMessage({ id: `console.offers.${id}` })
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}
    >
      <TextField
        size="small"
        label={t('code')}
        value={code.value}
        onChange={(e) => code.set(e.target.value)}
        required
      />
      <TextField
        size="small"
        label={t('name')}
        value={name.value}
        onChange={(e) => name.set(e.target.value)}
        required
      />
      <TextField
        size="small"
        label={t('price')}
        value={price.value}
        onChange={(e) => price.set(e.target.value)}
        required
      />
      <TextField
        size="small"
        type="number"
        label={t('lot')}
        value={lot.value}
        onChange={(e) => lot.set(Number(e.target.value))}
      />
      <TextField
        size="small"
        type="number"
        label={t('lots')}
        value={lots.value}
        onChange={(e) => lots.set(Number(e.target.value))}
      />
      <TextField
        size="small"
        type="number"
        label={t('hours')}
        value={hours.value}
        onChange={(e) => hours.set(Number(e.target.value))}
      />
      <Button type="submit" variant="contained">
        {t('create')}
      </Button>
    </Box>
  )
}

function BlockForm({ onCreate }: { onCreate: (d: BlockDraft) => Promise<unknown> }) {
  const intl = useIntl()
  const code = useField<string>('')
  const lots = useField<number>(100)
  const maxLots = useField<number>(10)
  const hours = useField<number>(4)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void onCreate({
      code: code.value,
      lots: lots.value,
      maxLots: maxLots.value,
      hours: hours.value,
    })
  }
  const t = (id: string) => intl.formatMessage({ id: `console.offers.${id}` })
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}
    >
      <TextField
        size="small"
        label={t('code')}
        value={code.value}
        onChange={(e) => code.set(e.target.value)}
        required
      />
      <TextField
        size="small"
        type="number"
        label={t('lots')}
        value={lots.value}
        onChange={(e) => lots.set(Number(e.target.value))}
      />
      <TextField
        size="small"
        type="number"
        label={t('maxLots')}
        value={maxLots.value}
        onChange={(e) => maxLots.set(Number(e.target.value))}
      />
      <TextField
        size="small"
        type="number"
        label={t('hours')}
        value={hours.value}
        onChange={(e) => hours.set(Number(e.target.value))}
      />
      <Button type="submit" variant="contained">
        {t('create')}
      </Button>
    </Box>
  )
}
