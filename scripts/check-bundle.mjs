// The CI guard of the first-load budget (docs/decisions/002-initial-js-budget.md): the initial
// JavaScript of the web build, gzipped, must stay within 90 KB. Run after `npm run build`
// (WEB_DIST picks another build folder); exits 1 when over. `npm run bench:web` reports more.
import { distFolder, INITIAL_JS_BUDGET_KB, initialJavaScript, kb } from './bundle-report.mjs'

const initial = initialJavaScript(distFolder())
for (const { file, kb: size } of initial.files) console.log(`${kb(size)}  ${file}`)
console.log(`${kb(initial.kb)}  initial JavaScript (budget ${INITIAL_JS_BUDGET_KB} KB)`)
if (initial.kb > INITIAL_JS_BUDGET_KB) {
  console.error(
    `Initial JavaScript is over budget by ${(initial.kb - INITIAL_JS_BUDGET_KB).toFixed(2)} KB: ` +
      'move what the first render does not need behind a lazy import.',
  )
  process.exit(1)
}
