import { gzipSync } from 'node:zlib'

/**
 * Hostile and malformed input, shared by the bad-input test. The form probes fill the fields they
 * are given: the test gives each call its own fields, read from its request schema in the route
 * table, and a few it does not expect (FOREIGN_FIELDS), so a new call or field is covered for free.
 */
export const FOREIGN_FIELDS = ['account', 'id', 'type', 'money', 'page']

export interface Probe {
  name: string
  body: string
  contentType?: string
  /** Extra request headers, e.g. a content-encoding the body does not honour. */
  headers?: Record<string, string>
}

const FORM = 'application/x-www-form-urlencoded'

export const HUGE_BODY = `account=${'a'.repeat(10 * 1024 * 1024)}`
/** 10 MB of form gzipped to a few KB: the limit must apply to what it inflates to. */
export const GZIP_BOMB = gzipSync(HUGE_BODY)

/** Bodies that fill `fields` with hostile values, and bodies that are not our forms at all. */
export function formProbes(fields: readonly string[]): Probe[] {
  const everyField = (value: string) =>
    fields.map((f) => `${f}=${encodeURIComponent(value)}`).join('&')
  const everyFieldRaw = (raw: string) => fields.map((f) => `${f}=${raw}`).join('&')
  return [
    { name: 'nothing', body: '' },
    { name: 'empty fields', body: everyField('') },
    {
      name: 'wrong types',
      body: 'type=42&num=abc&price=-1e309&id=NaN&money=1e999&agree=2&page=-1',
    },
    { name: 'objects as fields', body: fields.map((f) => `${f}[b]=1&${f}[c][d]=2`).join('&') },
    { name: 'arrays as fields', body: fields.map((f) => `${f}=a&${f}=b&${f}[]=c`).join('&') },
    { name: 'prototype keys', body: '__proto__[admin]=1&constructor[prototype][x]=1&toString=1' },
    { name: 'SQL in every field', body: everyField("' OR '1'='1'; DROP TABLE users; --") },
    { name: 'SQL in the account', body: "account=demo0001'--&password=x' OR 1=1--&old=' OR ''='" },
    {
      name: 'script in every field',
      body: everyField('<script>alert(1)</script>"><img src=x onerror=alert(1)>'),
    },
    { name: 'NUL bytes', body: everyFieldRaw('demo0001%00') },
    { name: 'invalid UTF-8', body: everyFieldRaw('%ED%A0%80%C0%AF%FF%FE') },
    { name: 'malformed escapes', body: 'account=%E0%A4%A&password=%&type=%zz' },
    { name: 'unicode junk', body: everyField('\u202e\u200b😀ｱｶｳﾝﾄ\uffff𝕏\u0301\u0301\u0301') },
    { name: 'long fields under the limit', body: everyField('x'.repeat(3000)) },
    { name: 'too many fields', body: Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&') },
    {
      name: 'JSON instead of a form',
      body: JSON.stringify({ account: 'demo0001', password: { $ne: null }, type: ['jpy'] }),
      contentType: 'application/json',
    },
    { name: 'JSON labelled as a form', body: '{"account":"demo0001","password":"x"}' },
    { name: 'plain text', body: 'account=demo0001', contentType: 'text/plain' },
    {
      name: 'multipart',
      body: '--X\r\ncontent-disposition: form-data; name="account"\r\n\r\ndemo0001\r\n--X--\r\n',
      contentType: 'multipart/form-data; boundary=X',
    },
    { name: 'unknown charset', body: 'account=a', contentType: `${FORM}; charset=ebcdic` },
    { name: 'gzip that is not', body: 'account=a', headers: { 'content-encoding': 'gzip' } },
    { name: 'unknown encoding', body: 'account=a', headers: { 'content-encoding': 'zstd-ish' } },
  ]
}

/** Query strings for the GET routes of /api/market. */
export const QUERY_PROBES = [
  '',
  '?q=&codes=&code=&interval=&market=&by=&from=&to=&adjust=',
  `?q=${encodeURIComponent("' OR 1=1 --")}&codes=${encodeURIComponent("7203','AAPL")}&code=${encodeURIComponent("'; DROP TABLE users;--")}`,
  `?q=${encodeURIComponent('<script>alert(1)</script>')}&code=${encodeURIComponent('<img src=x>')}`,
  '?q=%00&codes=%00&code=%00&market=%00',
  '?q=%ED%A0%80&codes=%FF&code=%C0%AF&market=%E0%A4%A',
  '?codes=7203&codes=AAPL&code=7203&code=AAPL&q[x]=1&market[y]=jp',
  `?codes=${Array.from({ length: 5000 }, (_, i) => String(i)).join(',')}`,
  `?q=${'x'.repeat(4000)}`,
  '?code=7203&interval=99y&from=abc&to=-1&adjust=sideways',
  '?code=7203&interval=1m&from=-9999999999999&to=99999999999999999999',
  '?code=NOPE&interval=1d&market=xx&by=everything',
  `?q=${encodeURIComponent('\u202e😀ｱｶｳﾝﾄ\uffff')}&code=${encodeURIComponent('７２０３')}`,
]
