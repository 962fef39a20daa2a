import type { BlockOffer } from '@kabu/shared/api/block'
import type { MarketType } from '@kabu/shared/market/types'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { Header } from '../../ui/Header'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { RequireSession } from '../../ui/RequireSession'
import { LabelRow } from '../../ui/LabelRow'
import { fetchOffers } from './block.api'
import { Loaded, OfferChips, useBlockFormat } from './BlockParts'
import { useBlockRead } from './use-block'

/** /home/large: the block offers whose window is open or coming, per market. */
export function BlockOffersScreen() {
  const [type, setType] = useState<MarketType>('jpy')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="home.block.title" />} />
      <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1 }}>
        <Button component={Link} to="/home/large2" size="small" data-testid="block-pending-link">
          <FormattedMessage id="home.block.pending" />
        </Button>
        <Button component={Link} to="/home/large3" size="small" data-testid="block-decided-link">
          <FormattedMessage id="home.block.decided" />
        </Button>
      </Stack>
      <MarketTypeTabs testIdPrefix="block-market-" value={type} onChange={setType} />
      <Offers key={type} type={type} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 2 }}>
        <FormattedMessage id="home.block.rule" />
      </Typography>
    </RequireSession>
  )
}

function Offers({ type }: { type: MarketType }) {
  const { state, reload } = useBlockRead(() => fetchOffers(type), [type])
  return (
    <Loaded load={state} onRetry={reload} empty={<FormattedMessage id="home.block.noOffers" />}>
      {(offers) => (
        <Stack spacing={1} sx={{ p: 2 }} data-testid="block-offers">
          {offers.map((o) => (
            <OfferCard key={o.id} offer={o} type={type} />
          ))}
        </Stack>
      )}
    </Loaded>
  )
}

function OfferCard({ offer, type }: { offer: BlockOffer; type: MarketType }) {
  const f = useBlockFormat()
  return (
    <Card variant="outlined">
      <CardActionArea
        component={Link}
        to={`/home/largeInfo?id=${offer.id}&type=${type}`}
        data-testid={`block-offer-${offer.id}`}
      >
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle2">
              {f.name(offer)}{' '}
              <Typography component="span" variant="caption">
                {offer.code}
              </Typography>
            </Typography>
            <OfferChips offer={offer} />
          </Stack>
          <LabelRow label={<FormattedMessage id="home.block.price" />}>
            {f.money(offer.price, offer.currency)} (−{offer.discount}%)
          </LabelRow>
          <LabelRow label={<FormattedMessage id="home.block.available" />}>
            {f.shares(offer.available)}
          </LabelRow>
          <LabelRow label={<FormattedMessage id="home.block.minBuy" />}>
            {f.shares(offer.min_buy)}
          </LabelRow>
          <LabelRow label={<FormattedMessage id="home.block.window" />}>
            {f.time(offer.opens_at)} – {f.time(offer.closes_at)}
          </LabelRow>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}
