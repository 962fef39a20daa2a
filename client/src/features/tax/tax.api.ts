import type { WireTaxSummary } from '@kabu/shared/api/tax'
import { brokerDownload, brokerPost } from '../../api/broker'
import type { Locale } from '../../i18n/locale'

/** /user/taxSummary: the taxable account's year, its figures and its lines. */
export function fetchTaxSummary(year: number): Promise<WireTaxSummary> {
  return brokerPost<WireTaxSummary>('/user/taxSummary', { year: String(year) })
}

/** /user/annualReport as the printable page, in the app's language. */
export async function fetchAnnualReportHtml(year: number, lang: Locale): Promise<string> {
  const page = await brokerDownload('/user/annualReport', {
    year: String(year),
    format: 'html',
    lang,
  })
  return page.text()
}

/** /user/annualReport as CSV. */
export function fetchAnnualReportCsv(year: number): Promise<Blob> {
  return brokerDownload('/user/annualReport', { year: String(year), format: 'csv' })
}
