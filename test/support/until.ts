/**
 * Waits until `condition` holds, checking every few milliseconds on the real timers. For tests that fake only the
 * clock (`Date`): `expect.poll` moves faked timers and the faked clock along with its checks, which would move the
 * test's own clock behind its back. `timeoutMs` only bounds a failing wait; a passing one ends at the signal.
 */
export const until = async (
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> => {
  const deadline = performance.now() + timeoutMs
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
