/** fanout.ts's command line (its header lists the options), read once. */
import type { Setup } from './messages'

export const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = '1'] = arg.replace(/^--/, '').split('=')
    return [key!, value] as const
  }),
)
const quick = args.has('quick')
export const list = (key: string, fallback: string) =>
  (args.get(key) ?? fallback).split(',').map((v) => Number.parseInt(v, 10))
export const CLIENTS = list('clients', quick ? '200' : '500,2000')
export const RATES = list('rates', quick ? '1000,5000' : '1000,2500,5000,10000,20000')
export const SECONDS = list('seconds', quick ? '2' : '5')[0]!
export const CODES = list('codes', '50')[0]!
export const PROCS = list('procs', '4')[0]!
export const SETUPS = (args.get('setups') ?? 'ref,hub').split(',') as Setup[]
/** The gateway setups' phones: a lean protocol client over `ws` unless --socket.io-client. */
export const SOCKET_IO_CLIENT = args.has('socket.io-client')
/** Every how many phones one parses its frames for lag and order (the rest count them). */
export const SAMPLE_EVERY = list('sample-every', '10')[0]!
/**
 * The phones' processes' nice value. 0 by default: they share the 2 cores with the servers as
 * equals, which charges the servers' figures with the phones' CPU (the Redis hop's tail above all).
 */
export const PHONES_NICE = list('phones-nice', '0')[0]!
/**
 * --profile=cpu|alloc [--profile-dir=DIR]: each server process profiles its first measured stretch
 * (profile.ts); set here, before any fork, which inherits it through its environment.
 */
if (args.has('profile')) {
  process.env.FANOUT_PROFILE = args.get('profile')
  process.env.FANOUT_PROFILE_DIR = args.get('profile-dir') ?? '.'
}
