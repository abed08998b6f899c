// The parts of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    /** Every percentile it reports: p0_001 … p2_5 … p99_999. */
    [percentile: `p${string}`]: number
  }
  export type Result = {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  export type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    workers?: number
    headers?: Record<string, string>
  }
  export default function autocannon(options: Options): Promise<Result>
}
