/**
 * V8 flags the server and the CLI run with (docs/decisions/012-memory-of-the-embedded-database.md).
 *
 * On either database, for the JavaScript heap:
 * - `--max-semi-space-size=8`: a young generation of at most 2 × 8 MB. Left to itself, Node 24
 *   sizes it from the machine's memory: 2 × 64 MB on a 24 GB machine, all of it resident after
 *   a burst of requests.
 * - `--heap-growing-percent=25`: after each full collection the old generation may grow by a
 *   quarter of what survived before the next one. With the default heap limit (4 GB on such a
 *   machine) V8 lets it grow up to fourfold, so garbage from requests (addresses, answers, query
 *   rows) piled up to 150 MB before being collected, and the process kept those pages; at 50 %
 *   10,000 requests to new addresses still left 60 MB of garbage resident (decision 012).
 *   This sets no limit: a process that needs more memory still gets it.
 * - `--no-allocation-site-pretenuring`: V8 otherwise starts allocating the objects of a place
 *   in the code straight into the old generation once many of them outlive a young collection.
 *   Under load a server sometimes fell into that for objects that die with their request (which
 *   place, and when, differed from run to run): the old generation then filled with them and was
 *   collected whole every fifth of a second (87 full collections in 15 s against 7), and a kept
 *   read took 57 µs of CPU instead of 33. Without it every request's garbage stays young; runs
 *   that did not fall into it took the same CPU with it as without (decision 014).
 *
 * On the embedded database (PGlite), which halves its memory:
 * - `--liftoff-only`: PGlite's WebAssembly (Postgres, 9 MB of code) runs on V8's baseline
 *   compiler only. Optimising its hot functions took 500 MB more for a few seconds after
 *   every start, and the high-water mark is what a small server must have.
 *
 * V8 reads these only at process start (setting them later has no effect), so a process started
 * without them replaces itself (`process.execve`: same process id, nothing left behind) with
 * the same command plus the flags.
 */
export const HEAP_FLAGS = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=25',
  '--no-allocation-site-pretenuring',
]
export const EMBEDDED_DATABASE_FLAGS = ['--liftoff-only', ...HEAP_FLAGS]

/** The flags a process needs on the database `env` names. */
export function runtimeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  // An empty DATABASE_URL counts as unset (config.ts): the embedded database.
  return env.DATABASE_URL ? HEAP_FLAGS : EMBEDDED_DATABASE_FLAGS
}

export function relaunchWithRuntimeFlags(
  env: NodeJS.ProcessEnv = process.env,
  execArgv: string[] = process.execArgv,
): void {
  relaunchWith(runtimeFlags(env), env, execArgv)
}

/**
 * The process as started, plus those of `flags` it was started without (`npm run bench`, whose
 * embedded database runs in its own process, takes EMBEDDED_DATABASE_FLAGS whatever database
 * DATABASE_URL names).
 */
export function relaunchWith(
  flags: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  execArgv: string[] = process.execArgv,
): void {
  // Windows has no execve: the process runs without the flags there.
  if (!process.execve) return
  const missing = flags.filter((flag) => !execArgv.includes(flag))
  if (missing.length === 0) return
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...execArgv, ...process.argv.slice(1)],
    env,
  )
}
