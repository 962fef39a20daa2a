import { pino, type Logger } from 'pino'
import type { Config } from './config'

export type { Logger }

/**
 * JSON lines on stdout (what log collectors read). Credentials are redacted wherever a log call might
 * carry them: request headers hold session tokens, bodies hold passwords.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        '*.password',
        '*.password2',
        '*.old',
      ],
      censor: '[redacted]',
    },
  })
}
