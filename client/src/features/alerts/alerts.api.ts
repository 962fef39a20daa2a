import type { AlertAdded, AlertItem, AlertKind, AlertsPage } from '@kabu/shared/api/alerts'
import { brokerPost } from '../../api/broker'

/** /user/alerts: one page of the caller's alerts, newest first, and how many they hold. */
export const fetchAlerts = (page: number): Promise<AlertsPage> =>
  brokerPost<AlertsPage>('/user/alerts', { page: String(page) })

/** What the add sheet sends. */
export interface AlertDraft {
  code: string
  kind: AlertKind
  value: string
  repeat: boolean
}

/** /user/alertAdd, with a fresh key so a retried send adds one alert. */
export const addAlert = (draft: AlertDraft): Promise<AlertAdded> =>
  brokerPost<AlertAdded>('/user/alertAdd', {
    code: draft.code,
    kind: draft.kind,
    value: draft.value.trim(),
    repeat: draft.repeat ? '1' : '0',
    idem: crypto.randomUUID(),
  })

export const deleteAlert = (id: string): Promise<null> => brokerPost<null>('/user/alertDel', { id })

export const pauseAlert = (id: string, paused: boolean): Promise<AlertItem> =>
  brokerPost<AlertItem>('/user/alertPause', { id, paused: paused ? '1' : '0' })
