// japanese-holidays ships no types (and @types/japanese-holidays is not installed); only what
// calendar code calls is declared. Pulled in with a triple-slash reference from holidays.ts so
// that gateway and client builds, which include only their own src, see it too.
declare module 'japanese-holidays' {
  interface JapaneseHoliday {
    month: number
    date: number
    name: string
  }
  const JapaneseHolidays: {
    /** Holidays of a year in Japan time, with substitute holidays unless `furikae` is false. */
    getHolidaysOf(year: number, furikae?: boolean): JapaneseHoliday[]
  }
  export default JapaneseHolidays
}
