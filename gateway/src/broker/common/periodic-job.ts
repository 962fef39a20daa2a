/**
 * A job that runs `pass` every `everyMs` once started (the matcher's siblings: the IPO job, the
 * credit job, the products and day-trading jobs), one pass at a time. `runOnce` runs a pass now,
 * after the one in flight: tests move the clock, then call it. `stop` waits for a pass in flight.
 */
export interface PeriodicJob {
  runOnce(): Promise<void>
  start(): void
  stop(): Promise<void>
}

export function periodicJob(
  pass: () => Promise<void>,
  options: { everyMs: number; onError: (error: unknown) => void; runAtStart?: boolean },
): PeriodicJob {
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<void> | null = null

  async function runOnce(): Promise<void> {
    while (running) await running.catch(() => undefined)
    const current = pass().finally(() => {
      running = null
    })
    running = current
    return current
  }
  const tick = () => {
    runOnce().catch((error: unknown) => options.onError(error))
  }

  return {
    runOnce,
    start() {
      if (timer) return
      timer = setInterval(tick, options.everyMs)
      // The http server keeps the process alive; a job alone must not.
      timer.unref()
      if (options.runAtStart) tick()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}
