import pg from 'pg'

/**
 * What the gateway's PostgreSQL backends are doing while orders run: pg_stat_activity sampled every
 * 20 ms (sparingly: it runs in the gateway's process and on the same server), counting the active backends of one application_name by wait event ("cpu" when
 * none). A large share of Lock:* means orders queue on row locks (the house books before issue 4's
 * shards); Client:ClientRead in "idle in transaction" means the backend waits for the gateway.
 */
export async function sampleWaits(url: string, applicationName: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const walFrom = await walPosition(client)
  const counts = new Map<string, number>()
  let samples = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' (' || state || ')' as wait
         from pg_stat_activity where application_name = $1 and state <> 'idle'`,
        [applicationName],
      )
      samples++
      for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    /** Stops sampling: the waits, and the write-ahead log written meanwhile. */
    async stop(): Promise<{ waits: string; walBytes: number }> {
      running = false
      await loop
      const walBytes = await walSince(client, walFrom)
      await client.end()
      return { waits: described(counts, samples), walBytes }
    },
  }
}

/** The server's write-ahead log position now (all its databases: run on a quiet server). */
export async function walPosition(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
  return rows[0]?.lsn ?? '0/0'
}

/** Bytes of write-ahead log written since `from`. */
export async function walSince(client: pg.Client, from: string): Promise<number> {
  const { rows } = await client.query<{ bytes: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text as bytes',
    [from],
  )
  return Number(rows[0]?.bytes ?? 0)
}

/** The top waits as "share of busy-backend samples", most frequent first. */
function described(counts: Map<string, number>, samples: number): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  if (total === 0) return `no busy backend in ${samples} samples`
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4)
  const shares = top.map(([wait, n]) => `${wait} ${((100 * n) / total).toFixed(0)} %`)
  return `${(total / samples).toFixed(1)} busy backends per sample; ${shares.join(', ')}`
}
