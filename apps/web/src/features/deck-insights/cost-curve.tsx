import type { CostCurve } from '@spellboard/core/deck-analysis'
import styles from './deck-insights.module.css'

const WIDTH = 300
const HEIGHT = 140
const AXIS = 20
const TOP = 18
const BAR_GAP = 10

/**
 * The cost curve as a plain SVG bar chart, an image named 'Cost curve', and its numbers as a
 * table (the chart's own text is not read out; the table is).
 */
export function CostCurveChart({ curve }: { curve: CostCurve }) {
  const most = Math.max(1, ...curve.columns.map((column) => column.copies))
  const slot = WIDTH / curve.columns.length
  const barHeight = (copies: number) => ((HEIGHT - AXIS - TOP) * copies) / most
  return (
    <>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Cost curve"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - AXIS}
          y2={HEIGHT - AXIS}
          className={styles.chartAxis}
        />
        {curve.columns.map((column, index) => {
          const height = barHeight(column.copies)
          const x = index * slot + BAR_GAP / 2
          const y = HEIGHT - AXIS - height
          return (
            <g key={column.label}>
              <rect
                x={x}
                y={y}
                width={slot - BAR_GAP}
                height={height}
                rx="3"
                className={styles.chartBar}
              />
              <text x={x + (slot - BAR_GAP) / 2} y={y - 4} className={styles.chartValue}>
                {column.copies}
              </text>
              <text x={x + (slot - BAR_GAP) / 2} y={HEIGHT - 5} className={styles.chartLabel}>
                {column.label}
              </text>
            </g>
          )
        })}
      </svg>
      <table className={styles.curveTable}>
        <caption className="visually-hidden">Copies by dice in the play cost</caption>
        <tbody>
          <tr>
            <th scope="row">Dice</th>
            {curve.columns.map((column) => (
              <td key={column.label}>{column.label}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Copies</th>
            {curve.columns.map((column) => (
              <td key={column.label}>{column.copies}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {curve.unknown > 0 ? (
        <p className={styles.muted}>
          {curve.unknown} {curve.unknown === 1 ? 'copy' : 'copies'} not counted: costs unavailable.
        </p>
      ) : null}
    </>
  )
}
