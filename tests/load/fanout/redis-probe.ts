/**
 * The Redis hop's reference (fanout.ts --cluster): a process with nothing else to do publishes a
 * timestamp on a channel of its own every PROBE_EVERY_MS and hears it back on a second
 * connection, as the relay does, while the gateways and phones run. Its p99 is what this machine
 * makes of a Redis hop at that moment (the scheduler handing two cores to every process, Redis's
 * turn included); the gateways' hop beside it tells what they add. Driven over IPC:
 * argv REDIS_URL, channel; messages 'reset' | 'report' | 'stop' (messages.ts, ToProbe).
 */
import { createClient } from 'redis'
import { Histogram } from './histogram'
import type { FromProbe, ToProbe } from './messages'

/** About as often as the leader publishes its batches (synthetic-market.ts's EMIT_MS). */
const PROBE_EVERY_MS = 5

const [url, channel] = process.argv.slice(2) as [string, string]
const publisher = createClient({ url })
const subscriber = publisher.duplicate()
await Promise.all([publisher.connect(), subscriber.connect()])
let hops = new Histogram()
// Date.now() as the relay's quotes carry it, so both hops are read with the same clock.
await subscriber.subscribe(channel, (sent) => hops.add(Date.now() - Number(sent)))
const timer = setInterval(() => void publisher.publish(channel, String(Date.now())), PROBE_EVERY_MS)

const send = (message: FromProbe) => process.send!(message)
process.on('message', (message: ToProbe) => {
  if (message.type === 'reset') hops = new Histogram()
  else if (message.type === 'report') send({ type: 'report', hops: hops.counts })
  else {
    clearInterval(timer)
    void Promise.all([publisher.close(), subscriber.close()]).then(() => process.exit(0))
  }
})
send({ type: 'ready' })
