import { describe, expect, it } from 'vitest'
import { createLogger, REDACTED_PATHS } from './logger'

function captured(): { lines: string[]; write(line: string): void } {
  const lines: string[] = []
  return { lines, write: (line) => void lines.push(line) }
}

describe('the logger redacts credentials', () => {
  const secrets = {
    token: 'tok-9a8b7c6d5e4f',
    password: 'login-pass-1234',
    password2: 'login-pass-1234',
    old: 'old-pass-5678',
    login_password: 'login-pass-again',
    fund_password: '864213',
    authorization: 'Bearer ops-token-abcdef',
    cookie: 'sid=cookie-secret',
  }

  it('never writes a password, a fund password, a token or a cookie, in a body or in headers', () => {
    const out = captured()
    const logger = createLogger({ logLevel: 'info' }, out)
    const { token, authorization, cookie } = secrets
    const headers = { token, authorization, cookie, account: 'demo0001' }
    logger.info({ body: secrets, req: { headers } }, 'call')
    const text = out.lines.join('')
    for (const value of Object.values(secrets)) expect(text).not.toContain(value)
    // What is not a secret stays readable: the account, and where each secret was.
    expect(text).toContain('demo0001')
    expect(JSON.parse(text)).toMatchObject({
      body: { fund_password: '[redacted]', token: '[redacted]', login_password: '[redacted]' },
    })
  })

  it('would leak a fund password without its redaction path (the guard, broken on purpose)', async () => {
    const out = captured()
    const { pino } = await import('pino')
    const paths = REDACTED_PATHS.filter((p) => p !== '*.fund_password')
    pino({ redact: { paths, censor: '[redacted]' } }, out).info({ body: secrets }, 'call')
    expect(out.lines.join('')).toContain(secrets.fund_password)
  })
})
