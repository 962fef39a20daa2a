import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { OPS_PRODUCTS_PAGE_SIZE } from '@kabu/shared/api/ops'
import type { OpsProduct } from '@kabu/shared/api/follow'
import { localName } from '../../ui/price/local-name'
import { createProduct, listProducts } from '../content.api'
import { LoadState } from '../ui/LoadState'
import { useNotice } from '../ui/Notice'
import { Pager } from '../ui/Pager'
import { ProductForm } from './ProductForm'
import { AdminOnly } from '../ui/AdminOnly'
import { useLoad } from '../use-load'

/** Follow (copy-trading) products: a form to publish one, and every product, newest first. */
export default function ProductsPage() {
  const intl = useIntl()
  const [page, setPage] = useState(1)
  const products = useLoad(`products:${page}`, () => listProducts(page))
  const notice = useNotice()
  const created = (answer: unknown) => {
    const { id } = answer as { id: string }
    notice.show(intl.formatMessage({ id: 'console.products.created' }, { id }), 'success')
    setPage(1)
    products.reload()
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.products.new" />
        </Typography>
        <AdminOnly>
          <ProductForm onCreate={createProduct} onDone={created} />
        </AdminOnly>
      </Paper>
      <Box component="section">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          <FormattedMessage id="console.products.list" />
        </Typography>
        <LoadState loaded={products}>
          {(rows) => (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {rows.map((p) => (
                <ProductLine key={p.id} product={p} />
              ))}
            </Box>
          )}
        </LoadState>
        <Pager
          page={page}
          rows={products.data?.length ?? 0}
          size={OPS_PRODUCTS_PAGE_SIZE}
          onPage={setPage}
        />
      </Box>
      {notice.element}
    </Box>
  )
}

function ProductLine({ product: p }: { product: OpsProduct }) {
  const intl = useIntl()
  const at = (ms: number) => new Date(ms).toLocaleString(intl.locale)
  return (
    <Card component="li" variant="outlined" data-testid={`ops-product-${p.id}`}>
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography sx={{ flexGrow: 1, fontWeight: 500 }}>
            #{p.id} {localName(p.name, intl.locale)} · {p.issuer}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={p.phase === 'open' ? 'success' : 'default'}
            label={intl.formatMessage({ id: `console.products.phase.${p.phase}` })}
          />
          {p.simulated && (
            <Chip size="small" label={intl.formatMessage({ id: 'console.simulated' })} />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage
            id="console.products.figures"
            values={{
              rate: p.daily_rate,
              min: p.min,
              remaining: p.remaining,
              capacity: p.capacity,
              currency: p.currency,
              lock: p.lock_days,
            }}
          />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage
            id="console.products.when"
            values={{ opens: at(p.opens_at), deadline: at(p.deadline), who: p.created_by }}
          />
        </Typography>
      </CardContent>
    </Card>
  )
}
