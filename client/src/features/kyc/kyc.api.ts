import type { VerifyInfo } from '@kabu/shared/api/kyc'
import { vuePost } from '../../api/vue'
import type { VerifySubmission } from './kyc.machine'

/** The actors of the screen's kyc machine: the real calls. */
export const fetchVerifyInfo = () => vuePost<VerifyInfo>('/user/verifyInfo')

export async function submitVerify(submission: VerifySubmission): Promise<void> {
  await vuePost<null>('/user/verify', { ...submission })
}
