/** A monotonic clock the test moves by hand: an adapter paces its looks at a shared file with it. */
export const manualClock = () => {
  let now = 0
  return { read: () => now, advance: (ms: number) => (now += ms) }
}
