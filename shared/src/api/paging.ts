import { z } from 'zod'

/**
 * A page number of a list form field: 1 when absent, anything but a small positive integer refused.
 *
 * @example z.object({ page: pageSchema }).parse({}) // { page: 1 }
 */
export const pageSchema = z
  .string({ error: 'invalid_input' })
  .regex(/^[1-9]\d{0,5}$/, 'invalid_input')
  .default('1')
  .transform(Number)
