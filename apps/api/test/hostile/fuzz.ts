import fc from 'fast-check'
import { contractProblems } from './checks.ts'
import { ENDPOINTS } from './endpoints.ts'
import { describeRequest, type HostileRequest, requestArb } from './requests.ts'
import { createWorld, type World } from './world.ts'

export type FuzzOptions = {
  runs: number
  seed?: number
  /** Record every failure and carry on (the script), or stop and shrink at the first (CI). */
  keepGoing: boolean
  /** Restore what requests wear down (bans, deleted decks, rate limits) this often. */
  replenishEvery?: number
  log?: (line: string) => void
}

export type FuzzFailure = {
  endpoint: string
  request: string
  status: number
  problems: string[]
  body: string
}

export type FuzzReport = {
  seed: number
  requests: number
  durationMs: number
  byStatus: Record<number, number>
  byEndpoint: Record<string, Record<number, number>>
  byBodyKind: Record<string, number>
  failures: FuzzFailure[]
  crashes: string[]
  /** fast-check's account of the first failure, shrunk (when not keeping going). */
  counterexample?: string
}

async function send(world: World, request: HostileRequest) {
  const authorization = await world.authorization(request.auth)
  return world.t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
}

/** Sends `runs` hostile requests across every endpoint and reports what came back. */
export async function runFuzz(options: FuzzOptions, world?: World): Promise<FuzzReport> {
  const log = options.log ?? (() => {})
  const owned = world ? undefined : await createWorld()
  const site = world ?? owned
  if (!site) throw new Error('no site to fuzz')
  const seed = options.seed ?? Date.now() % 2 ** 31
  const report: FuzzReport = {
    seed,
    requests: 0,
    durationMs: 0,
    byStatus: {},
    byEndpoint: {},
    byBodyKind: {},
    failures: [],
    crashes: [],
  }
  const onCrash = (error: unknown) => {
    report.crashes.push(error instanceof Error ? (error.stack ?? error.message) : String(error))
  }
  process.on('unhandledRejection', onCrash)
  process.on('uncaughtException', onCrash)
  const started = performance.now()
  const every = options.replenishEvery ?? 400
  const arbitrary = fc
    .constantFrom(...ENDPOINTS)
    .chain((endpoint) => requestArb(endpoint, site.pools))

  const property = fc.asyncProperty(arbitrary, async (request) => {
    if (report.requests > 0 && report.requests % every === 0) await site.replenish()
    if (report.requests > 0 && report.requests % 1000 === 0) {
      log(`  ${report.requests} requests, ${report.failures.length} failures so far`)
    }
    report.requests += 1
    let problems: string[]
    let status = 0
    let body = ''
    try {
      const response = await send(site, request)
      status = response.statusCode
      body = response.body.slice(0, 500)
      problems = contractProblems(response, request.method)
    } catch (error) {
      problems = [`the request crashed: ${error instanceof Error ? error.message : String(error)}`]
    }
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1
    const perEndpoint = report.byEndpoint[request.endpoint] ?? {}
    report.byEndpoint[request.endpoint] = perEndpoint
    perEndpoint[status] = (perEndpoint[status] ?? 0) + 1
    report.byBodyKind[request.bodyKind] = (report.byBodyKind[request.bodyKind] ?? 0) + 1
    if (problems.length === 0) return true
    report.failures.push({
      endpoint: request.endpoint,
      request: describeRequest(request),
      status,
      problems,
      body,
    })
    if (options.keepGoing) return true
    throw new Error(`${problems.join('; ')} → ${status} ${body}`)
  })

  try {
    const result = await fc.check(property, { numRuns: options.runs, seed, endOnFailure: false })
    if (result.failed) report.counterexample = fc.defaultReportMessage(result) ?? 'failed'
  } finally {
    process.off('unhandledRejection', onCrash)
    process.off('uncaughtException', onCrash)
    report.durationMs = performance.now() - started
    await owned?.close()
  }
  return report
}

/** The report as lines for a person: totals, statuses, and each distinct failure once. */
export function summarise(report: FuzzReport): string[] {
  const lines = [
    `seed ${report.seed}: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s ` +
      `(${Object.keys(report.byEndpoint).length} endpoints)`,
    `statuses: ${Object.entries(report.byStatus)
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}`,
    `bodies: ${Object.entries(report.byBodyKind)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind}×${n}`)
      .join(', ')}`,
    `5xx: ${Object.entries(report.byStatus)
      .filter(([status]) => Number(status) >= 500)
      .reduce(
        (sum, [, n]) => sum + n,
        0,
      )}, contract violations: ${report.failures.length}, crashes: ${report.crashes.length}`,
  ]
  for (const [endpoint, statuses] of Object.entries(report.byEndpoint).sort()) {
    const counts = Object.entries(statuses).map(([status, n]) => `${status}×${n}`)
    lines.push(`  ${endpoint.padEnd(40)} ${counts.join(' ')}`)
  }
  const seen = new Set<string>()
  for (const failure of report.failures) {
    const key = `${failure.endpoint} ${failure.status} ${failure.problems.join()}`
    if (seen.has(key)) continue
    seen.add(key)
    lines.push(`FAIL ${failure.endpoint}: ${failure.problems.join('; ')}`)
    lines.push(`  request: ${failure.request}`)
    lines.push(`  answer:  ${failure.body}`)
  }
  for (const crash of report.crashes) lines.push(`CRASH ${crash}`)
  if (report.counterexample) lines.push(report.counterexample)
  return lines
}
