/** The middle value (the upper one of an even count): a benchmark's figure over its runs. */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
