import type { NewsArticle, OpsNews } from '@kabu/shared/api/news'
import type { OperatorRoleName, OpsMessage } from '@kabu/shared/api/ops'
import type { OpsProduct, OpsProductBody, Product } from '@kabu/shared/api/follow'
import { opsCall } from './api'

/** The console's content desks: follow products, news and messages to customers. */

export const listProducts = (page: number) => opsCall<OpsProduct[]>('GET', `/products?page=${page}`)
export const createProduct = (body: OpsProductBody) => opsCall<Product>('POST', '/products', body)

/** A line of the news desk: every article, withdrawn ones too. */
export type DeskArticle = NewsArticle & { published: boolean }

export const listNews = (page: number) => opsCall<DeskArticle[]>('GET', `/news?page=${page}`)
export const publishNews = (body: OpsNews) => opsCall<NewsArticle>('POST', '/news', body)

export const sendMessage = (body: OpsMessage) =>
  opsCall<{ sent: number }>('POST', '/messages', body)

/** A message an operator sent, as the audit trail keeps it (the gateway lists sent ones nowhere else). */
export interface SentMessage {
  id: string
  operator: string
  /** `user:<account>` or `users:all`. */
  target: string
  at: number
  after: { title: string; summary: string; count: number }
}

/** The messages among the newest page of the audit trail. */
export const recentMessages = async (): Promise<SentMessage[]> => {
  const rows = await opsCall<Array<SentMessage & { action: string }>>('GET', '/audit?page=1')
  return rows.filter((r) => r.action === 'message.send')
}

export interface OperatorRow {
  id: string
  login: string
  display_name: string
  role: OperatorRoleName
  disabled: boolean
  created_at: number
}

export const listOperators = () => opsCall<OperatorRow[]>('GET', '/operators')
export const createOperator = (body: {
  login: string
  display_name: string
  role: OperatorRoleName
  password: string
}) => opsCall<{ id: string; login: string }>('POST', '/operators', body)
