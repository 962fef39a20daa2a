import type { Page } from 'playwright-core'
import { MY_NUMBER, photo } from '../support/identity'
import { brokerApi } from '../support/broker'

/**
 * The identity steps a journey takes through the API rather than its screens (money.test.ts walks
 * those): the page's own stored session sends them, so the screens then see the same user.
 */
async function pageSession(page: Page): Promise<{ token: string; account: string }> {
  const [token, account] = await page.evaluate(() => [
    localStorage.getItem('tokend'),
    localStorage.getItem('account'),
  ])
  if (!token || !account) throw new Error('the page holds no session')
  return { token, account }
}

async function send(page: Page, baseUrl: string, path: string, form: Record<string, string>) {
  const answer = await brokerApi(baseUrl, path, form, await pageSession(page))
  if (answer.status !== 1) throw new Error(`${path} refused: ${answer.msg ?? answer.http}`)
  return answer.data
}

/** Uploads one sharp-made photo as `kind` (id_front, id_back); the upload's id. */
async function uploadPhoto(page: Page, baseUrl: string, kind: string): Promise<string> {
  const form = new FormData()
  form.set('kind', kind)
  const bytes = new Uint8Array(await photo('png', { width: 320, height: 200 }))
  form.set('file', new Blob([bytes], { type: 'image/png' }), `${kind}.png`)
  const res = await fetch(`${baseUrl}/api/vue/common/upload`, {
    method: 'POST',
    headers: await pageSession(page),
    body: form,
  })
  const answer = (await res.json()) as { status?: number; msg?: string; data?: { id: string } }
  if (answer.status !== 1 || !answer.data) throw new Error(`upload refused: ${answer.msg}`)
  return answer.data.id
}

/** Sends the page's user's identity (My Number, two photos) for review. */
export async function sendIdentity(page: Page, baseUrl: string): Promise<void> {
  await send(page, baseUrl, '/user/verify', {
    name: '山田 太郎',
    idnumber: MY_NUMBER,
    doctype: 'my_number',
    front: await uploadPhoto(page, baseUrl, 'id_front'),
    back: await uploadPhoto(page, baseUrl, 'id_back'),
    agree: '1',
  })
}

/** Sets the page's user's fund password (first time: the login password authorises it). */
export async function setFundPassword(
  page: Page,
  baseUrl: string,
  loginPassword: string,
  fundPassword: string,
): Promise<void> {
  await send(page, baseUrl, '/user/fundPassword', {
    login_password: loginPassword,
    password: fundPassword,
    password2: fundPassword,
  })
}

/** The page's user's getUserinfo of one wallet (`jpyyjed` is its loan debt). */
export async function userinfoOf(
  page: Page,
  baseUrl: string,
  type: string,
): Promise<Record<string, string>> {
  return (await send(page, baseUrl, '/user/getUserinfo', { type })) as Record<string, string>
}
