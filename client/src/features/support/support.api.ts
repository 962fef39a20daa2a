import type {
  SupportSendRequest,
  SupportSent,
  SupportThreadDetail,
  SupportThreadItem,
} from '@kabu/shared/api/support'
import { brokerPost } from '../../api/broker'

export interface SupportThreadsPage {
  list: SupportThreadItem[]
}

/** /user/supportThreads: one page of the user's conversations, latest activity first. */
export function fetchThreads(page: number): Promise<SupportThreadsPage> {
  return brokerPost<SupportThreadsPage>('/user/supportThreads', { page: String(page) })
}

/** /user/supportThread: one conversation with its newest messages; the server marks it read. */
export function fetchThread(id: string): Promise<SupportThreadDetail> {
  return brokerPost<SupportThreadDetail>('/user/supportThread', { id })
}

/** /user/supportSend: a message (a new conversation without `thread`), idempotent on `idem`. */
export function sendMessage(input: SupportSendRequest): Promise<SupportSent> {
  const form: Record<string, string> = { text: input.text ?? '', idem: input.idem }
  if (input.thread) form.thread = input.thread
  if (input.image) form.image = input.image
  return brokerPost<SupportSent>('/user/supportSend', form)
}
