import fc from 'fast-check'
import type { z } from 'zod'

/**
 * Request forms derived from the /api/vue calls' own zod schemas (zod 4; the maintained
 * zod-fast-check targets zod 3's internals, so this walks zod 4's `_zod.def` itself).
 *
 * A form is what a phone sends: flat string fields, a repeated field becomes an array. Only the
 * zod types our schemas use are known; any other type throws, so a schema that grows a new kind of
 * field makes the tests that use this fail until it is taught here, rather than be fuzzed blindly.
 */

export type FormValue = string | string[]
export type FormBody = Record<string, FormValue>

// zod 4 keeps every schema's definition at `_zod.def`; the fields read here are stable in v4.
interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  element?: z.ZodType
  entries?: Record<string, string | number>
  values?: unknown[]
  checks?: Array<{ _zod: { def: CheckDef } }>
}
interface CheckDef {
  check: string
  format?: string
  pattern?: RegExp
  minimum?: number
  maximum?: number
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The object at the heart of a request schema (through refines, pipes and transforms). */
export function formShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema)
  if (def.type === 'object') return def.shape!
  if (def.type === 'pipe') {
    return defOf(def.out!).type === 'transform' ? formShape(def.in!) : formShape(def.out!)
  }
  throw new Error(`a request schema must be an object, not ${def.type}`)
}

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def)
}

/** A string of the field's own rules: its pattern, within its lengths. */
function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def)
  const patterns = checks.filter((c) => c.format === 'regex').map((c) => c.pattern!)
  const min = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum!))
  const maxes = checks.filter((c) => c.check === 'max_length').map((c) => c.maximum!)
  const max = maxes.length ? Math.min(...maxes) : Math.max(min, 24)
  const fits = (s: string) => s.length >= min && s.length <= max && patterns.every((p) => p.test(s))
  const [first] = patterns
  const base = first
    ? fc.stringMatching(first)
    : fc.string({ minLength: min, maxLength: Math.min(max, min + 24) })
  // fast-check's filter retries forever, synchronously, beyond any test timeout: a pattern whose
  // strings seldom meet the lengths (`[a-z]+` of 80 or more) is said here, not left to hang a run.
  if (!fc.sample(base, 200).some(fits))
    throw new Error(
      `zod-form: strings of ${String(first)} seldom have ${min}–${max} characters: put the lengths in the pattern`,
    )
  return base.filter(fits)
}

/** A value the field accepts (undefined: the field is left out of the form). */
export function validField(schema: z.ZodType): fc.Arbitrary<FormValue | undefined> {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
      return stringArbitrary(def)
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!).map(String))
    case 'literal':
      return fc.constantFrom(...def.values!.map(String))
    case 'number':
    case 'bigint':
      return fc.integer({ min: 0, max: 1_000_000 }).map(String)
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
      return fc.option(validField(def.innerType!), { nil: undefined, freq: 4 })
    case 'pipe':
      // `.transform(f)` is a pipe into a transform: what arrives is its input. z.preprocess and
      // `.transform(trim).pipe(rules)` end in a schema: a value of those rules arrives unchanged
      // through our transforms (trim, NFKC), so generate for the end.
      return validField(defOf(def.out!).type === 'transform' ? def.in! : def.out!)
    case 'union':
      return fc.oneof(...def.options!.map(validField))
    case 'array':
      return fc
        .array(validField(def.element!), { maxLength: 3 })
        .map((values) => values.filter((v): v is string => typeof v === 'string'))
    case 'transform':
    case 'custom': // z.instanceof: no form field can be one (an upload comes as multipart)
      return fc.string({ maxLength: 12 })
    default:
      throw new Error(`zod-form: no arbitrary for zod type "${def.type}"`)
  }
}

/**
 * Values a field's meaning suggests where its schema says little (an amount is a free string the
 * service reads): mixed with the schema's own values, by field name.
 */
export type FieldHints = Record<string, fc.Arbitrary<string>>

/** A form the schema's fields accept one by one (a refine across fields may still refuse it). */
export function validForm(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<FormBody> {
  const fields = Object.entries(formShape(schema)).map(([name, field]) => {
    const own = validField(field)
    const hint = hints[name]
    const fits = (v: string) => field.safeParse(v).success
    // A hint the field never accepts (an amount hint on an enum) is left out, not filtered forever.
    const usable = hint !== undefined && fc.sample(hint, 20).some(fits)
    const value = usable ? fc.oneof(own, hint.filter(fits)) : own
    return value.map((v) => [name, v] as const)
  })
  return fc.tuple(...fields).map((pairs) => {
    const form: FormBody = {}
    for (const [name, value] of pairs) if (value !== undefined) form[name] = value
    return form
  })
}

/** Values no field of ours wants: wrong types, edges of numbers, injections, odd unicode. */
const hostileValue: fc.Arbitrary<FormValue> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999999',
    '0x1F',
    '１２３',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '__proto__',
    'null',
    'true',
    '\u202e\u0000',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 }),
)

/**
 * A form built from a valid one and then broken: a field dropped, given a hostile value, sent
 * twice, or joined by fields the call does not know; or no form at all.
 */
export function malformedForm(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<FormBody> {
  const names = Object.keys(formShape(schema))
  const valid = validForm(schema, hints)
  const broken: Array<fc.Arbitrary<FormBody>> = [
    fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileValue, { maxKeys: 4 }),
    fc
      .tuple(valid, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileValue))
      .map(([form, extra]) => ({ ...extra, ...form })),
  ]
  if (names.length) {
    const name = fc.constantFrom(...names)
    broken.push(
      fc.tuple(valid, name).map(([form, dropped]) => {
        const { [dropped]: _gone, ...rest } = form
        return rest
      }),
      fc.tuple(valid, name, hostileValue).map(([form, field, value]) => ({
        ...form,
        [field]: value,
      })),
      fc.tuple(valid, name).map(([form, field]) => ({
        ...form,
        [field]: [String(form[field] ?? ''), String(form[field] ?? '')],
      })),
    )
  }
  return fc.oneof(...broken)
}

/** The urlencoded body of a form (an array is the field repeated, as a browser sends it). */
export function encodeForm(form: FormBody): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(form)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v)
  }
  return params.toString()
}

/** Every pattern a field's strings must match, through optional, default, pipe and union. */
export function fieldPatterns(schema: z.ZodType): RegExp[] {
  const def = defOf(schema)
  const own = checksOf(def)
    .filter((c) => c.format === 'regex')
    .map((c) => c.pattern!)
  const inner = [def.innerType, def.in, def.out, ...(def.options ?? [])].filter(
    (s): s is z.ZodType => s !== undefined,
  )
  return [...own, ...inner.flatMap(fieldPatterns)]
}
