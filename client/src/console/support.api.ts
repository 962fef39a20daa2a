import type {
  SupportStatus,
  SupportThreadDetail,
  SupportThreadItem,
} from '@kabu/shared/api/support'
import { opsCall } from './api'

export type OpsThread = SupportThreadItem & { account: string }

export const listThreads = (status: SupportStatus) =>
  opsCall<OpsThread[]>('GET', `/support?status=${status}`)
export const readThread = (id: string) =>
  opsCall<SupportThreadDetail & { thread: OpsThread }>('GET', `/support/${id}`)
export const replyThread = (id: string, text: string) =>
  opsCall('POST', `/support/${id}/reply`, { text })
export const closeThread = (id: string) => opsCall('POST', `/support/${id}/close`)
