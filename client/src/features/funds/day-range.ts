/** Days (YYYY-MM-DD, as the gateway counts them in Tokyo) the records are limited to; '' = open. */
export interface DayRange {
  from: string
  to: string
}

export const ALL_DAYS: DayRange = { from: '', to: '' }

/**
 * The last day a records calendar offers: six months after `today` (spec §9's calendar default),
 * on the phone's own calendar; a month too short for the day ends on its last day.
 *
 * @example calendarMax(new Date(2026, 7, 31)) // '2027-02-28'
 */
export function calendarMax(today: Date): string {
  const target = new Date(today.getFullYear(), today.getMonth() + 6, 1)
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()
  target.setDate(Math.min(today.getDate(), lastDay))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${target.getFullYear()}-${two(target.getMonth() + 1)}-${two(target.getDate())}`
}
