/** The body of an /api/vue call: form fields, `undefined` ones left out (spec §7: form-encoded POST). */
export type FormParams = Record<string, string | number | undefined>

export function encodeForm(params: FormParams = {}): string {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) form.append(name, String(value))
  }
  return form.toString()
}

/** `user/login`, `/user/login` and `//user/login` all name the same call. */
export function brokerUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}
