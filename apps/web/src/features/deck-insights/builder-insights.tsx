import { BuilderProblems } from './builder-problems.tsx'
import { FirstFivePanel } from './first-five-panel.tsx'
import { useBuilderLookup } from './use-builder-lookup.ts'

/** The builder pane's 'Problems' and 'First Five', over the costs of the open deck's cards. */
export function BuilderInsights() {
  const { lookup, pending } = useBuilderLookup()
  return (
    <>
      <BuilderProblems lookup={lookup} />
      <FirstFivePanel lookup={lookup} pending={pending} />
    </>
  )
}
