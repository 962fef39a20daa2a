import type { VerifyInfo } from '@kabu/shared/api/kyc'
import { brokerPost } from '../../api/broker'
import type { VerifySubmission } from './kyc.machine'

/** The actors of the screen's kyc machine: the real calls. */
export const fetchVerifyInfo = () => brokerPost<VerifyInfo>('/user/verifyInfo')

export async function submitVerify(submission: VerifySubmission): Promise<void> {
  await brokerPost<null>('/user/verify', { ...submission })
}
