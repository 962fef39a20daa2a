import type { IntlShape } from 'react-intl'

/**
 * The text of a message's title or summary: a catalogue key is translated with its params; an
 * operator's plain text (or a key this build does not know yet) is shown as it is (API.md).
 *
 * @example messageText(intl, 'review.deposit.rejected.summary', { id: '7', reason: 'blurred photo' })
 */
export function messageText(
  intl: Pick<IntlShape, 'messages' | 'formatMessage'>,
  text: string,
  params: Record<string, string>,
): string {
  // The server's `review.kyc.approved.title` is the catalogue's `mine.message.review.kyc.approved.title`.
  const id = `mine.message.${text}`
  if (!(id in intl.messages)) return text
  return intl.formatMessage({ id }, params)
}
