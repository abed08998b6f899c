import { runCli } from './run-cli.ts'

// Operator commands: `npm run cli -- <command>` and `npm run import -- <folder>`.
const code = await runCli(process.argv.slice(2), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
})
process.exit(code)
