import { err, ok, type Result } from './result.js'

/**
 * The one shape of every state machine (docs/architecture.md, "State machines: the
 * shape to copy"): a table written as data says which commands each status accepts
 * and which statuses each may lead to; one handler per command type computes the
 * new state and its events; `runTransition` ties them together.
 */

/** Status x command type -> the statuses the command may lead to. A missing cell: the command is refused. */
export type TransitionTable<Status extends string, CommandType extends string> = Readonly<
  Record<Status, Readonly<Partial<Record<CommandType, readonly Status[]>>>>
>

/** What an accepted command did: the new state and the domain events to append with its write (none when nothing changed). */
export interface TransitionOutcome<State, Event> {
  readonly state: State
  readonly events: readonly Event[]
}

/** One handler per command type, each given its own variant of the command. */
export type TransitionHandlers<State, Command extends { readonly type: string }, Event> = {
  readonly [Type in Command['type']]: (
    state: State,
    command: Extract<Command, { readonly type: Type }>,
  ) => TransitionOutcome<State, Event>
}

export interface StateMachine<Status extends string, State, Command extends { readonly type: string }, Event, Refusal> {
  /** Names the machine in the error a handler that strays from the table throws. */
  readonly name: string
  readonly table: TransitionTable<Status, Command['type']>
  /** Where a state stands in the table: its `status`, or the state itself when the machine moves a bare status. */
  readonly statusOf: (state: State) => Status
  readonly handlers: TransitionHandlers<State, Command, Event>
  /** The expected failure for a command the table does not allow from the state. */
  readonly refuse: (state: State, command: Command) => Refusal
}

/**
 * One step: a command the table does not list for the state's status is refused;
 * otherwise its handler runs, and a target the table does not list is a bug (throws).
 */
export const runTransition = <Status extends string, State, Command extends { readonly type: string }, Event, Refusal>(
  machine: StateMachine<Status, State, Command, Event, Refusal>,
  state: State,
  command: Command,
): Result<TransitionOutcome<State, Event>, Refusal> => {
  const from = machine.statusOf(state)
  const allowedTargets = machine.table[from][command.type as Command['type']]
  if (allowedTargets === undefined) return err(machine.refuse(state, command))
  const handler = machine.handlers[command.type as Command['type']] as (
    state: State,
    command: Command,
  ) => TransitionOutcome<State, Event>
  const outcome = handler(state, command)
  const to = machine.statusOf(outcome.state)
  if (!allowedTargets.includes(to)) throw new Error(`${machine.name} table has no ${from} --${command.type}--> ${to}`)
  return ok(outcome)
}
