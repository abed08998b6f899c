import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startApi } from '../../bench/api-process.ts'
import { LOGGED_LENGTH } from './auth.ts'

type LogLine = {
  level: number
  reqId?: string
  msg: string
  req?: { method: string; url: string }
  res?: { statusCode: number }
  responseTime?: number
}

/** The JSON lines a real server wrote for each request, by request id. */
function linesByRequest(output: string): Map<string, LogLine[]> {
  const byRequest = new Map<string, LogLine[]>()
  for (const text of output.split('\n')) {
    if (!text.startsWith('{')) continue
    const line = JSON.parse(text) as LogLine
    if (!line.reqId) continue
    byRequest.set(line.reqId, [...(byRequest.get(line.reqId) ?? []), line])
  }
  return byRequest
}

describe('request logging', () => {
  it('a server at LOG_LEVEL=info writes one line per request, once it is answered', async () => {
    const api = await startApi({ env: { LOG_LEVEL: 'info' } })
    try {
      const statuses = []
      for (const url of [
        '/health-check',
        '/v2/releases',
        '/v2/cards/nothing',
        '/v2/decks?limit=x',
      ]) {
        statuses.push((await fetch(`${api.baseUrl}${url}`)).status)
      }
      const withToken = await fetch(`${api.baseUrl}/v2/releases`, {
        headers: { authorization: 'Bearer not-for-the-log', cookie: 'session=not-for-the-log' },
      })
      statuses.push(withToken.status)
      // A token that does not verify is refused, even on a public read (API.md §3.3).
      expect(statuses).toEqual([200, 200, 404, 422, 401])
    } finally {
      await api.stop()
    }
    // Through Fastify's own extension point, without a deprecation warning.
    expect(api.logs()).not.toContain('Deprecation')
    const byRequest = linesByRequest(api.logs())
    // The health checks of the start-up wait are requests too.
    expect(byRequest.size).toBeGreaterThanOrEqual(4)
    for (const lines of byRequest.values()) {
      expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'request completed' })])
    }
    // Method, address, status and time; never the request's headers.
    expect(api.logs()).not.toContain('not-for-the-log')
    for (const [reqId, [line]] of byRequest) {
      expect(line).toMatchObject({ reqId, req: { method: 'GET' } })
      expect(line?.req?.url).toMatch(/^\//)
      expect(line?.responseTime).toEqual(expect.any(Number))
    }
    const answered = [...byRequest.values()].flat().map((line) => line.res?.statusCode)
    expect(answered).toEqual(expect.arrayContaining([200, 404, 422]))
  }, 60_000)

  it('keeps the start of a long address or host and says how long it was', async () => {
    const api = await startApi({ env: { LOG_LEVEL: 'info' } })
    const padding = 'x'.repeat(12_000)
    const address = `/v2/decks?q=zzzz&k1=${padding}`
    const host = `h${'y'.repeat(8_000)}`
    try {
      expect((await fetch(`${api.baseUrl}${address}`)).status).toBe(200)
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const asked = request(`${api.baseUrl}/v2/releases`, { headers: { host } }, (answer) => {
          answer.resume()
          resolve(answer.statusCode)
        })
        asked.on('error', reject)
        asked.end()
      })
      expect(status).toBe(200)
    } finally {
      await api.stop()
    }
    const lines = [...linesByRequest(api.logs()).values()].flat()
    const long = lines.find((line) => line.req?.url.startsWith('/v2/decks?q=zzzz'))
    expect(long?.req?.url).toBe(
      `${address.slice(0, LOGGED_LENGTH)}… (${address.length} characters)`,
    )
    const hosts = lines.map((line) => (line.req as { host?: string } | undefined)?.host ?? '')
    expect(hosts).toContain(`${host.slice(0, LOGGED_LENGTH)}… (${host.length} characters)`)
    // No line holds more than its fields' excerpts, however long what was asked.
    for (const text of api.logs().split('\n')) expect(text.length).toBeLessThan(2 * 1024)
  }, 60_000)
})
