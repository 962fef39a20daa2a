import { marketTypeSchema } from '@kabu/shared/api/user'
import type { MarketType } from '@kabu/shared/market/types'
import { useSearchParams } from 'react-router-dom'

/** A detail screen's `?type=…&id=…`: an unknown wallet is the yen one; the id is checked by the screen. */
export function useScreenParams(): { type: MarketType; id: string } {
  const [params] = useSearchParams()
  const type = marketTypeSchema.safeParse(params.get('type'))
  return { type: type.success ? type.data : 'jpy', id: params.get('id') ?? '' }
}
