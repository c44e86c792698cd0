/**
 * Time comes through this port so that the sandbox can move it forward
 * (`POST /v1/test_helpers/advance_time`) and tests can pin it.
 * Nothing in `core/` calls `Date.now()`.
 */
export interface Clock {
  now(): Date
}
