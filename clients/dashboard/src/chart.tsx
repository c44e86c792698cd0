import { useEffect, useRef } from 'preact/hooks'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export interface ChartSeries {
  readonly label: string
  readonly color: string
  /** One per time; null where the series has no value (a gap in the line). */
  readonly values: readonly (number | null)[]
  /** Drawn against the second (right-hand) axis, `secondUnit`. */
  readonly secondAxis?: boolean
}

/**
 * A time-series chart (uPlot, bundled) with its numbers beside it as a table for screen readers and keyboards:
 * the canvas is a picture, the table is the data.
 */
export const Chart = ({
  title,
  times,
  series,
  unit,
  secondUnit,
  numbers = true,
}: {
  readonly title: string
  /** Seconds since the epoch, one per point. */
  readonly times: readonly number[]
  readonly series: readonly ChartSeries[]
  readonly unit: string
  /** The label of a second, right-hand axis for the series with `secondAxis`. */
  readonly secondUnit?: string
  /** Without its own numbers table: the page shows the numbers in a table of its own. */
  readonly numbers?: boolean
}) => {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (element === null) return
    const width = Math.max(280, Math.min(element.clientWidth, 1200))
    const plot = new uPlot(
      {
        width,
        height: 220,
        series: [
          {},
          ...series.map((each) => ({
            label: each.label,
            stroke: each.color,
            width: 2,
            scale: each.secondAxis === true ? 'second' : 'y',
            points: { show: times.length < 3 },
          })),
        ],
        axes: [
          {},
          { label: unit, size: 60, scale: 'y' },
          ...(secondUnit === undefined ? [] : [{ label: secondUnit, size: 60, scale: 'second', side: 1 as const }]),
        ],
        legend: { show: true },
        cursor: { show: true },
      },
      [times as number[], ...series.map((each) => each.values as (number | null)[])],
      element,
    )
    return () => plot.destroy()
  }, [times, series, unit, secondUnit])
  const round = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(2)
  return (
    <figure class="chart card" data-points={times.length}>
      <figcaption>{title}</figcaption>
      <div ref={box} class="chart-box" aria-hidden="true" />
      {numbers && (
        <details>
          <summary>Show the numbers ({times.length} points)</summary>
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Time (UTC)</th>
                  {series.map((each) => (
                    <th scope="col" key={each.label}>
                      {each.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {times.map((time, index) => (
                  <tr key={time}>
                    <td>{new Date(time * 1000).toISOString().replace('T', ' ').slice(0, 16)}</td>
                    {series.map((each) => (
                      <td key={each.label}>{round(each.values[index])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  )
}
