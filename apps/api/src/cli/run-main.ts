import { streamProgress } from './progress.ts'
import { runCli } from './run-cli.ts'

/** Text from data (names, another site's answers) never drives the terminal: no control codes. */
const printable = (line: string) => line.replace(/\p{Cc}/gu, (code) => (code === '\n' ? code : ''))

// Operator commands: `npm run cli -- <command>` and `npm run import -- <folder>|--from <URL>`.
const progress = streamProgress(process.stderr)
const code = await runCli(process.argv.slice(2), {
  log: (line) => console.log(printable(line)),
  error: (line) => console.error(printable(line)),
  progress: { ...progress, line: (text) => progress.line(printable(text)) },
})
process.exit(code)
