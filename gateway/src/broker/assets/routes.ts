import { ok } from '@kabu/shared/api/envelope'
import {
  assetHistoryRequest,
  assetsRequest,
  type AssetPoint,
  type AssetsAnswer,
} from '@kabu/shared/api/assets'
import type { BrokerCalls } from '../common/broker-calls'
import type { AssetsService } from './service'

/** `/user/assets` and `/user/assetHistory`. */
export function assetsRoutes(assets: AssetsService): BrokerCalls {
  return (routes) => {
    routes.authed('/user/assets', assetsRequest, async ({ input, user }) =>
      ok<AssetsAnswer>(await assets.assets(user.userId, input.type)),
    )
    routes.authed('/user/assetHistory', assetHistoryRequest, async ({ input, user }) =>
      ok<AssetPoint[]>(await assets.history(user.userId, input.type, input.range)),
    )
  }
}
