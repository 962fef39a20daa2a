import { pino, type DestinationStream, type Logger } from 'pino'
import type { Config } from './config'

export type { Logger }

/**
 * Fields that hold a credential wherever they appear one level down in a log call (`body`,
 * `fields`, `headers`, …): the session token, the login password and its confirmation, the fund
 * password, the old password of a change, the operator's bearer token and cookies.
 */
export const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.token',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.password2',
  '*.old',
  '*.login_password',
  '*.fund_password',
]

/**
 * JSON lines on stdout (what log collectors read), or on `destination` (a test reading what was
 * logged). Credentials are redacted wherever a log call might carry them: request headers hold
 * session tokens, bodies hold passwords.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  }
  return destination ? pino(options, destination) : pino(options)
}

/**
 * Plain text on the logger's own stream, after every line logged before it: pino writes stdout
 * asynchronously, so `process.stdout.write` would overtake lines still on their way (the start
 * banner landed above the demo's last log line).
 */
export function writeAfterLogged(logger: Logger, text: string): void {
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]
  if (!stream) throw new Error('the logger has no stream')
  stream.write(text)
}
