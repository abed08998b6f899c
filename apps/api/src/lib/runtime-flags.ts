/**
 * V8 flags the server and the CLI run with on the embedded database (PGlite), which halve its memory
 * (docs/decisions/012-memory-of-the-embedded-database.md):
 * - `--liftoff-only`: PGlite's WebAssembly (Postgres, 9 MB of code) runs on V8's baseline
 *   compiler only. Optimising its hot functions took 500 MB more for a few seconds after
 *   every start, and the high-water mark is what a small server must have.
 * - `--max-semi-space-size=16`: a smaller young generation.
 * V8 reads these only at process start (setting them later has no effect), so a process started
 * without them replaces itself (`process.execve`: same process id, nothing left behind) with
 * the same command plus the flags.
 */
export const EMBEDDED_DATABASE_FLAGS = ['--liftoff-only', '--max-semi-space-size=16']

export function relaunchForEmbeddedDatabase(
  env: NodeJS.ProcessEnv = process.env,
  execArgv: string[] = process.execArgv,
): void {
  // An empty DATABASE_URL counts as unset (config.ts): the embedded database.
  // Windows has no execve: the server runs without the flags there.
  if (env.DATABASE_URL || !process.execve) return
  const missing = EMBEDDED_DATABASE_FLAGS.filter((flag) => !execArgv.includes(flag))
  if (missing.length === 0) return
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...execArgv, ...process.argv.slice(1)],
    env,
  )
}
