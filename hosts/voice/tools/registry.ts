import {
  getUser,
  getInvitation,
  listCalendars,
  listConnections,
  sendInvitations,
  updatePreferences,
} from './account-tools.js'
import {
  cancelEvent,
  computeDeparture,
  createEvent,
  getDeparture,
  getEvent,
  listEvents,
  moveEvent,
  recomputeDeparture,
  searchEvents,
  updateEvent,
} from './event-tools.js'
import { cancelReminder, createReminder, listReminders, snoozeReminder } from './reminder-tools.js'
import type { Tool } from './tool.js'

/**
 * Every voice tool, in the order `session.ready` lists them. Adding one is a declaration in a tools file and one
 * line here (docs/voice.md, "Adding a tool"). Reserved for the scheduling and tracking use cases when they land:
 * find_free_busy, find_slots, suggest_times, parse_event_text, get_event_health, get_tracking_status.
 */
export const VOICE_TOOLS: readonly Tool[] = [
  getUser,
  updatePreferences,
  listEvents,
  searchEvents,
  getEvent,
  createEvent,
  moveEvent,
  updateEvent,
  cancelEvent,
  getDeparture,
  computeDeparture,
  recomputeDeparture,
  listReminders,
  createReminder,
  snoozeReminder,
  cancelReminder,
  sendInvitations,
  getInvitation,
  listConnections,
  listCalendars,
]

export const toolNamed = (name: string): Tool | undefined => VOICE_TOOLS.find((tool) => tool.name === name)
