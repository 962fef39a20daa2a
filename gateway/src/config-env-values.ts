import { z } from 'zod'

// The value shapes the settings share (config-env.ts, config-env-products.ts).

export const flag = z.enum(['0', '1']).transform((v) => v === '1')
// Amounts in settings are whole yen as text: money never passes through a JS number.
export const yen = z.string().regex(/^\d{1,14}$/)
// A fraction such as a fee rate, as text so it never passes through a JS number.
export const rate = z.string().regex(/^0(\.\d{1,6})?$/)
export const dailyWindow = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/)

/** `HH:MM` as minutes after midnight. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/**
 * A window inside one local day, `HH:MM-HH:MM`, start before end, as minutes after local midnight
 * (the end exclusive).
 */
export const dayWindow = dailyWindow
  .transform((text) => ({ open: minutesOf(text.slice(0, 5)), close: minutesOf(text.slice(6)) }))
  .refine((w) => w.open < w.close, 'the window must start before it ends, within the day')

/** Comma-separated http(s) origins; unset → none. */
export const originList = () =>
  z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
