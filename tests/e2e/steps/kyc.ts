import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Picks a photo into a hidden file input and waits for the gateway to take it. */
export async function pickPhoto(page: Page, testId: string, file: string): Promise<void> {
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/vue/common/upload'))
  await page.getByTestId(testId).setInputFiles(file)
  const answer = (await (await uploaded).json()) as { status?: number; msg?: string }
  expect(answer, `upload of ${path.basename(file)}`).toMatchObject({ status: 1 })
}

/**
 * Filled, each photo tile of the identity form still names its side (issue 34 item 20): the label
 * shows, in the words of the picked image's alt text.
 */
export async function expectPhotoSidesNamed(page: Page): Promise<void> {
  for (const side of ['front', 'back']) {
    const label = page.getByTestId(`kyc-${side}-label`)
    expect(await label.isVisible(), `${side} label`).toBe(true)
    expect(await label.textContent()).toBe(
      await page.getByTestId(`kyc-${side}`).locator('xpath=..').locator('img').getAttribute('alt'),
    )
  }
}

/** Fills the identity form's fields for a My Number card (photos apart) and agrees. */
export async function fillMyNumberIdentity(page: Page, name: string, myNumber: string) {
  await page.getByTestId('kyc-doctype-my_number').check()
  await page.getByTestId('kyc-name').fill(name)
  await page.getByTestId('kyc-idnumber').fill(myNumber)
  await page.getByTestId('kyc-agree').check()
}
