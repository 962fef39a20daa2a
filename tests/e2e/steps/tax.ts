import { readFile } from 'node:fs/promises'
import type { WireTaxSummary } from '@kabu/shared/api/tax'
import type { Locale } from '../../../client/src/i18n/locale'
import type { Download, Page } from 'playwright-core'
import { expect } from 'vitest'
import { csvRows } from '../../api/tax.support'
import { units } from '../journey'

/**
 * The tax journey's checks (issue 36): what the 税金 screen, the 年間取引報告書 page and its CSV show,
 * each against /user/taxSummary's own figures, never against numbers written here.
 */

/**
 * An amount as a screen or the report shows it, in 1/10,000 units: the currency's sign, the
 * grouping and any label around it dropped (the three languages place the yen sign differently).
 */
export function shownUnits(text: string | null | undefined): bigint {
  const plain = (text ?? '').replaceAll('\u2212', '-').replace(/[^\d.-]/g, '')
  return units(plain)
}

const sum = (...amounts: Array<string | undefined>) =>
  amounts.reduce((total, a) => total + shownUnits(a), 0n)

/** The 税金 screen's figures and lines are the summary's, in the language shown. */
export async function expectTaxScreen(page: Page, s: WireTaxSummary): Promise<void> {
  await page.getByTestId('tax-summary').waitFor({ timeout: 15_000 })
  const shown = async (testId: string) => shownUnits(await page.getByTestId(testId).textContent())
  expect(await shown('tax-gains')).toBe(units(s.gains))
  expect(await shown('tax-losses')).toBe(units(s.losses))
  expect(await shown('tax-dividends')).toBe(units(s.dividends))
  expect(await shown('tax-net')).toBe(units(s.net))
  expect(await shown('tax-withheld-national')).toBe(units(s.withheld_national))
  expect(await shown('tax-withheld-local')).toBe(units(s.withheld_local))
  expect(await shown('tax-refunded')).toBe(units(s.refunded))
  const lineTaxes = await page.getByTestId('tax-line-tax').allTextContents()
  expect(lineTaxes.map(shownUnits)).toEqual(s.lines.map((l) => units(l.tax)))
}

const FRAME = '[data-testid="tax-report-frame"]'

/** A table of the report page as its body rows' cell texts. */
function tableOf(page: Page, testId: string): Promise<string[][]> {
  return page
    .frameLocator(FRAME)
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent ?? '')),
    )
}

/**
 * The report page, in `locale`, holds the summary's sales and dividends (a row each, by code: its
 * gain or the amount netted, and the tax it took) and its withheld and refunded totals.
 */
export async function expectReportPage(
  page: Page,
  s: WireTaxSummary,
  locale: Locale,
): Promise<void> {
  const frame = page.frameLocator(FRAME)
  await expect
    .poll(() => frame.locator('html').getAttribute('lang'), { timeout: 15_000 })
    .toBe(locale)
  expect(await frame.getByTestId('report-year').textContent()).toBe(String(s.year))
  const [sales, dividends, tax] = await Promise.all(
    ['report-sales', 'report-dividends', 'report-tax'].map((id) => tableOf(page, id)),
  )
  for (const line of s.lines) {
    if (line.kind === 'sale') {
      // date, code, name, shares, proceeds, fees, cost, gain, national, local
      const row = sales?.find((r) => r[1] === line.code)
      expect(shownUnits(row?.[7])).toBe(units(line.amount))
      expect(sum(row?.[8], row?.[9])).toBe(units(line.tax))
    } else if (line.kind === 'dividend') {
      // date, code, name, shares, gross, foreign, national, local, received
      const row = dividends?.find((r) => r[1] === line.code)
      expect(shownUnits(row?.[4]) - shownUnits(row?.[5])).toBe(units(line.amount))
      expect(sum(row?.[6], row?.[7])).toBe(units(line.tax))
    }
  }
  const [withheld, refunded] = tax ?? []
  expect([shownUnits(withheld?.[1]), shownUnits(withheld?.[2])]).toEqual([
    units(s.withheld_national),
    units(s.withheld_local),
  ])
  expect(sum(refunded?.[1], refunded?.[2])).toBe(units(s.refunded))
  // Proceeds · cost · gain · gross: the year's sales' gain is its gains less its losses.
  const totals = (await frame.getByTestId('report-totals').textContent()) ?? ''
  const gain = totals.split(' · ')[2]?.split(' ').at(-1)
  expect(shownUnits(gain)).toBe(units(s.gains) - units(s.losses))
}

/** The CSV the report page saved: named for its year, its rows and totals the summary's. */
export async function expectReportCsv(download: Download, s: WireTaxSummary): Promise<void> {
  expect(download.suggestedFilename()).toBe(`annual-report-${s.year}.csv`)
  const file = await download.path()
  const rows = csvRows(await readFile(file, 'utf8'))
  for (const line of s.lines) {
    if (line.kind !== 'sale' && line.kind !== 'dividend') continue
    const row = rows.find((r) => r.type === line.kind && r.code === line.code)
    expect(sum(row?.withheld_national, row?.withheld_local)).toBe(units(line.tax))
    if (line.kind === 'sale') expect(units(row?.gain)).toBe(units(line.amount))
  }
  const withheld = rows.find((r) => r.type === 'withheld')
  expect([units(withheld?.withheld_national), units(withheld?.withheld_local)]).toEqual([
    units(s.withheld_national),
    units(s.withheld_local),
  ])
}
