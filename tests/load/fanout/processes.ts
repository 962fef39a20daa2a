import { fork, type ChildProcess } from 'node:child_process'
import { setPriority } from 'node:os'
import path from 'node:path'
import { Histogram } from './histogram'
import type {
  ClientReport,
  FromClients,
  FromProbe,
  FromServer,
  Setup,
  ToClients,
  ToProbe,
  ToServer,
} from './messages'

const here = import.meta.dirname

/** The next IPC message of a child that matches, or an error if the child dies first. */
function next<T extends { type: string }, K extends T['type']>(
  child: ChildProcess,
  type: K,
): Promise<Extract<T, { type: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return
      child.off('message', onMessage)
      child.off('exit', onExit)
      resolve(message as Extract<T, { type: K }>)
    }
    const onExit = (code: number | null) =>
      reject(new Error(`child exited (${code}) before ${type}`))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
}

/** The server process of one setup (fork inherits tsx's loader through execArgv). */
export async function startServer(setup: Setup, extra: string[] = []) {
  const child = fork(path.join(here, 'server-process.ts'), [setup, ...extra], {
    execArgv: [...process.execArgv, '--expose-gc'],
  })
  const send = (message: ToServer) => child.send(message)
  const { port } = await next<FromServer, 'listening'>(child, 'listening')
  return {
    port,
    setRate: (ticksPerSecond: number) => send({ type: 'rate', ticksPerSecond }),
    usage: (settle = false) => {
      const answer = next<FromServer, 'usage'>(child, 'usage')
      send({ type: 'usage', settle })
      return answer
    },
    stop: () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      send({ type: 'stop' })
      return exited
    },
  }
}

/** The Redis hop's reference (redis-probe.ts), publishing on `channel` until stopped. */
export async function startRedisProbe(url: string, channel: string) {
  const child = fork(path.join(here, 'redis-probe.ts'), [url, channel])
  const send = (message: ToProbe) => child.send(message)
  await next<FromProbe, 'ready'>(child, 'ready')
  return {
    reset: () => send({ type: 'reset' }),
    hops: async () => {
      const answer = next<FromProbe, 'report'>(child, 'report')
      send({ type: 'report' })
      return new Histogram((await answer).hops)
    },
    stop: () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      send({ type: 'stop' })
      return exited
    },
  }
}

/**
 * `watchlists` spread over `processes` client processes, at the scheduling priority `nice` (0: the
 * same as the servers'; higher: the servers first on shared cores, as where phones are elsewhere).
 */
export async function startClients(
  setup: Setup,
  port: number,
  watchlists: string[][],
  processes: number,
  socketIoClient: boolean,
  sampleEvery: number,
  nice = 0,
) {
  const children = Array.from({ length: processes }, () => {
    const child = fork(path.join(here, 'client-process.ts'))
    if (nice !== 0 && child.pid !== undefined) setPriority(child.pid, nice)
    return child
  })
  const share = (i: number) => watchlists.filter((_, k) => k % processes === i)
  const connected = children.map((child) => next<FromClients, 'connected'>(child, 'connected'))
  children.forEach((child, i) =>
    child.send({
      type: 'connect',
      setup,
      port,
      watchlists: share(i),
      socketIoClient,
      sampleEvery,
    } satisfies ToClients),
  )
  const ms = Math.max(...(await Promise.all(connected)).map((c) => c.ms))
  const broadcast = (message: ToClients) => children.forEach((child) => child.send(message))
  return {
    connectMs: ms,
    reset: () => broadcast({ type: 'reset' }),
    reports: async (): Promise<ClientReport[]> => {
      const answers = children.map((child) => next<FromClients, 'report'>(child, 'report'))
      broadcast({ type: 'report' })
      return (await Promise.all(answers)).map((a) => a.report)
    },
    /** `count` clients in all stop reading, spread over the processes. */
    pause: (count: number) =>
      children.forEach((child, i) =>
        child.send({
          type: 'pause',
          count: Math.floor(count / processes) + (i < count % processes ? 1 : 0),
        } satisfies ToClients),
      ),
    stop: () =>
      Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.send({ type: 'stop' } satisfies ToClients)
          return exited
        }),
      ),
  }
}
