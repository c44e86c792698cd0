import type { Migration, SqliteSchema } from './database.js'

/*
 * The schema of each kind of database file, as the migrations that build it. A released migration is never
 * edited: a change is a new step at the end (and a test that opens a file of the previous version).
 *
 * Every table keeps the record as a JSON document (`doc`, see json.ts) and, beside it, the columns its queries
 * filter and sort on, each query served by an index (docs/operations.md lists them). Due times are epoch
 * milliseconds, null when nothing is due (partial indexes leave those rows out). Tables of documents keep their
 * rowid (a WITHOUT ROWID table stores whole rows in its B-tree cells, slow for rows of kilobytes); only the small
 * ones drop it.
 */

/**
 * A request log's resource: its path up to the first `/` after `/v1/` (`/v1/users/usr_1/events` -> `/v1/users`),
 * the whole path when there is none. `resourceOf` in the request-log store is the same rule for a typed prefix.
 */
export const REQUEST_LOG_RESOURCE =
  "CASE WHEN instr(substr(path, 5), '/') = 0 THEN path ELSE substr(path, 1, 3 + instr(substr(path, 5), '/')) END"

/** `platform.db`: accounts and keys, idempotency records, Connect's OAuth records, the background jobs' state. */
export const PLATFORM_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'accounts, API keys, idempotency records, OAuth applications, codes, token families, refresh tokens',
    up: (db) =>
      db.exec(`
        CREATE TABLE accounts (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          platform_id TEXT,
          livemode INTEGER,
          doc TEXT NOT NULL
        );
        CREATE INDEX accounts_connected ON accounts (platform_id, livemode, seq) WHERE platform_id IS NOT NULL;
        CREATE TABLE api_keys (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          hash TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX api_keys_account ON api_keys (account_id, seq);
        CREATE TABLE idempotency_records (
          scope TEXT PRIMARY KEY,
          fingerprint TEXT NOT NULL,
          claimed_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          response TEXT
        );
        CREATE INDEX idempotency_expiry ON idempotency_records (expires_at);
        CREATE TABLE oauth_applications (
          id TEXT PRIMARY KEY,
          platform_id TEXT NOT NULL,
          livemode INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX oauth_applications_platform ON oauth_applications (platform_id, livemode);
        CREATE TABLE oauth_codes (hash TEXT PRIMARY KEY, doc TEXT NOT NULL);
        CREATE TABLE oauth_token_families (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
        CREATE TABLE oauth_refresh_tokens (hash TEXT PRIMARY KEY, doc TEXT NOT NULL);
      `),
  },
  {
    version: 2,
    description: 'the in-process scheduler keeps each periodic task’s last run and its lease',
    up: (db) =>
      db.exec(`
        CREATE TABLE scheduled_tasks (
          name TEXT PRIMARY KEY,
          interval_ms INTEGER NOT NULL,
          last_started_at INTEGER,
          last_finished_at INTEGER,
          last_error TEXT,
          runs INTEGER NOT NULL DEFAULT 0,
          lease_owner TEXT,
          lease_until INTEGER
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 3,
    description:
      'OAuth consent pages (one per consent ticket, decided once); codes and token families by connected account',
    up: (db) =>
      db.exec(`
        CREATE TABLE oauth_consents (
          ticket_hash TEXT PRIMARY KEY,
          expires_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX oauth_consents_expiry ON oauth_consents (expires_at);
        ALTER TABLE oauth_codes ADD COLUMN connected_account_id TEXT;
        UPDATE oauth_codes SET connected_account_id = json_extract(doc, '$.connectedAccountId');
        CREATE INDEX oauth_codes_connected_account ON oauth_codes (connected_account_id);
        ALTER TABLE oauth_token_families ADD COLUMN connected_account_id TEXT;
        UPDATE oauth_token_families SET connected_account_id = json_extract(doc, '$.connectedAccountId');
        CREATE INDEX oauth_token_families_connected_account ON oauth_token_families (connected_account_id);
        `),
  },
  {
    version: 4,
    description: "the dashboard's members, one-time sign-in links and sessions",
    up: (db) =>
      db.exec(`
        CREATE TABLE dashboard_members (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          email TEXT NOT NULL,
          doc TEXT NOT NULL,
          UNIQUE (account_id, email)
        );
        CREATE INDEX dashboard_members_email ON dashboard_members (email, seq);
        CREATE TABLE dashboard_sign_in_links (
          token_hash TEXT PRIMARY KEY,
          expires_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX dashboard_sign_in_links_expiry ON dashboard_sign_in_links (expires_at);
        CREATE TABLE dashboard_sessions (
          id_hash TEXT PRIMARY KEY,
          member_id TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX dashboard_sessions_member ON dashboard_sessions (member_id);
        CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at);
      `),
  },
  {
    version: 5,
    description: "the dashboard's audit log, request logs and passkeys",
    up: (db) =>
      db.exec(`
        CREATE TABLE audit_log (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          occurred_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX audit_log_account ON audit_log (account_id, seq);
        CREATE INDEX audit_log_age ON audit_log (occurred_at);
        CREATE TABLE request_logs (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          request_id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          livemode INTEGER NOT NULL,
          method TEXT NOT NULL,
          path TEXT NOT NULL,
          status INTEGER NOT NULL,
          occurred_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX request_logs_account ON request_logs (account_id, livemode, seq);
        CREATE INDEX request_logs_age ON request_logs (occurred_at);
        CREATE TABLE dashboard_passkeys (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          member_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX dashboard_passkeys_member ON dashboard_passkeys (member_id, seq);
        CREATE TABLE dashboard_passkey_challenges (
          challenge TEXT PRIMARY KEY,
          expires_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX dashboard_passkey_challenges_expiry ON dashboard_passkey_challenges (expires_at);
      `),
  },
  {
    version: 6,
    description: 'user-scoped agent tokens, looked up by the hash of their secret',
    up: (db) =>
      db.exec(`
        CREATE TABLE agent_tokens (
          id TEXT PRIMARY KEY,
          hash TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          livemode INTEGER NOT NULL,
          user_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX agent_tokens_user ON agent_tokens (account_id, livemode, user_id);
      `),
  },
  {
    version: 7,
    description: "request logs' bodies, kept apart (and shorter) than the entries; indexes for the logs' filters",
    up: (db) =>
      db.exec(`
        -- Newest first, filtered on what the index holds: a filter by method or path reads no row it does not keep.
        DROP INDEX request_logs_account;
        CREATE INDEX request_logs_account ON request_logs (account_id, livemode, seq, method, path, status);
        -- One index for a status and its class (an exact status is looked for inside its class): each index costs
        -- every request's log write (docs/performance.md).
        CREATE INDEX request_logs_status_class ON request_logs (account_id, livemode, status / 100, seq, status);
        CREATE INDEX request_logs_path ON request_logs (account_id, livemode, path, seq);
        CREATE TABLE request_log_bodies (
          seq INTEGER PRIMARY KEY,
          occurred_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX request_log_bodies_age ON request_log_bodies (occurred_at);
      `),
  },
  {
    version: 8,
    description: 'the records of the consent tickets platforms issue (never the tickets)',
    up: (db) =>
      db.exec(`
        CREATE TABLE consent_tickets (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          platform_id TEXT NOT NULL,
          livemode INTEGER NOT NULL,
          ticket_hash TEXT NOT NULL UNIQUE,
          created_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX consent_tickets_platform ON consent_tickets (platform_id, livemode, seq);
        CREATE INDEX consent_tickets_age ON consent_tickets (created_at);
      `),
  },
  {
    version: 9,
    description:
      "request logs: pruned in written order, the path filter's index by resource, statuses of 300 and above",
    up: (db) =>
      db.exec(`
        -- Pruned in written order (seq: the rows written first occurred first), not through an index of their own.
        DROP INDEX request_logs_age;
        DROP INDEX request_log_bodies_age;
        -- The path filter's index, by the path's resource (its segment after /v1/) and holding the path: requests to
        -- one resource append to one place of it, where an index of whole paths (ids in them) took a page of its own
        -- for each request (docs/performance.md).
        DROP INDEX request_logs_path;
        -- The status-class index holds the requests that did not succeed only: a successful request (most of them)
        -- is one index write fewer, and a page of 2xx is found at once in the newest-first index (it holds status).
        DROP INDEX request_logs_status_class;
        CREATE INDEX request_logs_unsuccessful ON request_logs (account_id, livemode, status / 100, seq, status)
          WHERE status >= 300;
        ALTER TABLE request_logs ADD COLUMN resource TEXT GENERATED ALWAYS AS (${REQUEST_LOG_RESOURCE}) VIRTUAL;
        CREATE INDEX request_logs_resource ON request_logs (account_id, livemode, resource, seq, path);
      `),
  },
]

/** `live.db` and `test.db`: one surface's records and its outbox. */
export const SURFACE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description:
      'outbox, users, events, webhook endpoints and deliveries, reminders, devices, invitations, connections',
    up: (db) =>
      db.exec(`
        CREATE TABLE outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          dispatched INTEGER NOT NULL DEFAULT 0,
          doc TEXT NOT NULL
        );
        CREATE INDEX outbox_pending ON outbox (seq) WHERE dispatched = 0;
        CREATE INDEX outbox_account_pending ON outbox (account_id, seq) WHERE dispatched = 0;
        CREATE INDEX outbox_account ON outbox (account_id, seq);

        CREATE TABLE users (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          email TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE UNIQUE INDEX users_account_email ON users (account_id, email);
        CREATE INDEX users_account ON users (account_id, id);

        CREATE TABLE events (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          start_time INTEGER NOT NULL,
          due_at INTEGER,
          mirror_due_at INTEGER,
          source_calendar_id TEXT,
          doc TEXT NOT NULL
        );
        CREATE INDEX events_account ON events (account_id, id);
        CREATE INDEX events_user ON events (account_id, user_id, id);
        CREATE INDEX events_user_start ON events (account_id, user_id, start_time);
        CREATE INDEX events_due ON events (due_at) WHERE due_at IS NOT NULL;
        CREATE INDEX events_account_due ON events (account_id, due_at) WHERE due_at IS NOT NULL;
        CREATE INDEX events_mirror_due ON events (mirror_due_at) WHERE mirror_due_at IS NOT NULL;
        CREATE INDEX events_account_mirror_due ON events (account_id, mirror_due_at) WHERE mirror_due_at IS NOT NULL;
        CREATE INDEX events_source_calendar ON events (account_id, source_calendar_id)
          WHERE source_calendar_id IS NOT NULL;

        CREATE TABLE webhook_endpoints (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          enabled INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, id);

        CREATE TABLE webhook_deliveries (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          endpoint_id TEXT NOT NULL,
          notification_id TEXT NOT NULL,
          is_replay INTEGER NOT NULL,
          next_attempt_at INTEGER,
          doc TEXT NOT NULL
        );
        CREATE UNIQUE INDEX webhook_deliveries_fan_out ON webhook_deliveries (notification_id, endpoint_id)
          WHERE is_replay = 0;
        CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (account_id, endpoint_id, id);
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
        CREATE INDEX webhook_deliveries_account_due ON webhook_deliveries (account_id, next_attempt_at)
          WHERE next_attempt_at IS NOT NULL;

        CREATE TABLE reminders (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          event_id TEXT NOT NULL,
          status TEXT NOT NULL,
          live_identity TEXT,
          due_at INTEGER,
          doc TEXT NOT NULL
        );
        CREATE UNIQUE INDEX reminders_live_identity ON reminders (account_id, live_identity)
          WHERE live_identity IS NOT NULL;
        CREATE INDEX reminders_event ON reminders (account_id, event_id, id);
        CREATE INDEX reminders_user ON reminders (account_id, user_id);
        CREATE INDEX reminders_due ON reminders (due_at) WHERE due_at IS NOT NULL;
        CREATE INDEX reminders_account_due ON reminders (account_id, due_at) WHERE due_at IS NOT NULL;

        CREATE TABLE devices (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          endpoint TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE UNIQUE INDEX devices_account_endpoint ON devices (account_id, endpoint);
        CREATE INDEX devices_user ON devices (account_id, user_id, id);

        CREATE TABLE invitations (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          event_id TEXT NOT NULL,
          organizer_user_id TEXT NOT NULL,
          attendee_email TEXT NOT NULL,
          attendee_user_id TEXT,
          mail_due_at INTEGER,
          doc TEXT NOT NULL
        );
        CREATE INDEX invitations_event ON invitations (account_id, event_id, id);
        CREATE INDEX invitations_attendee ON invitations (account_id, organizer_user_id, attendee_email, id);
        CREATE INDEX invitations_attendee_user ON invitations (account_id, attendee_user_id)
          WHERE attendee_user_id IS NOT NULL;
        CREATE INDEX invitations_mail_due ON invitations (mail_due_at) WHERE mail_due_at IS NOT NULL;
        CREATE INDEX invitations_account_mail_due ON invitations (account_id, mail_due_at)
          WHERE mail_due_at IS NOT NULL;
        CREATE TABLE invitation_suppressions (
          account_id TEXT NOT NULL,
          organizer_user_id TEXT NOT NULL,
          email TEXT NOT NULL,
          PRIMARY KEY (account_id, organizer_user_id, email)
        ) WITHOUT ROWID;

        CREATE TABLE connections (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          provider TEXT NOT NULL,
          email TEXT NOT NULL,
          next_sync_at INTEGER,
          doc TEXT NOT NULL
        );
        CREATE UNIQUE INDEX connections_provider_account ON connections (account_id, user_id, provider, email);
        CREATE INDEX connections_account ON connections (account_id, id);
        CREATE INDEX connections_due ON connections (next_sync_at) WHERE next_sync_at IS NOT NULL;
        CREATE INDEX connections_account_due ON connections (account_id, next_sync_at) WHERE next_sync_at IS NOT NULL;

        CREATE TABLE calendars (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          connection_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX calendars_connection ON calendars (account_id, connection_id, id);
        CREATE INDEX calendars_user ON calendars (account_id, user_id);

        CREATE TABLE oauth_states (
          state TEXT PRIMARY KEY,
          expires_at INTEGER NOT NULL,
          doc TEXT NOT NULL
        );
      `),
  },
  {
    version: 2,
    description: 'an index of the push subscriptions of connections (provider notices find theirs without a scan)',
    up: (db) =>
      db.exec(`
        CREATE TABLE connection_subscriptions (
          channel_id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE INDEX connection_subscriptions_connection ON connection_subscriptions (connection_id);
        INSERT OR IGNORE INTO connection_subscriptions (channel_id, connection_id)
          SELECT json_extract(subscription.value, '$.id'), connections.id
          FROM connections, json_each(connections.doc, '$.subscriptions') AS subscription;
      `),
  },
  {
    version: 3,
    description:
      'events by end time and by attendee (free/busy), soonest first per user (event health); tracked trips, reported positions, voice sessions and proposals; the outbox numbered by rowid (no AUTOINCREMENT)',
    up: (db) =>
      db.exec(`
        -- Rows of the outbox are never deleted, so the rowid alone grows with every insert; AUTOINCREMENT only added
        -- a write of sqlite_sequence to every commit that appends an event.
        CREATE TABLE outbox_by_rowid (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          dispatched INTEGER NOT NULL DEFAULT 0,
          doc TEXT NOT NULL
        );
        INSERT INTO outbox_by_rowid (seq, id, account_id, dispatched, doc)
          SELECT seq, id, account_id, dispatched, doc FROM outbox ORDER BY seq;
        DROP TABLE outbox;
        ALTER TABLE outbox_by_rowid RENAME TO outbox;
        CREATE INDEX outbox_pending ON outbox (seq) WHERE dispatched = 0;
        CREATE INDEX outbox_account_pending ON outbox (account_id, seq) WHERE dispatched = 0;
        CREATE INDEX outbox_account ON outbox (account_id, seq);

        ALTER TABLE events ADD COLUMN end_time INTEGER;
        UPDATE events
          SET end_time = CAST(round(unixepoch(json_extract(doc, '$.endTime."$date"'), 'subsec') * 1000) AS INTEGER);
        DROP INDEX events_user_start;
        CREATE INDEX events_user_start ON events (account_id, user_id, start_time, id);
        CREATE INDEX events_source_calendar_start ON events (account_id, source_calendar_id, start_time)
          WHERE source_calendar_id IS NOT NULL;
        CREATE TABLE event_attendees (
          event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
          account_id TEXT NOT NULL,
          email TEXT,
          user_id TEXT,
          start_time INTEGER NOT NULL,
          end_time INTEGER NOT NULL
        );
        CREATE INDEX event_attendees_event ON event_attendees (event_id);
        CREATE INDEX event_attendees_email ON event_attendees (account_id, email, start_time) WHERE email IS NOT NULL;
        CREATE INDEX event_attendees_user ON event_attendees (account_id, user_id, start_time)
          WHERE user_id IS NOT NULL;
        INSERT INTO event_attendees (event_id, account_id, email, user_id, start_time, end_time)
          SELECT events.id, events.account_id, json_extract(attendee.value, '$.email'),
            json_extract(attendee.value, '$.userId'), events.start_time, events.end_time
          FROM events, json_each(events.doc, '$.attendees') AS attendee;

        CREATE TABLE tracking_trips (
          account_id TEXT NOT NULL,
          event_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          due_at INTEGER NOT NULL,
          located_at INTEGER,
          doc TEXT NOT NULL,
          PRIMARY KEY (account_id, event_id)
        );
        CREATE INDEX tracking_trips_due ON tracking_trips (due_at);
        CREATE INDEX tracking_trips_account_due ON tracking_trips (account_id, due_at);
        CREATE INDEX tracking_trips_user_located ON tracking_trips (account_id, user_id, located_at)
          WHERE located_at IS NOT NULL;
        CREATE TABLE reported_positions (
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          recorded_at INTEGER NOT NULL,
          doc TEXT NOT NULL,
          PRIMARY KEY (account_id, user_id)
        );
        CREATE INDEX reported_positions_recorded ON reported_positions (recorded_at);
        CREATE INDEX reported_positions_account_recorded ON reported_positions (account_id, recorded_at);

        CREATE TABLE voice_sessions (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX voice_sessions_user ON voice_sessions (account_id, user_id);
        CREATE TABLE voice_proposals (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL,
          session_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX voice_proposals_session ON voice_proposals (account_id, session_id, id);
        CREATE INDEX voice_proposals_user ON voice_proposals (account_id, user_id);
      `),
  },
  {
    version: 4,
    description:
      "events' coordinates as columns: the departure monitor reads a user's neighbouring events as spans (id, times, place) without decoding their documents",
    up: (db) =>
      db.exec(`
        ALTER TABLE events ADD COLUMN location_lat REAL;
        ALTER TABLE events ADD COLUMN location_lng REAL;
        UPDATE events
          SET location_lat = json_extract(doc, '$.location.lat'), location_lng = json_extract(doc, '$.location.lng');
      `),
  },
  {
    version: 5,
    description:
      'route corrections learned from tracked arrivals: sums of log ratios per account and route bucket, forgotten by their last update',
    up: (db) =>
      db.exec(`
        CREATE TABLE route_corrections (
          account_id TEXT NOT NULL,
          bucket TEXT NOT NULL,
          samples INTEGER NOT NULL,
          sum_log_ratio REAL NOT NULL,
          sum_squared_log_ratio REAL NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (account_id, bucket)
        ) WITHOUT ROWID;
        CREATE INDEX route_corrections_updated ON route_corrections (updated_at);
        `),
  },
  {
    version: 6,
    description: "each event's departure recomputes (GET /v1/events/{id}/departure/history), bounded per event",
    up: (db) =>
      db.exec(`
        CREATE TABLE departure_history (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          event_id TEXT NOT NULL,
          doc TEXT NOT NULL
        );
        CREATE INDEX departure_history_event ON departure_history (account_id, event_id, seq);
      `),
  },
  {
    version: 7,
    description:
      "each event's version as a column: a versioned write compares it instead of reading it out of the document",
    up: (db) =>
      db.exec(`
        ALTER TABLE events ADD COLUMN version INTEGER;
        UPDATE events SET version = json_extract(doc, '$.version');
      `),
  },
]

export const PLATFORM_SCHEMA: SqliteSchema = { name: 'platform', migrations: PLATFORM_MIGRATIONS }
export const SURFACE_SCHEMA: SqliteSchema = { name: 'surface', migrations: SURFACE_MIGRATIONS }
