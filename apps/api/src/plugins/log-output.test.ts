import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { describe, expect, it } from 'vitest'
import { startApi } from '../../bench/api-process.ts'
import { LOG_BUFFER_BYTES } from './log-output.ts'

/** The process's resident memory, in MB (Linux). */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024

/** `amount` requests for a ~500-character address, 16 at a time; the statuses other than 200. */
async function flood(baseUrl: string, amount: number): Promise<number> {
  // An unknown query key: the answer is not kept, so only the log line stays behind.
  const url = `${baseUrl}/v2/releases?padding=${'p'.repeat(480)}`
  const result = await autocannon({ url, connections: 16, amount })
  return result.non2xx + result.errors
}

describe('the log output while stdout is not read', () => {
  it('holds at most its bound, drops the rest and says how many once stdout is read again', async () => {
    const api = await startApi({ env: { LOG_LEVEL: 'info' } })
    try {
      api.holdOutput(true)
      // Enough to fill the pipe and the bound (about 0.75 KB a line), and warm the server.
      expect(await flood(api.baseUrl, 10_000)).toBe(0)
      const before = rssMb(api.pid)
      // Held, these lines alone would take about 22 MB more.
      expect(await flood(api.baseUrl, 30_000)).toBe(0)
      const grown = rssMb(api.pid) - before
      expect(grown).toBeLessThan(12)

      api.holdOutput(false)
      const warningLine = () =>
        api
          .logs()
          .split('\n')
          .find((text) => text.includes('log output was blocked'))
      await expect.poll(warningLine, { timeout: 10_000 }).toBeDefined()
      const warning = JSON.parse(warningLine() ?? '{}') as { dropped?: number }
      // Of 40,000 lines, what the bound and the pipe could hold was written; the rest counted.
      const held = Math.ceil(LOG_BUFFER_BYTES / 700) + 200
      expect(warning.dropped).toBeGreaterThanOrEqual(40_000 - held)
      expect(warning.dropped).toBeLessThan(40_000)
      // Lines are written again as they come.
      const answered = await fetch(`${api.baseUrl}/v2/releases?after=1`)
      expect(answered.status).toBe(200)
      await expect
        .poll(() => api.logs().includes('"url":"/v2/releases?after=1"'), { timeout: 5000 })
        .toBe(true)
    } finally {
      // A stopping server writes what it holds: its output must be read for it to exit.
      api.holdOutput(false)
      await api.stop()
    }
  }, 180_000)
})
