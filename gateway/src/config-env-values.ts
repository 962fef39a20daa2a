import { z } from 'zod'

// The value shapes the settings share (config-env.ts, config-env-products.ts).

export const flag = z.enum(['0', '1']).transform((v) => v === '1')
// Amounts in settings are whole yen as text: money never passes through a JS number.
export const yen = z.string().regex(/^\d{1,14}$/)
// A fraction such as a fee rate, as text so it never passes through a JS number.
export const rate = z.string().regex(/^0(\.\d{1,6})?$/)
export const dailyWindow = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/)

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
