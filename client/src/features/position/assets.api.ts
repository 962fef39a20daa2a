import type { AssetPoint, AssetRange, AssetsAnswer, AssetsType } from '@kabu/shared/api/assets'
import { brokerPost } from '../../api/broker'

/** Valuation's calls (issue 36): net assets at market and the history of closes. */

export const fetchAssets = (type: AssetsType) => brokerPost<AssetsAnswer>('/user/assets', { type })

export const fetchAssetHistory = (type: AssetsType, range: AssetRange) =>
  brokerPost<AssetPoint[]>('/user/assetHistory', { type, range })
