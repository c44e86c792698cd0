import type { Tool } from '../../../core/agent/agent-tool.js'
import {
  getInvitation,
  getUser,
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
import { findFreeBusy, findSlots, getEventHealth, parseEventText, suggestTimes } from './scheduling-tools.js'
import { getTrackingStatus } from './tracking-tools.js'

/**
 * Every agent tool, served on the voice WebSocket and over MCP, in the order `session.ready` and `tools/list` list
 * them. Adding one is a declaration in a tools file and one line here (docs/voice.md, "Adding a tool").
 */
export const AGENT_TOOLS: readonly Tool[] = [
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
  findFreeBusy,
  findSlots,
  suggestTimes,
  parseEventText,
  getEventHealth,
  getTrackingStatus,
]
