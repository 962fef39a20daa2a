/** The IPC between the benchmark (parent), its server process and its client processes. */

/**
 * a: raw `ws` reference; b: the gateway's /quotes hub; rooms: one socket.io room per code (a
 * trade-off probe); relay-leader / relay-follower: the hub of one of two gateways sharing one
 * market through Redis (issue 16): the leader's market publishes, both hubs feed from the relay;
 * proxy: the hub fed by the kabu STATION streaming proxy from a local kabu STATION (issue 38);
 * hub+alerts: the hub beside the leader's alert watcher on the same market (issue 37).
 */
export type Setup =
  'ref' | 'hub' | 'hub+alerts' | 'rooms' | 'relay-leader' | 'relay-follower' | 'proxy'

export type ToServer =
  | { type: 'rate'; ticksPerSecond: number }
  /** `settle`: collect garbage first, so the heap figure is what is live (the stall check). */
  | { type: 'usage'; settle?: boolean }
  | { type: 'stop' }

export type FromServer =
  | { type: 'listening'; port: number }
  | {
      type: 'usage'
      cpuMicros: number
      rssBytes: number
      /** JS heap plus Buffers outside it (what sockets hold). */
      heapBytes: number
      produced: number
      /** `ticks` messages sent, and those sent to a client under one frame after its last. */
      framesSent: number
      framesTooSoon: number
      /** Time between two frames to one client, 1 ms buckets, since the last `usage`. */
      gaps: number[]
      /** The server's event loop delay p99 since the last `usage`. */
      loopDelayP99Ms: number
      /**
       * Its longest stall (a GC pause, a turn without a core): one sample among thousands of the
       * loop's, but every tick it holds up waits it out, so it weighs on the ticks' p99.
       */
      loopDelayMaxMs: number
      /**
       * Relay setups: tick creation (at the leader) → heard from Redis here; proxy: tick creation
       * (in the feed process) → published by the proxy here. 1 ms buckets.
       */
      relayLag: number[]
      /** hub+alerts: the `alert:triggered` events the watcher has pushed since it started. */
      alertsFired: number
      /**
       * Garbage collections since the last `usage`: scavenges (minor), mark-compacts (major), and
       * their summed duration (wall time, so it swings with the machine; the counts do not).
       */
      gc: { minor: number; major: number; pauseMs: number }
    }

/** The Redis hop's reference process (redis-probe.ts). */
export type ToProbe = { type: 'reset' } | { type: 'report' } | { type: 'stop' }
export type FromProbe = { type: 'ready' } | { type: 'report'; hops: number[] }

export type ToClients =
  | {
      type: 'connect'
      setup: Setup
      port: number
      watchlists: string[][]
      /** The real socket.io-client instead of the lean protocol client (every phone parses). */
      socketIoClient: boolean
      /** Every how many phones one parses its frames for lag and order. */
      sampleEvery: number
    }
  | { type: 'reset' }
  | { type: 'report' }
  /** The first `count` clients of this process stop reading their socket. */
  | { type: 'pause'; count: number }
  | { type: 'stop' }

export type FromClients =
  { type: 'connected'; clients: number; ms: number } | { type: 'report'; report: ClientReport }

/** What one client process saw since the last reset (paused clients left out). */
export interface ClientReport {
  clients: number
  messages: number
  ticks: number
  /** Tick creation → client, 1 ms buckets (sampled phones). */
  lag: number[]
  /** A message's newest tick → client, 1 ms buckets: how late a frame is after it was current (sampled). */
  late: number[]
  /** A tick older (lower seq) than one this client already had for the code (sampled phones). */
  olderAfterNewer: number
  /** Two messages reaching one client less than (frame − slack) apart. */
  tooSoon: number
}
