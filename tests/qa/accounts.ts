import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { Target } from './target'

/**
 * The kit's own accounts: every one is registered by the kit, named `qa<seed>x<run>x<n>`, so a QA
 * engineer can tell them from customers' and nothing the kit does touches anyone else's. What a
 * machine needs before its first step (money, a verified identity, a card) is made the way a user
 * makes it, with the back office deciding where a person would.
 */

export const FUND_PASSWORD = '246813'
const passwordOf = (account: string) => `qa-${account}-Pw9`

/** Something a path needs that this target does not give the kit: the path is not covered. */
export class NotCoverable extends Error {}

export interface Accounts {
  /** A new account of the kit's, logged in. */
  fresh(): Promise<SessionGrant>
  /** `money` yen on the account: a deposit the back office approves. */
  fund(grant: SessionGrant, money: string): Promise<void>
  /** Identity verified (the back office approves it) and a fund password set. */
  verify(grant: SessionGrant): Promise<void>
  /** A bank card bound (verified first); its id. */
  bindCard(grant: SessionGrant): Promise<string>
  /** Every account made so far. */
  made: string[]
}

export async function photo(): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer()
  return new Uint8Array(png)
}

/** Uploads a photo of `kind` as the app's form does; its id. */
export async function uploadPhoto(target: Target, grant: SessionGrant, kind: string) {
  const form = new FormData()
  form.set('kind', kind)
  form.set('file', new Blob([await photo()], { type: 'image/png' }), `${kind}.png`)
  const res = await fetch(`${target.url}/api/vue/common/upload`, {
    method: 'POST',
    headers: { token: grant.token, account: grant.account },
    body: form,
  })
  const json = (await res.json()) as { status?: number; msg?: string; data?: { id: string } }
  if (json.status !== 1 || !json.data) throw new Error(`upload refused: ${json.msg}`)
  return json.data.id
}

/** Approves the one pending request of `kind` that `match` picks, as an operator would. */
export async function approvePending(
  target: Target,
  kind: string,
  match: (row: { id: string; account?: string }) => boolean,
): Promise<string> {
  if (!target.opsToken) throw new NotCoverable(`approving a ${kind} needs the back office`)
  for (let i = 0; i < 40; i++) {
    const rows = await target.ops<Array<{ id: string; account?: string }>>(
      'GET',
      `/reviews?kind=${kind}&status=pending`,
    )
    const row = rows.find(match)
    if (row) {
      await target.ops('POST', `/reviews/${kind}/${row.id}/approve`)
      return row.id
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no pending ${kind} request to approve`)
}

export function kitAccounts(target: Target, invite: string, seed: number): Accounts {
  // One run's accounts share a random part: a replay with the same seed registers new ones.
  const run = randomUUID().replace(/-/g, '').slice(0, 4)
  const made: string[] = []
  const ops = async <T>(what: string, call: () => Promise<T>) => {
    if (!target.opsToken) throw new NotCoverable(`${what} needs the back office (--ops-token)`)
    return call()
  }
  const accounts: Accounts = {
    made,
    async fresh() {
      const account = `qa${seed}x${run}x${made.length}`.slice(0, 20)
      const password = passwordOf(account)
      const form = { account, password, password2: password, invite, agree: '1' }
      const grant = await target.data<SessionGrant>('/user/register', form)
      made.push(account)
      return grant
    },
    async fund(grant, money) {
      const voucher = await uploadPhoto(target, grant, 'voucher')
      const form = { type: 'jpy', channel: 'bank_transfer', money, voucher, idem: randomUUID() }
      await ops('funding an account', async () => {
        const { id } = await target.data<{ id: string }>('/user/recharge', form, grant)
        await approvePending(target, 'deposit', (row) => row.id === id)
      })
    },
    async verify(grant) {
      const form = {
        name: '山田 太郎',
        idnumber: '123456789018',
        doctype: 'my_number',
        front: await uploadPhoto(target, grant, 'id_front'),
        back: await uploadPhoto(target, grant, 'id_back'),
        agree: '1',
      }
      await ops('verifying an identity', async () => {
        await target.data('/user/verify', form, grant)
        await approvePending(target, 'kyc', (row) => row.account === grant.account)
      })
      const login_password = passwordOf(grant.account)
      const fund = { login_password, password: FUND_PASSWORD, password2: FUND_PASSWORD }
      await target.data('/user/fundPassword', fund, grant)
    },
    async bindCard(grant) {
      await accounts.verify(grant)
      const card = await target.data<{ id: string | number }>('/user/bankAdd', bankCard(), grant)
      return String(card.id)
    },
  }
  return accounts
}

/** A Japanese bank account as the card form sends it. */
export const bankCard = () => ({
  holder: 'ヤマダ タロウ',
  bank_name: 'みずほ銀行',
  bank_code: '0001',
  branch_name: '本店',
  branch_code: '001',
  account_type: 'ordinary',
  card_number: '1234567',
  fund_password: FUND_PASSWORD,
})
