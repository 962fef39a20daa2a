import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** Log frames (pages) at which the worker starts the log over: about 16 MB of 4 KB pages. */
const RESTART_FRAMES = 4_000
/** Log frames past which the writer checkpoints on its own again, the worker having fallen behind. */
const WRITER_TAKES_OVER_FRAMES = 64_000
/** Exported for the tests. */
export const CHECKPOINT_RESTART_FRAMES = RESTART_FRAMES

/**
 * The worker's whole program: its own connection to the store's file and, at each message, a
 * PASSIVE checkpoint (it never waits for the writer, nor the writer for it) that copies what is
 * committed into the file; past RESTART_FRAMES, a RESTART one, which waits for a moment between
 * the writer's transactions, copies the few pages committed since, and lets the next write start
 * the log from its beginning. It answers with the log's length in frames. Given as source (`eval`)
 * rather than a file: the gateway runs from TypeScript under tsx and vitest and from `dist`
 * compiled, and a worker file would need a loader for each.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file)
db.pragma('busy_timeout = 1000')
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')')[0]
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close()
    parentPort.close()
    return
  }
  let frames = -1
  try {
    frames = Number(checkpoint('PASSIVE').log)
    if (frames >= workerData.restartFrames) frames = Number(checkpoint('RESTART').log)
  } catch {
    // Busy past the timeout, or closing: the next message tries again.
  }
  parentPort.postMessage(frames)
})
`

/** Flushes before the worker starts: a short-lived store (a test's) never starts a thread. */
const START_AFTER_FLUSHES = 1_000
/** Flushes (each of one or more COMMITs) from one checkpoint to the next. */
const FLUSHES_PER_CHECKPOINT = 8

/**
 * Checkpoints the write-ahead log on a worker thread, so that the event loop does not. SQLite's own
 * (automatic) checkpoint runs in the COMMIT that takes the log past 1,000 pages: it copies them
 * into the file and waits for two fsyncs, on the event loop, every hundred or so orders, which held
 * every request and socket behind it for milliseconds (tests/load/README.md, "Orders"). Once a
 * store has written enough to need it, the worker checkpoints and the writer's automatic
 * checkpoint is switched off (`autocheckpoint(false)`); the writer takes it back if the worker
 * dies or falls far behind.
 */
export class Checkpointer {
  #worker: Worker | undefined
  #closing: Promise<void> | undefined
  #running = false
  #failed = false
  #flushes = 0
  #writerOn = true
  /** Checkpoints the worker has run, and the log's length after the last, in frames (tests). */
  checkpoints = 0
  frames = 0

  constructor(
    private readonly file: string,
    /** Switches the writer connection's own automatic checkpoint on or off. */
    private readonly autocheckpoint: (on: boolean) => void,
  ) {}

  /** After each flush of the log: starts a checkpoint when enough has been written since. */
  flushed(): void {
    this.#flushes++
    if (this.#running || this.#closing || this.#failed) return
    if (this.#flushes < (this.#worker ? FLUSHES_PER_CHECKPOINT : START_AFTER_FLUSHES)) return
    this.#flushes = 0
    this.#running = true
    this.#start().postMessage('checkpoint')
  }

  /** Waits for a running checkpoint, then ends the worker and its connection. */
  close(): Promise<void> {
    const worker = this.#worker
    if (!worker || this.#failed) return Promise.resolve()
    this.#closing ??= new Promise<void>((resolve) => {
      worker.once('exit', () => resolve())
      // Unreferenced, it would let the process end while its close is awaited.
      worker.ref()
      worker.postMessage('close')
    })
    return this.#closing
  }

  #writerCheckpoints(on: boolean): void {
    if (on === this.#writerOn) return
    this.#writerOn = on
    this.autocheckpoint(on)
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const driver = createRequire(import.meta.url).resolve('better-sqlite3')
    const workerData = { driver, file: this.file, restartFrames: RESTART_FRAMES }
    const worker = new Worker(PROGRAM, { eval: true, workerData })
    // It never keeps the process alive; a store that is never closed just loses the help.
    worker.unref()
    worker.on('message', (frames: number) => {
      this.#running = false
      this.checkpoints++
      if (frames >= 0) this.frames = frames
      this.#writerCheckpoints(this.frames > WRITER_TAKES_OVER_FRAMES)
    })
    worker.on('error', () => {
      // The thread died (out of memory, the addon refused): the writer checkpoints again.
      this.#failed = true
      this.#running = false
      this.#writerCheckpoints(true)
    })
    this.#worker = worker
    return worker
  }
}
