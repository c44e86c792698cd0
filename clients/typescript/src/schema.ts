/**
 * Generated from the service's OpenAPI document by `npm run client:generate`: do not edit.
 * A test fails when this file differs from what the contracts generate.
 */
export interface paths {
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OAuth 2.0 authorization server metadata (RFC 8414)
         * @description The authorization server's metadata (RFC 8414): its endpoints, grant types, scopes and PKCE method, for OAuth clients to discover. No key.
         */
        get: operations["oauthServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OAuth 2.0 protected resource metadata at the bare well-known path (RFC 9728)
         * @description The same document as `/.well-known/oauth-protected-resource/mcp`, for clients that look at the bare well-known path. No key.
         */
        get: operations["protectedResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OAuth 2.0 protected resource metadata of /mcp (RFC 9728)
         * @description The MCP endpoint's protected resource metadata (RFC 9728), named by the `WWW-Authenticate: Bearer resource_metadata` challenge of a 401 from `/mcp`: the resource's URL, this surface's authorization server, the scopes and the bearer method, for MCP clients to discover. No key.
         */
        get: operations["mcpProtectedResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The interactive API reference: examples, code samples, and calls tried against the sandbox
         * @description The interactive API reference rendered from this document, with examples and code samples; calls can be tried against the sandbox. Served from this process, no key.
         */
        get: operations["apiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hosted/invitations/{id}/respond": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted response page linked from the e-mail (HTML; `token` query parameter)
         * @description The HTML page the invitation e-mail links to: the event and accept, maybe and decline buttons, addressed by the invitation id and its token. No key; a wrong token gives a page saying the link is not valid.
         */
        get: operations["hostedRespondPage"];
        put?: never;
        /**
         * Form post of the response page (application/x-www-form-urlencoded: token, status)
         * @description Target of the response page's form: records the attendee's answer as `respondToInvitation` does and shows a confirmation page. No key; the token authorizes it.
         */
        post: operations["hostedRespondSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hosted/invitations/{id}/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted unsubscribe page linked from the e-mail (HTML; `token` query parameter)
         * @description The HTML page the invitation e-mail's unsubscribe link opens, with a confirm button. No key; the token addresses it.
         */
        get: operations["hostedUnsubscribePage"];
        put?: never;
        /**
         * Form post of the unsubscribe page (application/x-www-form-urlencoded: token)
         * @description Target of the unsubscribe page's form: records the attendee's unsubscription (`invitation.unsubscribed`) and answers a confirmation page. No key; the token authorizes it.
         */
        post: operations["hostedUnsubscribeSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization endpoint: response_type=code, client_id, redirect_uri, scope, state, code_challenge (S256), login_hint (consent ticket); the consent page
         * @description The OAuth authorization endpoint (code flow with PKCE S256): shows the consent page for the ticket in `login_hint`, or redirects back with an error. Without `login_hint` (a client that started the flow itself, such as an MCP client) a valid request shows a page asking for the consent code the platform gives its administrator, which sends the same request again with it. An unknown client or unregistered redirect URI gets a page and is never redirected.
         */
        get: operations["oauthAuthorize"];
        put?: never;
        /**
         * The consent page's form (application/x-www-form-urlencoded): the request's parameters, the page's consent token (consent) and decision; counts only as the decision of the page last shown for its ticket, with what it showed, once per ticket
         * @description Target of the consent page's form: redirects to `redirect_uri` with a code (or an error) and the state. Only the decision of the page last shown for the ticket counts, once, with what that page showed.
         */
        post: operations["oauthAuthorizeDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dynamic client registration (RFC 7591): a public client with PKCE registers itself (20 per hour per address)
         * @description Registers a public OAuth client (no secret; PKCE S256 on every authorization) with its redirect URIs, as MCP clients do on first contact. The client belongs to no platform: it obtains tokens only through a platform's consent ticket for one of its connected accounts, and then acts for that connected account with the scopes its administrator allowed. No key; limited to 20 registrations per hour per client address. Errors follow RFC 7591.
         */
        post: operations["oauthRegisterClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token revocation (RFC 7009): revokes the grant the token belongs to
         * @description Revokes an access or refresh token (RFC 7009), and with it the grant it belongs to: every token of the grant stops working. Authenticated by the client's credentials.
         */
        post: operations["oauthRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint (application/x-www-form-urlencoded): grant_type authorization_code (with code_verifier) or refresh_token
         * @description The OAuth token endpoint: exchanges an authorization code (with its `code_verifier`) or a refresh token for an access token acting for one connected account. With `resource` (RFC 8707) the access token is bound to that protected resource (the surface's `/mcp` URL is the one there is; any other is `invalid_target`) and is valid there only. Errors follow RFC 6749.
         */
        post: operations["oauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the secret and restricted keys of this surface, newest first
         * @description Lists the secret and restricted keys of this surface, newest first, with their permissions but never the secrets. Needs a secret key.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create a restricted key (rk_) of this surface; the answer carries the full key, shown only here
         * @description Creates a restricted key (`rk_`) of this surface with the given permissions and an optional IP allowlist. The answer carries the full key, shown only here. Needs a secret key.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a key (never its secret)
         * @description Returns one key's metadata (type, permissions, allowlist, status), never its secret. Needs a secret key.
         */
        get: operations["retrieveApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key now (a rolled key still within its expiry too)
         * @description Revokes a key now: requests with it answer 401 from then on. A rolled key still within its expiry can be revoked too. Needs a secret key.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a key: a new key with the same grants; the old one works on for expires_in_seconds (0 to 7 days)
         * @description Replaces a key with a new one with the same grants, answered once; the old key keeps working for `expires_in_seconds` (0 to 7 days) so deployments can switch. Needs a secret key.
         */
        post: operations["rollApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connected_accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the platform's connected accounts on this surface, newest first
         * @description Lists your platform's connected accounts on this surface, newest first. Pages with `limit` and a cursor.
         */
        get: operations["listConnectedAccounts"];
        put?: never;
        /**
         * Connect: create a connected account (cpa_) on this surface; act for it with Service-Account
         * @description Connect: creates an account (`cpa_`) that your platform manages on this surface. Act for it by sending its id in `Service-Account` with your key.
         */
        post: operations["createConnectedAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connected_accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a connected account
         * @description Returns one connected account of your platform.
         */
        get: operations["retrieveConnectedAccount"];
        put?: never;
        post?: never;
        /**
         * Delete a connected account and all its data (users through their delete cascade, webhook endpoints)
         * @description Deletes a connected account and all its data: its users (through their deletion cascade) and its webhook endpoints. Irreversible.
         */
        delete: operations["deleteConnectedAccount"];
        options?: never;
        head?: never;
        /**
         * Update a connected account's name or e-mail
         * @description Changes a connected account's name or e-mail.
         */
        patch: operations["updateConnectedAccount"];
        trace?: never;
    };
    "/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connections, newest first; filter by user and provider
         * @description Lists calendar connections, newest first, filtered by `user_id` and `provider`. Pages with `limit` and a cursor; tokens are never shown.
         */
        get: operations["listConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a connection; expand[]=calendars inlines its calendars
         * @description Returns one connection with its sync status; `expand[]=calendars` inlines its calendars.
         */
        get: operations["retrieveConnection"];
        put?: never;
        post?: never;
        /**
         * Disconnect: revoke provider tokens, stop push channels and syncing; synced events stay
         * @description Disconnects: revokes the provider tokens, stops push channels and syncing. Events already synced stay, no longer updated.
         */
        delete: operations["deleteConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{id}/calendars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calendars of a connection
         * @description Lists the calendars of a connection, each with whether it is selected for sync and whether write-back is allowed.
         */
        get: operations["listCalendars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{id}/calendars/{calId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Select or deselect a calendar for sync, allow or stop write-back (idempotent)
         * @description Selects or deselects a calendar for sync, and allows or stops writing the user's events back to it. Idempotent.
         */
        patch: operations["updateCalendar"];
        trace?: never;
    };
    "/v1/connections/{id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Immediate full sync (1 per minute per connection)
         * @description Runs a full sync of the connection now instead of waiting for the provider's push or the next poll. Limited to 1 per minute per connection (429). A provider failure during the sync does not fail the request: it is recorded on the connection.
         */
        post: operations["refreshConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Server-side callback: exchange the code your return_url received (start with callback 'server')
         * @description Completes a connection started with `callback: server`: exchanges the code your `return_url` received for provider tokens and creates the connection, which then syncs its calendars.
         */
        post: operations["completeConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/icloud/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted iCloud (beta) sign-in page: Apple ID and app-specific password (HTML form). Reached by the redirect of POST /v1/connections/start: its credential is the state, never a key; 404 route_not_found where iCloud is not offered (production without ICLOUD_CALDAV_URL, and the sandbox)
         * @description The hosted iCloud (beta) sign-in page: a form for the Apple ID and an app-specific password, reached by the redirect of `startConnection`. Its state is its credential; 404 where iCloud is not offered.
         */
        get: operations["icloudSignInPage"];
        put?: never;
        /**
         * The sign-in page's form target (application/x-www-form-urlencoded): checks the password with iCloud, then redirects to the callback with code and state. Its credential is the state, never a key; 404 route_not_found where iCloud is not offered
         * @description Target of the iCloud sign-in form: checks the password with iCloud, then redirects to the callback with a code and the state. A refused password answers the page again (400).
         */
        post: operations["icloudSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service's OAuth redirect URI: exchanges the code, then redirects (302) to return_url with connection_id and state
         * @description The service's OAuth redirect URI, which the provider sends the user back to: exchanges the code for tokens, then redirects (302) to your `return_url` with `connection_id` and `state`, or `error` and `state`.
         */
        get: operations["oauthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/push/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Google Calendar push notifications (events.watch channels), verified by the channel token
         * @description Receives Google Calendar push notifications for the connection's watch channels, verified by the channel token, and starts a sync of that connection. Called by Google, not by API clients.
         */
        post: operations["googlePush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/push/microsoft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Microsoft Graph change notifications: answers the validation handshake (validationToken) and accepts notifications whose clientState matches
         * @description Receives Microsoft Graph change notifications whose clientState matches, and answers Graph's validation handshake by echoing `validationToken`. Called by Microsoft, not by API clients.
         */
        post: operations["microsoftPush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the provider OAuth flow (PKCE); answers the redirect_url to send the user to
         * @description Starts connecting a user's calendar provider (Google, Microsoft, iCloud or the sandbox provider) with OAuth and PKCE. Answers the `redirect_url` to send the user to; nothing is connected until the callback.
         */
        post: operations["startConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/departure/compute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Departure window for a hypothetical trip; persists nothing
         * @description Computes a departure window for a hypothetical trip (origin, destination, arrival time, travel mode) without creating an event. Nothing is stored and no webhook is sent.
         */
        post: operations["computeDeparture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events, newest first; filter by user and start time
         * @description Lists events in the list envelope, newest first, filtered by `user_id` and by start time (`start_time[gte]`, `start_time[lt]`). Pages with `limit` (1 to 100) and a cursor.
         */
        get: operations["listEvents"];
        put?: never;
        /**
         * Create an event; a future event with a location is monitored
         * @description Creates an event for a user. A future event with a location is monitored: its first departure window is computed during the request, and `event.created` (then `departure.computed`) is sent; the answer's `Location` header names the new event.
         */
        post: operations["createEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description Returns one event with its monitoring status and latest departure window. An event of another account or surface is 404.
         */
        get: operations["retrieveEvent"];
        put?: never;
        post?: never;
        /**
         * Delete an event; monitoring stops
         * @description Deletes an event: monitoring stops and `event.deleted` carries its last state. The answer is the event as it was, with `deleted: true`; later calls are 404.
         */
        delete: operations["deleteEvent"];
        options?: never;
        head?: never;
        /**
         * Update an event; a new time, place or travel recomputes the window
         * @description Changes the given fields. A new time, place or travel puts monitoring back to `pending` and recomputes the window at once; a title or category change keeps it. Sends `event.updated`, and `departure.updated` when the window changed.
         */
        patch: operations["updateEvent"];
        trace?: never;
    };
    "/v1/events/{id}/departure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest cached departure window of an event
         * @description Returns the latest departure window computed for the event (when to leave, travel time, traffic, weather) from cache, without calling any provider. 409 `departure_unavailable` when none could be computed yet.
         */
        get: operations["retrieveDeparture"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/departure/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event's departure recomputes over time, newest first (the last 500 kept)
         * @description Lists every stored recompute of the event's departure window, newest first: when it was computed, the earliest and latest departure, travel minutes, traffic level, confidence, data quality, what triggered it (creation, the schedule, a read, a requested recompute, tracking), the weather it was computed with and the departure thresholds passed by then. Only recomputes that succeeded are recorded, at most 500 per event (the oldest go first); a new entry is visible on every host within a second. The history is deleted with its event and with its user. Pages with `limit` and `starting_after`.
         */
        get: operations["listDepartureHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/departure/recompute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fresh routing, traffic and weather lookup (4 per minute per event)
         * @description Computes a fresh departure window now with new routing, traffic and weather lookups, and stores it (sending `departure.updated` when it changed). Limited to 4 calls per minute per event (429).
         */
        post: operations["recomputeDeparture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of an event: score, label and risks, as of the last departure recompute
         * @description Scores how likely the user is to make the event on time (0 to 100, a label and the risks found, such as a tight connection after another event), as of the last departure recompute. Read-only.
         */
        get: operations["retrieveEventHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the occurrences of a series in a window, soonest first
         * @description Lists the occurrences of a recurring event (its RRULE, EXDATE and RDATE expanded in the event's timezone) between `from` and `to`, soonest first, each as an event with its derived id and `original_start_time`. Pages with `limit` and a cursor; read-only.
         */
        get: operations["listEventInstances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an event's reminders, newest first
         * @description Lists an event's reminders, newest first, optionally filtered by `status`. Pages with `limit` and a cursor.
         */
        get: operations["listReminders"];
        put?: never;
        /**
         * Create a reminder (idempotent: the same offset or time again returns the existing one with 200)
         * @description Adds a reminder to an event, at an offset before it or at a fixed time, and sends `reminder.created`; it fires as `reminder.sent`. Idempotent: the same offset or time again answers 200 with the existing reminder.
         */
        post: operations["createReminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/tracking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tracking object: status, current location, predicted arrival, minutes late
         * @description Returns the trip's tracking state: status, last position, predicted arrival and minutes late.
         */
        get: operations["retrieveTracking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/tracking/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a location update (at least 5 s apart; 5 to 10 s batching recommended)
         * @description Pushes one position of the user during a tracked trip and answers the updated prediction. Positions closer than 5 seconds apart are ignored (the answer says why); batching every 5 to 10 seconds is recommended.
         */
        post: operations["recordTrackingLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/tracking/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start live ETA tracking of the trip to an event (private preview)
         * @description Starts live ETA tracking of the user's trip to an event (private preview): positions pushed afterwards update the predicted arrival, and `event.late_predicted` and `user.arrived` follow from them.
         */
        post: operations["startTracking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/tracking/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop tracking: positions are erased; stopping again is a no-op
         * @description Stops tracking the trip: its positions are erased. Stopping a stopped trip is a no-op.
         */
        post: operations["stopTracking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/health/upcoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of a user's events starting within horizon_hours, soonest first (from 2026-05-20)
         * @description Lists the health of a user's events starting within `horizon_hours`, soonest first, each as of its last recompute. Read-only; available from API version 2026-05-20.
         */
        get: operations["listUpcomingEventHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/freebusy/find_slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Free slots common to every participant, scored (free/busy pool: 50/s, 5 concurrent)
         * @description Finds time slots free for every participant within a window, honouring working hours and buffers, and scores them. Read-only; counted in the free/busy pool (50 requests per second, 5 concurrent).
         */
        post: operations["findSlots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/freebusy/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Busy time of users, calendars and external addresses in a window (free/busy pool: 50/s, 5 concurrent)
         * @description Returns the busy intervals of users, their connected calendars and external addresses within a time window. Read-only; counted in the free/busy pool (50 requests per second, 5 concurrent).
         */
        post: operations["queryFreeBusy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Answers whether the service is up, for any key of either surface. It reads no data and changes nothing, so monitors can call it freely within the key's rate limit.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbound/mail_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delivery, open and bounce notices from the mail provider (HMAC-signed, no key)
         * @description Receives delivery, open and bounce notices from the mail provider, authenticated by their HMAC signature instead of a key, and updates the invitation's delivery status.
         */
        post: operations["inboundMailNotice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite attendees to an event: one invitation each, e-mailed with an iCalendar attachment
         * @description Invites attendees to an event: one invitation each, e-mailed with an iCalendar attachment and links to the hosted response page. The sandbox records the e-mails instead of sending them (`listSentEmails`).
         */
        post: operations["createInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an invitation
         * @description Returns one invitation: the attendee, their answer and the e-mail's delivery status.
         */
        get: operations["retrieveInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{id}/open.gif": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open-tracking pixel of the e-mail (token-addressed, no key)
         * @description The 1x1 image embedded in the invitation e-mail: loading it with the right token marks the e-mail opened. It answers the same image whatever the token, so it reveals nothing.
         */
        get: operations["invitationOpenPixel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{id}/respond": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the attendee's answer: with the account's key, or with `response_token` and no key
         * @description Records the attendee's answer and sends `invitation.responded`. Authorized by the account's key, or without a key by the invitation's `response_token`.
         */
        post: operations["respondToInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth_applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the platform's OAuth applications on this surface, newest first
         * @description Lists your platform's OAuth applications on this surface, newest first, without their secrets. Needs a secret key.
         */
        get: operations["listOAuthApplications"];
        put?: never;
        /**
         * Connect: register a third-party OAuth application (client_secret shown once)
         * @description Connect: registers a third-party OAuth application that may act for your connected accounts with the scopes they grant. The `client_secret` is shown only in this answer. Needs a secret key.
         */
        post: operations["createOAuthApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth_applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an OAuth application
         * @description Returns one OAuth application: its name, redirect URIs and scopes, never its secret. Needs a secret key.
         */
        get: operations["retrieveOAuthApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth_consent_tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A consent ticket (the authorization request's login_hint) for one connected account and one application
         * @description Creates a short-lived consent ticket for one connected account and one application, to pass as the authorization request's `login_hint`. Needs a secret key.
         */
        post: operations["createOAuthConsentTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document, generated from the contracts that validate requests
         * @description This OpenAPI 3.1 document, generated from the contracts that validate requests. `version` (else the request's `Service-Version`) selects the API version it describes; answers carry an ETag and are limited to 60 per minute per address.
         */
        get: operations["openApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reminders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a reminder
         * @description Returns one reminder with its status (`scheduled`, `sent`, `dismissed` or `cancelled`), when it fires and how often it was snoozed.
         */
        get: operations["retrieveReminder"];
        put?: never;
        post?: never;
        /**
         * Cancel a reminder: it never fires and stays visible as cancelled
         * @description Cancels a scheduled or sent reminder: it never fires again and stays visible as `cancelled`. Cancelling again is a no-op; a dismissed reminder is 409 `invalid_state_transition`.
         */
        delete: operations["cancelReminder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reminders/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss a sent reminder
         * @description Marks a sent reminder as dismissed (`reminder.dismissed`): it fires no more. Dismissing again is a no-op; a scheduled or cancelled reminder is 409 `invalid_state_transition`.
         */
        post: operations["dismissReminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reminders/{id}/snooze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Snooze a reminder by 1, 3, 5 or 15 minutes
         * @description Postpones a reminder by 1, 3, 5 or 15 minutes: a sent one fires again that long from now, a scheduled one that much later. Other durations are 400; a dismissed or cancelled reminder is 409.
         */
        post: operations["snoozeReminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sandbox provider's hosted consent page (HTML form), reached by the redirect of POST /v1/connections/start: its credential is the state, never a key
         * @description The sandbox calendar provider's consent page, reached by the redirect of `startConnection`, so that connections can be tried end to end without a real provider. Sandbox only.
         */
        get: operations["sandboxConsentPage"];
        put?: never;
        /**
         * The consent page's form target (application/x-www-form-urlencoded): redirects to the redirect URI with code and state. Its credential is the state, never a key
         * @description Target of the sandbox consent page's form: redirects to the redirect URI with a code and the state, or `error=access_denied`. Sandbox only.
         */
        post: operations["sandboxConsentDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scheduling/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read an event draft from a sentence (dates in user_context.timezone); stores nothing
         * @description Reads an event draft (title, start, end, place, attendees) from a sentence such as "lunch with Ada tomorrow at noon", resolving dates in `user_context.timezone`. Nothing is stored: create the event with the draft if it is right.
         */
        post: operations["parseSchedulingText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scheduling/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Travel-aware meeting suggestions (suggestions pool: 10/s, 2 concurrent)
         * @description Suggests meeting times that account for each participant's travel between their other events, ranked with the reasons. Read-only; counted in the suggestions pool (10 requests per second, 2 concurrent).
         */
        post: operations["suggestSlots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/advance_time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the account's sandbox clock forward and run the work that falls due
         * @description Moves the account's sandbox clock forward by `seconds` and runs the work that falls due meanwhile (departure recomputes, reminders, webhooks). Sandbox only; the clock never goes back.
         */
        post: operations["advanceTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/connections/{id}/expire_sync_cursors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the sandbox provider refuse the connection's sync cursors (its 410 GONE)
         * @description Makes the sandbox provider refuse the connection's sync cursors (its 410 Gone), so the next sync must start over. Sandbox only.
         */
        post: operations["expireProviderSyncCursors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/connections/{id}/provider_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an event at the sandbox provider (it pushes, or is seen at the next poll)
         * @description Creates an event in the sandbox provider's calendar, as if the user added it there; the connection sees it by push or at the next poll. Sandbox only.
         */
        post: operations["createProviderEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/connections/{id}/provider_events/{external_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel an event at the sandbox provider
         * @description Cancels an event in the sandbox provider's calendar; the cancellation syncs to the service. Sandbox only.
         */
        delete: operations["deleteProviderEvent"];
        options?: never;
        head?: never;
        /**
         * Change an event at the sandbox provider
         * @description Changes an event in the sandbox provider's calendar, as if the user edited it there; the change syncs to the service. Sandbox only.
         */
        patch: operations["updateProviderEvent"];
        trace?: never;
    };
    "/v1/test_helpers/connections/{id}/provider_outage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the sandbox provider fail every call for this connection's account (enabled true) or answer again (false)
         * @description Makes the sandbox provider fail every call for the connection's account (`enabled: true`) or answer again (`false`), to try your handling of provider outages. Sandbox only.
         */
        post: operations["setProviderOutage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/connections/{id}/revoke_grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke the grant at the sandbox provider, as the user would in its settings
         * @description Revokes the connection's grant at the sandbox provider, as the user would in the provider's settings, so the next call finds it revoked. Sandbox only.
         */
        post: operations["revokeProviderGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/invitations/{id}/bounce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the provider reporting a bounce
         * @description Makes the sandbox act as if the invitation e-mail bounced, with the same effects and webhooks. Sandbox only.
         */
        post: operations["simulateInvitationBounced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/invitations/{id}/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the provider reporting delivery of the e-mail
         * @description Makes the sandbox act as if the mail provider reported the invitation e-mail delivered, with the same effects and webhooks. Sandbox only.
         */
        post: operations["simulateInvitationDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/invitations/{id}/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the attendee opening the e-mail
         * @description Makes the sandbox act as if the attendee opened the invitation e-mail, with the same effects and webhooks. Sandbox only.
         */
        post: operations["simulateInvitationOpened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/push_messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pushes the sandbox recorded instead of sending, newest first
         * @description Lists the Web Push messages the sandbox recorded instead of sending, newest first, optionally for one user. Sandbox only: production sends them.
         */
        get: operations["listPushMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/sent_emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * E-mails the sandbox sent for this account (never delivered), newest first
         * @description Lists the e-mails the sandbox recorded for this account instead of delivering them, newest first, with their links. Sandbox only.
         */
        get: operations["listSentEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users, newest first
         * @description Lists the account's users on this surface in the list envelope, newest first, optionally filtered by exact `email`. Pages with `limit` (1 to 100, default 10) and `starting_after` or `ending_before`.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a managed user (idempotent on e-mail)
         * @description Creates a managed user of the account on this surface, with its preferences (travel mode, buffers, alerts) defaulted where absent. Idempotent on e-mail: an e-mail the account already has (case-insensitively) answers 200 with that user, unchanged.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a user
         * @description Returns one user with its preferences and state. A user of another account or surface, or a deleted one, is 404.
         */
        get: operations["retrieveUser"];
        put?: never;
        post?: never;
        /**
         * Delete a user and everything it owns (irreversible)
         * @description Deletes the user and everything it owns (events, reminders, connections, devices, provider tokens) and sends `user.deleted`. Irreversible: the answer is the user as it was, with `deleted: true`, and later calls are 404.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Update a user
         * @description Changes the given fields and keeps the others; a change of travel preferences applies to the departure windows computed afterwards. A paused user cannot be updated (403 `account_deactivated`).
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v1/users/{id}/agent_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's agent tokens, newest first, never their secrets
         * @description Lists the user's agent tokens, newest first, with their status (`active`, `expired`, `revoked`), never their secrets.
         */
        get: operations["listAgentTokens"];
        put?: never;
        /**
         * Mint a user-scoped agent token for /mcp (secret shown once; 30 days at most)
         * @description Mints a bearer token for this user's AI agent at `/mcp`: every tool acts for this user only, with the token's permissions (never more than the calling key's) and confirmation policy. The secret is shown only in this answer. A paused user is 403 `account_deactivated`.
         */
        post: operations["createAgentToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/agent_tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an agent token at once
         * @description Revokes the token: from now on it is 401 `authentication_failed` at `/mcp`, and its open MCP sessions end at their next request. Revoking it again keeps the first time.
         */
        delete: operations["revokeAgentToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a user
         * @description Pauses a user: `deactivated_at` is set, `user.deactivated` is sent, and updates and user-scoped calls of other resources answer 403 `account_deactivated` until it is reactivated. Pausing again is a no-op.
         */
        post: operations["deactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's devices, newest first
         * @description Lists a user's registered devices, newest first, without their push keys. Pages with `limit` and a cursor.
         */
        get: operations["listDevices"];
        put?: never;
        /**
         * Register a Web Push subscription for a user (the same endpoint again returns the device with 200)
         * @description Registers a Web Push subscription so the user's reminders and departure alerts reach the browser or phone. The same subscription endpoint again answers 200 with its device (moved to this user if another had it).
         */
        post: operations["registerDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/devices/{device_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a device: it gets no more pushes
         * @description Removes a device: it receives no more pushes. A device of another user is 404.
         */
        delete: operations["deleteDevice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's last reported position, if any within its 24 hour retention
         * @description Returns the user's last reported position, or 404 when none was reported within the 24 hour retention.
         */
        get: operations["retrieveUserLocation"];
        put?: never;
        /**
         * Report the user's last known position (the origin of upcoming trips while recent)
         * @description Records the user's last known position, used as the origin of upcoming trips while it is recent (it expires after 24 hours). Positions are kept no longer than that.
         */
        post: operations["reportUserLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a paused user
         * @description Restores a paused user: `deactivated_at` is cleared, `user.reactivated` is sent and every call works again. Reactivating an active user is a no-op.
         */
        post: operations["reactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a voice session and its connect token (60 per hour per user)
         * @description Creates a voice session for a user and the short-lived token to connect its WebSocket with. Limited to 60 per hour per user, and to a number of concurrent sessions per key.
         */
        post: operations["createVoiceSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a voice session: status, times, actions taken
         * @description Returns a voice session: status, start and end times, tool calls and the actions it took.
         */
        get: operations["retrieveVoiceSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/sessions/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a voice session; its connection is closed (4000)
         * @description Ends a voice session now: its WebSocket is closed with code 4000 and the session is answered in its final state.
         */
        post: operations["endVoiceSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints, newest first
         * @description Lists the account's webhook endpoints on this surface, newest first, without their secrets. Pages with `limit` and a cursor.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint; the answer carries its signing secret, shown only here and on rotation
         * @description Registers a URL to receive the listed event types, signed with a new secret. The answer carries the signing secret, shown only here and on rotation; loopback and private addresses are refused on production.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description Returns one webhook endpoint: its URL, event types and status, never its secret.
         */
        get: operations["retrieveWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its deliveries log
         * @description Deletes a webhook endpoint and its deliveries log; nothing more is sent to it. Irreversible.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update url, events, description, or enable/disable
         * @description Changes the URL, event types or description, or disables the endpoint (no deliveries while disabled) and enables it again. The secret is unchanged.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deliveries log of an endpoint, newest first
         * @description Lists the notifications sent to an endpoint, newest first, with their status and attempts. Pages with `limit` and a cursor.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a delivery with its attempts
         * @description Returns one delivery with every attempt: time, HTTP status received and duration.
         */
        get: operations["retrieveWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the same notification (same id) again, now
         * @description Sends the same notification (same id, so receivers can deduplicate) again, now, as a new attempt of the delivery. A disabled endpoint is 409.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New signing secret; the previous one keeps signing for 24 hours
         * @description Issues a new signing secret, answered once. The previous secret keeps signing beside the new one for 24 hours, so receivers can switch without losing notifications.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook_endpoint.test notification now (30 per hour per endpoint)
         * @description Sends a `webhook_endpoint.test` notification to the endpoint now and answers the delivery with its first attempt. Limited to 30 per hour per endpoint; a disabled endpoint is 409.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "agent.action_executed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** agent.action_executed: an agent action execution in data.object */
        post: operations["agentActionExecutedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.created: a connection in data.object */
        post: operations["connectionCreatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.disconnected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.disconnected: a connection in data.object */
        post: operations["connectionDisconnectedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.reconnected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.reconnected: a connection in data.object */
        post: operations["connectionReconnectedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "connection.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** connection.updated: a connection in data.object */
        post: operations["connectionUpdatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "departure.computed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** departure.computed: a departure in data.object */
        post: operations["departureComputedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "departure.threshold_reached": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** departure.threshold_reached: a departure in data.object */
        post: operations["departureThresholdReachedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "departure.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** departure.updated: a departure in data.object */
        post: operations["departureUpdatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** event.created: an event in data.object */
        post: operations["eventCreatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** event.deleted: an event in data.object */
        post: operations["eventDeletedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.late_predicted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** event.late_predicted: a tracking in data.object */
        post: operations["eventLatePredictedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.tracking_stopped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** event.tracking_stopped: a tracking in data.object */
        post: operations["eventTrackingStoppedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** event.updated: an event in data.object */
        post: operations["eventUpdatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.bounced: an invitation in data.object */
        post: operations["invitationBouncedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.cancelled: an invitation in data.object */
        post: operations["invitationCancelledNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.created: an invitation in data.object */
        post: operations["invitationCreatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.delivered: an invitation in data.object */
        post: operations["invitationDeliveredNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.email_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.email_sent: an invitation in data.object */
        post: operations["invitationEmailSentNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.opened: an invitation in data.object */
        post: operations["invitationOpenedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.received: an invitation in data.object */
        post: operations["invitationReceivedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.responded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.responded: an invitation in data.object */
        post: operations["invitationRespondedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.unsubscribed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.unsubscribed: an invitation in data.object */
        post: operations["invitationUnsubscribedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invitation.updated: an invitation in data.object */
        post: operations["invitationUpdatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reminder.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reminder.cancelled: a reminder in data.object */
        post: operations["reminderCancelledNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reminder.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reminder.created: a reminder in data.object */
        post: operations["reminderCreatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reminder.dismissed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reminder.dismissed: a reminder in data.object */
        post: operations["reminderDismissedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reminder.rescheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reminder.rescheduled: a reminder in data.object */
        post: operations["reminderRescheduledNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reminder.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reminder.sent: a reminder in data.object */
        post: operations["reminderSentNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reminder.snoozed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reminder.snoozed: a reminder in data.object */
        post: operations["reminderSnoozedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.arrived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** user.arrived: a tracking in data.object */
        post: operations["userArrivedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** user.created: an user in data.object */
        post: operations["userCreatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.deactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** user.deactivated: an user in data.object */
        post: operations["userDeactivatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** user.deleted: an user in data.object */
        post: operations["userDeletedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.reactivated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** user.reactivated: an user in data.object */
        post: operations["userReactivatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** user.updated: an user in data.object */
        post: operations["userUpdatedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "voice.action_executed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** voice.action_executed: a voice action in data.object */
        post: operations["voiceActionExecutedNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** webhook_endpoint.disabled: a webhook endpoint in data.object */
        post: operations["webhookEndpointDisabledNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** webhook_endpoint.test: a webhook endpoint in data.object */
        post: operations["webhookEndpointTestNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AdvanceTimeRequest: {
            seconds: number;
        };
        AgentActionExecutedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["AgentActionExecution"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "agent.action_executed";
        } & {
            [key: string]: unknown;
        };
        AgentActionExecution: {
            change: unknown;
            /**
             * @description The agent channel: `voice` (a voice session) or `mcp` (an MCP session).
             * @enum {string}
             */
            channel: "voice" | "mcp";
            /** @description True when the user confirmed the change; false when the `low_risk_direct` policy executed it. */
            confirmed_by_user: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            executed_at: string;
            /** @description The proposal (prp_...) that was executed. */
            id: string;
            /** @enum {string} */
            object: "agent_action_execution";
            /** @description The voice session (vs_...) or MCP session reference (mcps_...). */
            session: string;
            summary: string;
            /** @description The resource the change acted on (for a creation, the resource created). */
            target: {
                id: string | null;
                type: string;
            } & {
                [key: string]: unknown;
            };
            tool: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A user-scoped agent token: `Authorization: Bearer` at `/mcp`, where every tool acts for this user only. The secret is shown once, when created. */
        AgentToken: {
            /** @enum {string} */
            confirmation_policy: "always" | "low_risk_direct";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            expires_at: string;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "agent_token";
            /** @description Per family the agent tools use: `none`, `read` or `write` (write implies read); at least one granted, none beyond what the calling key has. */
            permissions: {
                /** @enum {string} */
                connections?: "none" | "read" | "write";
                /** @enum {string} */
                departure?: "none" | "read" | "write";
                /** @enum {string} */
                events?: "none" | "read" | "write";
                /** @enum {string} */
                invitations?: "none" | "read" | "write";
                /** @enum {string} */
                reminders?: "none" | "read" | "write";
                /** @enum {string} */
                scheduling?: "none" | "read" | "write";
                /** @enum {string} */
                tracking?: "none" | "read" | "write";
                /** @enum {string} */
                users?: "none" | "read" | "write";
            } & {
                [key: string]: unknown;
            };
            /** @description The prefix and the last four characters: `uat_live_...abcd`. */
            redacted_token: string;
            request_id: string;
            revoked_at: string | null;
            /** @description The token (`uat_live_...`, `uat_test_...`): only in the answer of create. */
            secret?: string;
            /** @enum {string} */
            status: "active" | "expired" | "revoked";
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A user-scoped agent token: `Authorization: Bearer` at `/mcp`, where every tool acts for this user only. The secret is shown once, when created. */
        AgentTokenListItem: {
            /** @enum {string} */
            confirmation_policy: "always" | "low_risk_direct";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            expires_at: string;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "agent_token";
            /** @description Per family the agent tools use: `none`, `read` or `write` (write implies read); at least one granted, none beyond what the calling key has. */
            permissions: {
                /** @enum {string} */
                connections?: "none" | "read" | "write";
                /** @enum {string} */
                departure?: "none" | "read" | "write";
                /** @enum {string} */
                events?: "none" | "read" | "write";
                /** @enum {string} */
                invitations?: "none" | "read" | "write";
                /** @enum {string} */
                reminders?: "none" | "read" | "write";
                /** @enum {string} */
                scheduling?: "none" | "read" | "write";
                /** @enum {string} */
                tracking?: "none" | "read" | "write";
                /** @enum {string} */
                users?: "none" | "read" | "write";
            } & {
                [key: string]: unknown;
            };
            /** @description The prefix and the last four characters: `uat_live_...abcd`. */
            redacted_token: string;
            revoked_at: string | null;
            /** @description The token (`uat_live_...`, `uat_test_...`): only in the answer of create. */
            secret?: string;
            /** @enum {string} */
            status: "active" | "expired" | "revoked";
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A secret (`sk_`) or restricted (`rk_`) API key of this surface. */
        ApiKey: {
            allowed_ips: string[] | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /** @description When a rolled key stops working; null otherwise. */
            expires_at: string | null;
            id: string;
            livemode: boolean;
            name: string | null;
            /** @enum {string} */
            object: "api_key";
            permissions: ({
                /** @enum {string} */
                connected_accounts?: "none" | "read" | "write";
                /** @enum {string} */
                connections?: "none" | "read" | "write";
                /** @enum {string} */
                departure?: "none" | "read" | "write";
                /** @enum {string} */
                devices?: "none" | "read" | "write";
                /** @enum {string} */
                events?: "none" | "read" | "write";
                /** @enum {string} */
                invitations?: "none" | "read" | "write";
                /** @enum {string} */
                reminders?: "none" | "read" | "write";
                /** @enum {string} */
                scheduling?: "none" | "read" | "write";
                /** @enum {string} */
                test_helpers?: "none" | "read" | "write";
                /** @enum {string} */
                tracking?: "none" | "read" | "write";
                /** @enum {string} */
                users?: "none" | "read" | "write";
                /** @enum {string} */
                voice?: "none" | "read" | "write";
                /** @enum {string} */
                webhook_endpoints?: "none" | "read" | "write";
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description The prefix and the last four characters: `rk_live_...abcd`. */
            redacted_key: string;
            request_id: string;
            revoked_at: string | null;
            /** @description The full key: returned only by create and roll, once. Store it now. */
            secret?: string;
            /** @enum {string} */
            type: "secret" | "restricted";
        } & {
            [key: string]: unknown;
        };
        /** @description A secret (`sk_`) or restricted (`rk_`) API key of this surface. */
        ApiKeyListItem: {
            allowed_ips: string[] | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /** @description When a rolled key stops working; null otherwise. */
            expires_at: string | null;
            id: string;
            livemode: boolean;
            name: string | null;
            /** @enum {string} */
            object: "api_key";
            permissions: ({
                /** @enum {string} */
                connected_accounts?: "none" | "read" | "write";
                /** @enum {string} */
                connections?: "none" | "read" | "write";
                /** @enum {string} */
                departure?: "none" | "read" | "write";
                /** @enum {string} */
                devices?: "none" | "read" | "write";
                /** @enum {string} */
                events?: "none" | "read" | "write";
                /** @enum {string} */
                invitations?: "none" | "read" | "write";
                /** @enum {string} */
                reminders?: "none" | "read" | "write";
                /** @enum {string} */
                scheduling?: "none" | "read" | "write";
                /** @enum {string} */
                test_helpers?: "none" | "read" | "write";
                /** @enum {string} */
                tracking?: "none" | "read" | "write";
                /** @enum {string} */
                users?: "none" | "read" | "write";
                /** @enum {string} */
                voice?: "none" | "read" | "write";
                /** @enum {string} */
                webhook_endpoints?: "none" | "read" | "write";
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description The prefix and the last four characters: `rk_live_...abcd`. */
            redacted_key: string;
            revoked_at: string | null;
            /** @description The full key: returned only by create and roll, once. Store it now. */
            secret?: string;
            /** @enum {string} */
            type: "secret" | "restricted";
        } & {
            [key: string]: unknown;
        };
        /** @description A calendar of a connection, with its sync settings. */
        Calendar: {
            color_hex: string | null;
            connection_id: string;
            external_id: string;
            id: string;
            is_default: boolean;
            livemode: boolean;
            name: string;
            /** @enum {string} */
            object: "calendar";
            request_id: string;
            selected: boolean;
            timezone: string;
            writable: boolean;
        } & {
            [key: string]: unknown;
        };
        /** @description A calendar of a connection, with its sync settings. */
        CalendarListItem: {
            color_hex: string | null;
            connection_id: string;
            external_id: string;
            id: string;
            is_default: boolean;
            livemode: boolean;
            name: string;
            /** @enum {string} */
            object: "calendar";
            selected: boolean;
            timezone: string;
            writable: boolean;
        } & {
            [key: string]: unknown;
        };
        CompleteConnectionRequest: {
            code: string;
            state: string;
        };
        ComputeDepartureRequest: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            arrive_by: string;
            from_location: components["schemas"]["PlaceRequest"];
            /** @description IANA timezone */
            timezone?: string;
            to_location: components["schemas"]["PlaceRequest"];
            travel?: {
                /** @enum {string} */
                mode?: "drive" | "walk" | "transit";
                parking_buffer_min?: number;
            };
        };
        /** @description Connect: a business the platform serves, with its own users, events, connections and webhooks. */
        ConnectedAccount: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            email: string | null;
            id: string;
            livemode: boolean;
            name: string | null;
            /** @enum {string} */
            object: "connected_account";
            request_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Connect: a business the platform serves, with its own users, events, connections and webhooks. */
        ConnectedAccountListItem: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            email: string | null;
            id: string;
            livemode: boolean;
            name: string | null;
            /** @enum {string} */
            object: "connected_account";
        } & {
            [key: string]: unknown;
        };
        /** @description A link from a user to a calendar provider account. Provider tokens are never returned. */
        Connection: {
            calendars?: components["schemas"]["CalendarListItem"][];
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            email: string;
            id: string;
            last_sync_error: string | null;
            last_synced_at: string | null;
            livemode: boolean;
            /** @enum {string} */
            object: "connection";
            /** @enum {string} */
            provider: "google" | "microsoft" | "icloud";
            request_id: string;
            scopes: ("calendars.read" | "events.read" | "events.write")[];
            /** @enum {string} */
            status: "active" | "disconnected" | "error";
            status_reason: ("sync_failed" | "token_refresh_failed" | "revoked_by_provider" | "disconnected_by_request") | null;
            /** @enum {string} */
            sync_mode: "realtime" | "polling";
            token_refresh: {
                failures_count: number;
                last_at: string | null;
            } & {
                [key: string]: unknown;
            };
            user_id: string;
            webhook_subscription: ({
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                expires_at: string;
                id: string;
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        ConnectionCreatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ConnectionListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "connection.created";
        } & {
            [key: string]: unknown;
        };
        ConnectionDisconnectedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ConnectionListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "connection.disconnected";
        } & {
            [key: string]: unknown;
        };
        /** @description A link from a user to a calendar provider account. Provider tokens are never returned. */
        ConnectionListItem: {
            calendars?: components["schemas"]["CalendarListItem"][];
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            email: string;
            id: string;
            last_sync_error: string | null;
            last_synced_at: string | null;
            livemode: boolean;
            /** @enum {string} */
            object: "connection";
            /** @enum {string} */
            provider: "google" | "microsoft" | "icloud";
            scopes: ("calendars.read" | "events.read" | "events.write")[];
            /** @enum {string} */
            status: "active" | "disconnected" | "error";
            status_reason: ("sync_failed" | "token_refresh_failed" | "revoked_by_provider" | "disconnected_by_request") | null;
            /** @enum {string} */
            sync_mode: "realtime" | "polling";
            token_refresh: {
                failures_count: number;
                last_at: string | null;
            } & {
                [key: string]: unknown;
            };
            user_id: string;
            webhook_subscription: ({
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                expires_at: string;
                id: string;
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        ConnectionReconnectedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ConnectionListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "connection.reconnected";
        } & {
            [key: string]: unknown;
        };
        ConnectionStart: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            expires_at: string;
            livemode: boolean;
            /** @enum {string} */
            object: "connection_start";
            redirect_url: string;
            request_id: string;
            state: string;
        } & {
            [key: string]: unknown;
        };
        ConnectionUpdatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ConnectionListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "connection.updated";
        } & {
            [key: string]: unknown;
        };
        CreateAgentTokenRequest: {
            /**
             * @description `always` (default): every change waits for the user’s confirmation; `low_risk_direct`: low-risk changes (a snooze) execute at once, as the voice channel’s policy.
             * @enum {string}
             */
            confirmation_policy?: "always" | "low_risk_direct";
            /** @description Lifetime in seconds: from 60 to 2592000 (30 days); 604800 (7 days) when absent. */
            expires_in?: number;
            /** @description Per family the agent tools use: `none`, `read` or `write` (write implies read); at least one granted, none beyond what the calling key has. */
            permissions: {
                /** @enum {string} */
                connections?: "none" | "read" | "write";
                /** @enum {string} */
                departure?: "none" | "read" | "write";
                /** @enum {string} */
                events?: "none" | "read" | "write";
                /** @enum {string} */
                invitations?: "none" | "read" | "write";
                /** @enum {string} */
                reminders?: "none" | "read" | "write";
                /** @enum {string} */
                scheduling?: "none" | "read" | "write";
                /** @enum {string} */
                tracking?: "none" | "read" | "write";
                /** @enum {string} */
                users?: "none" | "read" | "write";
            };
        };
        CreateApiKeyRequest: {
            /** @description IPv4 and IPv6 addresses and CIDR ranges the key may be used from (since 2026-05-20), at least one; null or absent for anywhere. An empty list is refused (400 naming allowed_ips): revoke a key to stop it. */
            allowed_ips?: string[] | null;
            name?: string | null;
            /** @description Per resource family: `none`, `read` or `write` (write implies read); a family not named is `none`. */
            permissions: {
                /** @enum {string} */
                connected_accounts?: "none" | "read" | "write";
                /** @enum {string} */
                connections?: "none" | "read" | "write";
                /** @enum {string} */
                departure?: "none" | "read" | "write";
                /** @enum {string} */
                devices?: "none" | "read" | "write";
                /** @enum {string} */
                events?: "none" | "read" | "write";
                /** @enum {string} */
                invitations?: "none" | "read" | "write";
                /** @enum {string} */
                reminders?: "none" | "read" | "write";
                /** @enum {string} */
                scheduling?: "none" | "read" | "write";
                /** @enum {string} */
                test_helpers?: "none" | "read" | "write";
                /** @enum {string} */
                tracking?: "none" | "read" | "write";
                /** @enum {string} */
                users?: "none" | "read" | "write";
                /** @enum {string} */
                voice?: "none" | "read" | "write";
                /** @enum {string} */
                webhook_endpoints?: "none" | "read" | "write";
            };
        };
        CreateConnectedAccountRequest: {
            email?: string | null;
            name?: string | null;
        };
        CreateEventRequest: {
            all_day?: boolean;
            attendees?: {
                email?: string | null;
                name?: string | null;
                user_id?: string;
            }[];
            /** @enum {string} */
            category?: "meeting" | "appointment" | "personal" | "work" | "travel" | "social" | "health" | "education" | "other";
            /**
             * Format: date
             * @description Exclusive; default: the day after start_date
             */
            end_date?: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time?: string;
            location?: components["schemas"]["PlaceRequest"] | null;
            origin?: components["schemas"]["PlaceRequest"] | null;
            /** @description RFC 5545 lines (RRULE, EXDATE, RDATE), expanded in the event timezone; null (update): a single event again */
            recurrence?: string[] | null;
            /**
             * Format: date
             * @description A calendar date (YYYY-MM-DD)
             */
            start_date?: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time?: string;
            /** @description IANA timezone */
            timezone?: string;
            title: string;
            travel?: {
                /** @enum {string} */
                mode?: "drive" | "walk" | "transit";
                parking_buffer_min?: number;
            };
            user_id: string;
        };
        CreateInvitationsRequest: {
            attendees: {
                /**
                 * Format: email
                 * @description E-mail address
                 */
                email: string;
                name?: string | null;
            }[];
            event_id: string;
        };
        CreateOAuthApplicationRequest: {
            /** @enum {string} */
            client_type: "confidential" | "public";
            name: string;
            redirect_uris: string[];
        };
        CreateOAuthConsentTicketRequest: {
            client_id: string;
            connected_account: string;
        };
        CreateReminderRequest: {
            /**
             * Format: date-time
             * @description A fixed fire time in the future; gives a `custom_time` reminder. Exclusive with `offset_minutes`.
             */
            custom_time?: string;
            message?: string | null;
            /**
             * @description Minutes before the event start; gives a `before_event` reminder. Exclusive with `custom_time`.
             * @enum {number}
             */
            offset_minutes?: 5 | 15 | 30 | 60 | 120 | 1440 | 10080;
        };
        CreateUserRequest: {
            /** @enum {string} */
            alert_profile?: "minimal" | "balanced" | "detailed" | "quiet";
            default_parking_buffer?: number;
            /** @enum {string} */
            default_travel_mode?: "drive" | "walk" | "transit";
            default_walk_buffer?: number;
            display_name?: string | null;
            /**
             * Format: email
             * @description E-mail address
             */
            email: string;
            haptic_enabled?: boolean;
            home_location?: components["schemas"]["PlaceRequest"] | null;
            onboarding_completed?: boolean;
            pre_alert_minutes?: number;
            /** @enum {string} */
            preferred_departure?: "on_time" | "5_min_early" | "10_min_early";
            quiet_hours_end?: string | null;
            quiet_hours_start?: string | null;
            sound_enabled?: boolean;
            /** @enum {string} */
            theme?: "system" | "light" | "dark";
            /** @description IANA timezone */
            timezone?: string;
        };
        CreateVoiceSessionRequest: {
            /**
             * @description `always` (default): every change waits for `action.confirm`; `low_risk_direct`: snoozes execute at once.
             * @enum {string}
             */
            confirmation_policy?: "always" | "low_risk_direct";
            /** @description Session lifetime in seconds; default 1800, at most 7200. */
            expires_in?: number;
            locale?: string;
            /**
             * @description `embedded` (default): the client sends the tool calls; `realtime_relay`: the service relays to a configured realtime model.
             * @enum {string}
             */
            model?: "embedded" | "realtime_relay";
            /** @description A subset of the tool names; all tools the key may use by default. */
            tools?: string[];
            user_id: string;
        };
        CreateWebhookEndpointRequest: {
            connect?: boolean;
            description?: string | null;
            events: string[];
            url: string;
        };
        Departure: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            calculated_at: string;
            /** @enum {string} */
            confidence: "low" | "medium" | "high";
            /** @description Where the route answer used came from: live (a current traffic feed), historical (typical traffic for that time of week) or estimate (no traffic data: a model). null on windows computed before 2026-11-27. */
            data_quality: ("live" | "historical" | "estimate") | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            earliest_departure: string;
            event_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            latest_departure: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            next_recalc_at: string;
            /** @enum {string} */
            object: "departure";
            origin_source: string | null;
            request_id: string;
            /** @description Incidents and delays the live-traffic provider reported on the route (empty without one) */
            traffic_incidents: ({
                delay_minutes: number | ("Infinity" | "-Infinity" | "NaN") | null;
                description: string | null;
                /** @enum {string} */
                kind: "congestion" | "accident" | "road_works" | "road_closure" | "hazard" | "other";
            } & {
                [key: string]: unknown;
            })[];
            /** @enum {string} */
            traffic_level: "free" | "light" | "moderate" | "heavy" | "severe";
            /** @description For travel.mode transit with a journey planner (OpenTripPlanner): the itinerary the window is built on, walking to the stop, each ride and change, walking from the last stop. null for other modes, and when the answer is the offline estimate (it has no itinerary). */
            transit_itinerary: ({
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                arrives_at: string;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                departs_at: string;
                legs: ({
                    /**
                     * Format: date-time
                     * @description RFC 3339 datetime with a UTC offset
                     */
                    arrives_at: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 datetime with a UTC offset
                     */
                    departs_at: string;
                    /** @description The stop or place the leg starts at */
                    from: string | null;
                    /** @description Where the vehicle is headed, for riding legs, when the feed says */
                    headsign: string | null;
                    /** @enum {string} */
                    mode: "walk" | "bus" | "tram" | "subway" | "rail" | "ferry" | "other";
                    /** @description The line's short name, for riding legs */
                    route: string | null;
                    /** @description The stop or place the leg ends at */
                    to: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                transfers: number | ("Infinity" | "-Infinity" | "NaN");
                wait_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                walk_minutes: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            }) | null;
            travel: {
                drive_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                parking_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                total_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                walk_minutes: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            };
            weather: ({
                condition: string;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                forecast_for: string;
                precipitation_mm_per_hour: number | ("Infinity" | "-Infinity" | "NaN");
                temperature_c: number | ("Infinity" | "-Infinity" | "NaN");
                visibility_m: number | ("Infinity" | "-Infinity" | "NaN") | null;
                wind_gusts_kmh: number | ("Infinity" | "-Infinity" | "NaN") | null;
                wind_speed_kmh: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            }) | null;
            weather_warning: ({
                description: string;
                ends: string | null;
                /** @description The issuer's name of the event (official warnings) */
                event: string | null;
                headline: string | null;
                issuer: string | null;
                kind: string;
                onset: string | null;
                severity: string;
                /**
                 * @description official: issued by a meteorological service (US National Weather Service, MeteoAlarm); forecast_threshold: derived from the forecast crossing a threshold, the fallback where no official service covers the place
                 * @enum {string}
                 */
                source: "official" | "forecast_threshold";
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        DepartureComputedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["DepartureNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "departure.computed";
        } & {
            [key: string]: unknown;
        };
        DepartureHistoryEntryListItem: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            computed_at: string;
            /** @enum {string} */
            confidence: "low" | "medium" | "high";
            data_quality: ("live" | "historical" | "estimate") | null;
            /**
             * Format: date-time
             * @description The recommended departure of that recompute.
             */
            earliest_departure: string;
            event_id: string;
            id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            latest_departure: string;
            livemode: boolean;
            /** @enum {string} */
            object: "departure_history_entry";
            /** @description The departure thresholds passed once that recompute was applied, in their order (`pre_alert`, `leave_now`, `last_call`): the threshold a recompute set off is the last one it adds. Null on entries recorded before the history kept them. */
            thresholds_reached: ("pre_alert" | "leave_now" | "last_call")[] | null;
            /** @enum {string} */
            traffic_level: "free" | "light" | "moderate" | "heavy" | "severe";
            travel_minutes: number | ("Infinity" | "-Infinity" | "NaN");
            /**
             * @description What set the recompute off: `event_created`, `scheduled` (the monitor), `requested` (POST .../departure/recompute), `read` (a read of a pending window) or `tracking` (a tracked trip).
             * @enum {string}
             */
            trigger: "event_created" | "scheduled" | "requested" | "read" | "tracking";
            /** @description The forecast hour the window was computed with (condition, temperature, precipitation, wind) and the warning then in force; null when no forecast was known, and on entries recorded before the history kept the weather. */
            weather: ({
                condition: string;
                precipitation_mm_per_hour: number | ("Infinity" | "-Infinity" | "NaN");
                temperature_c: number | ("Infinity" | "-Infinity" | "NaN");
                /** @description The weather warning in force at the destination then (its kind and severity), or null. */
                warning: ({
                    kind: string;
                    severity: string;
                } & {
                    [key: string]: unknown;
                }) | null;
                wind_speed_kmh: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        DepartureNotice: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            calculated_at: string;
            changes?: string[];
            /** @enum {string} */
            confidence: "low" | "medium" | "high";
            /** @description Where the route answer used came from: live (a current traffic feed), historical (typical traffic for that time of week) or estimate (no traffic data: a model). null on windows computed before 2026-11-27. */
            data_quality: ("live" | "historical" | "estimate") | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            earliest_departure: string;
            event_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            latest_departure: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            next_recalc_at: string;
            /** @enum {string} */
            object: "departure";
            origin_source: string | null;
            threshold?: string;
            threshold_due_at?: string | null;
            /** @description Incidents and delays the live-traffic provider reported on the route (empty without one) */
            traffic_incidents: ({
                delay_minutes: number | ("Infinity" | "-Infinity" | "NaN") | null;
                description: string | null;
                /** @enum {string} */
                kind: "congestion" | "accident" | "road_works" | "road_closure" | "hazard" | "other";
            } & {
                [key: string]: unknown;
            })[];
            /** @enum {string} */
            traffic_level: "free" | "light" | "moderate" | "heavy" | "severe";
            /** @description For travel.mode transit with a journey planner (OpenTripPlanner): the itinerary the window is built on, walking to the stop, each ride and change, walking from the last stop. null for other modes, and when the answer is the offline estimate (it has no itinerary). */
            transit_itinerary: ({
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                arrives_at: string;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                departs_at: string;
                legs: ({
                    /**
                     * Format: date-time
                     * @description RFC 3339 datetime with a UTC offset
                     */
                    arrives_at: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 datetime with a UTC offset
                     */
                    departs_at: string;
                    /** @description The stop or place the leg starts at */
                    from: string | null;
                    /** @description Where the vehicle is headed, for riding legs, when the feed says */
                    headsign: string | null;
                    /** @enum {string} */
                    mode: "walk" | "bus" | "tram" | "subway" | "rail" | "ferry" | "other";
                    /** @description The line's short name, for riding legs */
                    route: string | null;
                    /** @description The stop or place the leg ends at */
                    to: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                transfers: number | ("Infinity" | "-Infinity" | "NaN");
                wait_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                walk_minutes: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            }) | null;
            travel: {
                drive_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                parking_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                total_minutes: number | ("Infinity" | "-Infinity" | "NaN");
                walk_minutes: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            };
            weather: ({
                condition: string;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                forecast_for: string;
                precipitation_mm_per_hour: number | ("Infinity" | "-Infinity" | "NaN");
                temperature_c: number | ("Infinity" | "-Infinity" | "NaN");
                visibility_m: number | ("Infinity" | "-Infinity" | "NaN") | null;
                wind_gusts_kmh: number | ("Infinity" | "-Infinity" | "NaN") | null;
                wind_speed_kmh: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            }) | null;
            weather_warning: ({
                description: string;
                ends: string | null;
                /** @description The issuer's name of the event (official warnings) */
                event: string | null;
                headline: string | null;
                issuer: string | null;
                kind: string;
                onset: string | null;
                severity: string;
                /**
                 * @description official: issued by a meteorological service (US National Weather Service, MeteoAlarm); forecast_threshold: derived from the forecast crossing a threshold, the fallback where no official service covers the place
                 * @enum {string}
                 */
                source: "official" | "forecast_threshold";
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        DepartureThresholdReachedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["DepartureNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "departure.threshold_reached";
        } & {
            [key: string]: unknown;
        };
        DepartureUpdatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["DepartureNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "departure.updated";
        } & {
            [key: string]: unknown;
        };
        /** @description A Web Push subscription of a user (the authentication secret is never shown). */
        Device: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            endpoint: string;
            expires_at: string | null;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "device";
            request_id: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A Web Push subscription of a user (the authentication secret is never shown). */
        DeviceListItem: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            endpoint: string;
            expires_at: string | null;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "device";
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        Error: {
            error: {
                code: string;
                message: string;
                param?: string;
                retry_after_seconds?: number | ("Infinity" | "-Infinity" | "NaN");
                /** @enum {string} */
                type: "invalid_request_error" | "authentication_error" | "permission_error" | "idempotency_error" | "rate_limit_error" | "api_error";
            } & {
                [key: string]: unknown;
            };
            request_id: string;
        } & {
            [key: string]: unknown;
        };
        Event: {
            all_day: boolean;
            attendees: ({
                email: string | null;
                name: string | null;
                user_id: string | null;
            } & {
                [key: string]: unknown;
            })[];
            calendar_id: string | null;
            /** @enum {string} */
            category: "meeting" | "appointment" | "personal" | "work" | "travel" | "social" | "health" | "education" | "other";
            connection_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /** @description Exclusive; null unless all_day */
            end_date: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time: string;
            /** @description The provider's id of a synced event (null for events created through the API and not mirrored) */
            external_id: string | null;
            id: string;
            livemode: boolean;
            location: ({
                address: string | null;
                /** @description null when the address could not be placed (monitoring.status unresolved_location) */
                lat: number | ("Infinity" | "-Infinity" | "NaN") | null;
                /** @description null when the address could not be placed (monitoring.status unresolved_location) */
                lng: number | ("Infinity" | "-Infinity" | "NaN") | null;
                name: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description The copy in the user's connected calendar, for events created through the API: pending (retried), synced or failed */
            mirror: ({
                attempts: number;
                calendar_id: string;
                last_error: string | null;
                next_attempt_at: string | null;
                /** @enum {string} */
                status: "pending" | "synced" | "failed";
            } & {
                [key: string]: unknown;
            }) | null;
            monitoring: {
                calculated_at: string | null;
                confidence: ("low" | "medium" | "high") | null;
                earliest_departure: string | null;
                latest_departure: string | null;
                next_recalc_at: string | null;
                /** @enum {string} */
                status: "pending" | "monitoring" | "no_location" | "unresolved_location" | "no_origin" | "unavailable" | "started" | "ended" | "cancelled";
                traffic_level: ("free" | "light" | "moderate" | "heavy" | "severe") | null;
                /** @description Alias of traffic_level, kept for one minor version after 2026-05-20. */
                traffic_status: ("free" | "light" | "moderate" | "heavy" | "severe") | null;
            } & {
                [key: string]: unknown;
            };
            /** @enum {string} */
            object: "event";
            origin: ({
                address: string | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                name: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description Where the series' rule puts the occurrence (its id is derived from it) */
            original_start_time: string | null;
            /** @description The RFC 5545 lines of a series master; null on single events and occurrences */
            recurrence: string[] | null;
            /** @description The series of an occurrence */
            recurring_event_id: string | null;
            request_id: string;
            start_date: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time: string;
            timezone: string;
            title: string;
            travel: {
                /** @enum {string} */
                mode: "drive" | "walk" | "transit";
                parking_buffer_min: number;
            } & {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        EventCreatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["EventListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "event.created";
        } & {
            [key: string]: unknown;
        };
        EventDeletedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["EventListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "event.deleted";
        } & {
            [key: string]: unknown;
        };
        EventHealth: {
            blocked_reason: ("no_origin" | "no_route" | "user_paused") | null;
            calculated_at: string | null;
            event_id: string;
            /** @description on_track from 0.85, at_risk from 0.6, likely_late below, blocked when the trip cannot be planned; null with a null score */
            label: ("on_track" | "at_risk" | "likely_late" | "blocked") | null;
            livemode: boolean;
            /** @enum {string} */
            object: "event_health";
            request_id: string;
            risks: ({
                detail: string;
                /** @enum {string} */
                severity: "low" | "medium" | "high";
                /** @enum {string} */
                type: "traffic" | "weather" | "conflict" | "connection";
            } & {
                [key: string]: unknown;
            })[];
            /** @description Confidence that the event starts on time, 0 to 1; null until first computed */
            score: number | ("Infinity" | "-Infinity" | "NaN") | null;
            /**
             * Format: date-time
             * @description The event's start (the upcoming list is ordered by it)
             */
            start_time: string;
        } & {
            [key: string]: unknown;
        };
        EventHealthListItem: {
            blocked_reason: ("no_origin" | "no_route" | "user_paused") | null;
            calculated_at: string | null;
            event_id: string;
            /** @description on_track from 0.85, at_risk from 0.6, likely_late below, blocked when the trip cannot be planned; null with a null score */
            label: ("on_track" | "at_risk" | "likely_late" | "blocked") | null;
            livemode: boolean;
            /** @enum {string} */
            object: "event_health";
            risks: ({
                detail: string;
                /** @enum {string} */
                severity: "low" | "medium" | "high";
                /** @enum {string} */
                type: "traffic" | "weather" | "conflict" | "connection";
            } & {
                [key: string]: unknown;
            })[];
            /** @description Confidence that the event starts on time, 0 to 1; null until first computed */
            score: number | ("Infinity" | "-Infinity" | "NaN") | null;
            /**
             * Format: date-time
             * @description The event's start (the upcoming list is ordered by it)
             */
            start_time: string;
        } & {
            [key: string]: unknown;
        };
        EventLatePredictedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["TrackingNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "event.late_predicted";
        } & {
            [key: string]: unknown;
        };
        EventListItem: {
            all_day: boolean;
            attendees: ({
                email: string | null;
                name: string | null;
                user_id: string | null;
            } & {
                [key: string]: unknown;
            })[];
            calendar_id: string | null;
            /** @enum {string} */
            category: "meeting" | "appointment" | "personal" | "work" | "travel" | "social" | "health" | "education" | "other";
            connection_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /** @description Exclusive; null unless all_day */
            end_date: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time: string;
            /** @description The provider's id of a synced event (null for events created through the API and not mirrored) */
            external_id: string | null;
            id: string;
            livemode: boolean;
            location: ({
                address: string | null;
                /** @description null when the address could not be placed (monitoring.status unresolved_location) */
                lat: number | ("Infinity" | "-Infinity" | "NaN") | null;
                /** @description null when the address could not be placed (monitoring.status unresolved_location) */
                lng: number | ("Infinity" | "-Infinity" | "NaN") | null;
                name: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description The copy in the user's connected calendar, for events created through the API: pending (retried), synced or failed */
            mirror: ({
                attempts: number;
                calendar_id: string;
                last_error: string | null;
                next_attempt_at: string | null;
                /** @enum {string} */
                status: "pending" | "synced" | "failed";
            } & {
                [key: string]: unknown;
            }) | null;
            monitoring: {
                calculated_at: string | null;
                confidence: ("low" | "medium" | "high") | null;
                earliest_departure: string | null;
                latest_departure: string | null;
                next_recalc_at: string | null;
                /** @enum {string} */
                status: "pending" | "monitoring" | "no_location" | "unresolved_location" | "no_origin" | "unavailable" | "started" | "ended" | "cancelled";
                traffic_level: ("free" | "light" | "moderate" | "heavy" | "severe") | null;
                /** @description Alias of traffic_level, kept for one minor version after 2026-05-20. */
                traffic_status: ("free" | "light" | "moderate" | "heavy" | "severe") | null;
            } & {
                [key: string]: unknown;
            };
            /** @enum {string} */
            object: "event";
            origin: ({
                address: string | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                name: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description Where the series' rule puts the occurrence (its id is derived from it) */
            original_start_time: string | null;
            /** @description The RFC 5545 lines of a series master; null on single events and occurrences */
            recurrence: string[] | null;
            /** @description The series of an occurrence */
            recurring_event_id: string | null;
            start_date: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time: string;
            timezone: string;
            title: string;
            travel: {
                /** @enum {string} */
                mode: "drive" | "walk" | "transit";
                parking_buffer_min: number;
            } & {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        EventTrackingStoppedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["TrackingNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "event.tracking_stopped";
        } & {
            [key: string]: unknown;
        };
        EventUpdatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["EventListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "event.updated";
        } & {
            [key: string]: unknown;
        };
        FindSlotsRequest: {
            buffer_minutes_between_meetings?: number;
            duration_minutes: number;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            earliest_start: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            latest_end: string;
            limit?: number;
            /** @description User ids (all their selected calendars), calendar ids, or external:<EMAIL>; 1 to 50. */
            participants: string[];
            /** @enum {string} */
            preferred_time_of_day?: "morning" | "afternoon" | "evening";
            working_hours?: {
                days?: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                /** @description Time of day, HH:mm */
                end: string;
                /** @description Time of day, HH:mm */
                start: string;
                /** @description The zone of participants whose own zone the service does not know (external addresses); default UTC */
                timezone?: string;
            };
        };
        FormFields: {
            [key: string]: string;
        };
        FreeBusy: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            from: string;
            livemode: boolean;
            /** @enum {string} */
            object: "freebusy";
            participants: {
                [key: string]: {
                    /**
                     * @description known: the participant’s calendars are in the service; partial: only part of its time is known; unknown: nothing is known, and an empty busy list does not mean free
                     * @enum {string}
                     */
                    availability: "known" | "partial" | "unknown";
                    busy: ({
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        end: string;
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        start: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    reason: ("invitations_only" | "no_information" | "calendar_not_selected" | "connection_not_active") | null;
                    timezone: string | null;
                } & {
                    [key: string]: unknown;
                };
            };
            request_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            to: string;
        } & {
            [key: string]: unknown;
        };
        FreeBusyQueryRequest: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            from: string;
            /** @description Default false: busy lists only time certainly taken. true adds tentative time (a tentative answer), as find_slots and suggestions always count it. Events marked free and declined invitations are never busy */
            include_tentative?: boolean;
            /** @description User ids (all their selected calendars), calendar ids, or external:<EMAIL>; 1 to 50. */
            participants: string[];
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            to: string;
        };
        /** @description Microsoft Graph change notifications, `{ "value": [notification, ...] }`; each notification with `clientState` (and `lifecycleEvent` for lifecycle notices). Absent for the validation handshake. */
        GraphChangeNotifications: Record<string, never>;
        Health: {
            livemode: boolean;
            /** @enum {string} */
            object: "health";
            request_id: string;
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
        } & {
            [key: string]: unknown;
        };
        HostedRespondForm: {
            /**
             * @description The button pressed.
             * @enum {string}
             */
            status: "accepted" | "declined" | "tentative";
            /** @description The invitation's response_token (from the page's link). */
            token: string;
        } & {
            [key: string]: unknown;
        };
        HostedUnsubscribeForm: {
            /** @description The invitation's response_token (from the page's link). */
            token: string;
        } & {
            [key: string]: unknown;
        };
        InboundMailNotice: {
            detail?: string;
            /** @description The provider's id of this notice. */
            id: string;
            /** @description From the `X-Service-Invitation` header of the e-mail. */
            invitation_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            occurred_at?: string;
            /** @enum {string} */
            type: "delivered" | "opened" | "bounced";
        };
        /** @description One attendee of one event, with delivery and response tracking. */
        Invitation: {
            attendee_email: string;
            attendee_name: string | null;
            /** @description Set when the attendee is also a user of the account. */
            attendee_user_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /**
             * @description The latest revision: invite, update (time or place changed) or cancel (event deleted).
             * @enum {string}
             */
            email_type: "invite" | "update" | "cancel";
            event_id: string;
            /** @description iCalendar (RFC 5545) SEQUENCE of the latest revision. */
            ical_sequence: number;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "invitation";
            organizer_user_id: string;
            request_id: string;
            responded_at: string | null;
            /** @description The attendee's answer, null until they answer. */
            response: ("accepted" | "declined" | "tentative") | null;
            /** @description Unique token of the response links; lets the attendee answer without an API key. */
            response_token: string;
            /** @enum {string} */
            status: "email_queued" | "email_sent" | "email_delivered" | "opened" | "responded" | "bounced";
            unsubscribed: boolean;
        } & {
            [key: string]: unknown;
        };
        InvitationBouncedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.bounced";
        } & {
            [key: string]: unknown;
        };
        InvitationCancelledNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.cancelled";
        } & {
            [key: string]: unknown;
        };
        InvitationCreatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.created";
        } & {
            [key: string]: unknown;
        };
        InvitationDeliveredNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.delivered";
        } & {
            [key: string]: unknown;
        };
        InvitationEmailSentNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.email_sent";
        } & {
            [key: string]: unknown;
        };
        InvitationList: {
            data: components["schemas"]["InvitationListItem"][];
            has_more: boolean;
            livemode: boolean;
            /** @enum {string} */
            object: "list";
            request_id: string;
            url: string;
        } & {
            [key: string]: unknown;
        };
        /** @description One attendee of one event, with delivery and response tracking. */
        InvitationListItem: {
            attendee_email: string;
            attendee_name: string | null;
            /** @description Set when the attendee is also a user of the account. */
            attendee_user_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            /**
             * @description The latest revision: invite, update (time or place changed) or cancel (event deleted).
             * @enum {string}
             */
            email_type: "invite" | "update" | "cancel";
            event_id: string;
            /** @description iCalendar (RFC 5545) SEQUENCE of the latest revision. */
            ical_sequence: number;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "invitation";
            organizer_user_id: string;
            responded_at: string | null;
            /** @description The attendee's answer, null until they answer. */
            response: ("accepted" | "declined" | "tentative") | null;
            /** @description Unique token of the response links; lets the attendee answer without an API key. */
            response_token: string;
            /** @enum {string} */
            status: "email_queued" | "email_sent" | "email_delivered" | "opened" | "responded" | "bounced";
            unsubscribed: boolean;
        } & {
            [key: string]: unknown;
        };
        InvitationOpenedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.opened";
        } & {
            [key: string]: unknown;
        };
        InvitationReceivedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.received";
        } & {
            [key: string]: unknown;
        };
        InvitationRespondedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.responded";
        } & {
            [key: string]: unknown;
        };
        InvitationUnsubscribedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.unsubscribed";
        } & {
            [key: string]: unknown;
        };
        InvitationUpdatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["InvitationListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "invitation.updated";
        } & {
            [key: string]: unknown;
        };
        MailNotice: {
            /** @description False when the notice changed nothing (a repeat, or a stage already passed). */
            applied: boolean;
            invitation_id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "mail_notice";
            request_id: string;
            /** @enum {string} */
            status: "email_queued" | "email_sent" | "email_delivered" | "opened" | "responded" | "bounced";
            /** @enum {string} */
            type: "delivered" | "opened" | "bounced";
        } & {
            [key: string]: unknown;
        };
        /** @description Connect: a third-party application the platform registered; its id is the OAuth client_id. client_secret (confidential clients) is shown once, when created. */
        OAuthApplication: {
            client_secret?: string | null;
            /** @enum {string} */
            client_type: "confidential" | "public";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            id: string;
            livemode: boolean;
            name: string;
            /** @enum {string} */
            object: "oauth_application";
            redirect_uris: string[];
            request_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Connect: a third-party application the platform registered; its id is the OAuth client_id. client_secret (confidential clients) is shown once, when created. */
        OAuthApplicationListItem: {
            client_secret?: string | null;
            /** @enum {string} */
            client_type: "confidential" | "public";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            id: string;
            livemode: boolean;
            name: string;
            /** @enum {string} */
            object: "oauth_application";
            redirect_uris: string[];
        } & {
            [key: string]: unknown;
        };
        /** @description RFC 7591 3.2.1: the registered public client. No client_secret (PKCE S256 authenticates the code exchange) and no registration access token (a registration is not managed afterwards). */
        OAuthClientRegistration: {
            client_id: string;
            client_id_issued_at: number;
            client_name: string;
            grant_types: string[];
            redirect_uris: string[];
            response_types: string[];
            /** @enum {string} */
            token_endpoint_auth_method: "none";
        } & {
            [key: string]: unknown;
        };
        /** @description Client metadata (RFC 7591 2): `redirect_uris` (required, 1 to 10; https, or http on a loopback host; no fragment), `client_name` (at most 200 characters), `token_endpoint_auth_method` (`none` only: public clients), `grant_types` (`authorization_code`, and `refresh_token`), `response_types` (`code`), `scope`, and the informative `client_uri`, `logo_uri`, `tos_uri`, `policy_uri`, `contacts`, `software_id`, `software_version` (strings of at most 2000 characters). Other fields are ignored; the whole object is at most 16 KiB. */
        OAuthClientRegistrationRequest: Record<string, never>;
        /** @description Signed, short-lived: the platform vouches that the connected account's administrator may consent to this application. Sent as login_hint of the authorization request. */
        OAuthConsentTicket: {
            client_id: string;
            connected_account: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            expires_at: string;
            livemode: boolean;
            /** @enum {string} */
            object: "oauth_consent_ticket";
            request_id: string;
            ticket: string;
        } & {
            [key: string]: unknown;
        };
        OAuthProtocolError: {
            /** @description `invalid_request`, `invalid_client`, `invalid_grant`, ... */
            error: string;
            error_description?: string;
        } & {
            [key: string]: unknown;
        };
        ParsedEvent: {
            confidence: {
                attendees: number | ("Infinity" | "-Infinity" | "NaN");
                location: number | ("Infinity" | "-Infinity" | "NaN");
                start_time: number | ("Infinity" | "-Infinity" | "NaN");
                title: number | ("Infinity" | "-Infinity" | "NaN");
            } & {
                [key: string]: unknown;
            };
            /** @description A request body for POST /v1/events (add user_id when none was given) */
            event: {
                attendees: ({
                    email: string | null;
                    name: string;
                } & {
                    [key: string]: unknown;
                })[];
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                end_time: string;
                location: ({
                    address: string;
                    name: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                start_time: string;
                timezone: string;
                title: string;
                /** @description Present when user_context.user_id was given */
                user_id?: string;
            } & {
                [key: string]: unknown;
            };
            livemode: boolean;
            /** @enum {string} */
            object: "parsed_event";
            request_id: string;
            warnings: string[];
        } & {
            [key: string]: unknown;
        };
        ParseEventRequest: {
            text: string;
            user_context: {
                /** @description Length of an event whose text gives no end or duration (default 30) */
                default_event_duration_min?: number;
                /** @description IANA zone the words are read in (required since 2026-08-01, see Versioning) */
                timezone: string;
                /** @description A user of the caller's account: names may resolve to that user's contacts; echoed in event */
                user_id?: string;
            };
        };
        PlaceRequest: {
            address?: string | null;
            lat?: number;
            lng?: number;
            name?: string | null;
        };
        ProviderEvent: {
            calendar_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time: string;
            external_id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "provider_event";
            request_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time: string;
            /** @enum {string} */
            status: "confirmed" | "cancelled";
            title: string;
        } & {
            [key: string]: unknown;
        };
        ProviderEventPatch: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time?: string;
            location?: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time?: string;
            title?: string;
        };
        ProviderEventRequest: {
            calendar_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time: string;
            location?: string | null;
            recurrence?: string[];
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time: string;
            timezone?: string;
            title: string;
        };
        ProviderOutageRequest: {
            enabled: boolean;
        };
        /** @description Sandbox: a push the service would have sent. */
        PushMessageListItem: {
            body: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            data: {
                [key: string]: string;
            };
            device_id: string;
            endpoint: string;
            id: string;
            /** @enum {string} */
            object: "push_message";
            /** @enum {string} */
            outcome: "delivered" | "expired" | "failed";
            silent: boolean;
            title: string;
            ttl_seconds: number;
            urgency: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        RegisterDeviceRequest: {
            /** @description PushSubscription.endpoint: https on production. */
            endpoint: string;
            /** @description As in PushSubscription.toJSON() (milliseconds since the epoch), so that it can be posted as is; shown as `expires_at`. */
            expirationTime?: number | ("Infinity" | "-Infinity" | "NaN") | null;
            keys: {
                auth: string;
                p256dh: string;
            };
        };
        /** @description A reminder of an event, pushed to the user’s devices at `scheduled_at`. */
        Reminder: {
            cancellation_reason: ("requested" | "event_deleted") | null;
            cancelled_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            custom_time: string | null;
            dismissed_at: string | null;
            event_id: string;
            id: string;
            livemode: boolean;
            message: string | null;
            /** @enum {string} */
            object: "reminder";
            offset_minutes: number | null;
            /** @enum {string} */
            reminder_type: "before_event" | "custom_time";
            request_id: string;
            /**
             * Format: date-time
             * @description Resolved fire time: start minus offset, the custom time, or the end of a snooze.
             */
            scheduled_at: string;
            sent_at: string | null;
            snooze_count: number;
            /** @enum {string} */
            status: "scheduled" | "sent" | "dismissed" | "cancelled";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        ReminderCancelledNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ReminderListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "reminder.cancelled";
        } & {
            [key: string]: unknown;
        };
        ReminderCreatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ReminderListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "reminder.created";
        } & {
            [key: string]: unknown;
        };
        ReminderDismissedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ReminderListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "reminder.dismissed";
        } & {
            [key: string]: unknown;
        };
        /** @description A reminder of an event, pushed to the user’s devices at `scheduled_at`. */
        ReminderListItem: {
            cancellation_reason: ("requested" | "event_deleted") | null;
            cancelled_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            custom_time: string | null;
            dismissed_at: string | null;
            event_id: string;
            id: string;
            livemode: boolean;
            message: string | null;
            /** @enum {string} */
            object: "reminder";
            offset_minutes: number | null;
            /** @enum {string} */
            reminder_type: "before_event" | "custom_time";
            /**
             * Format: date-time
             * @description Resolved fire time: start minus offset, the custom time, or the end of a snooze.
             */
            scheduled_at: string;
            sent_at: string | null;
            snooze_count: number;
            /** @enum {string} */
            status: "scheduled" | "sent" | "dismissed" | "cancelled";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        ReminderRescheduledNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ReminderListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "reminder.rescheduled";
        } & {
            [key: string]: unknown;
        };
        ReminderSentNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ReminderListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "reminder.sent";
        } & {
            [key: string]: unknown;
        };
        ReminderSnoozedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["ReminderListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "reminder.snoozed";
        } & {
            [key: string]: unknown;
        };
        ReportPositionRequest: {
            /** @description Horizontal accuracy radius in metres; a fix coarser than 200 m is ignored. */
            accuracy_m?: number;
            /** @description WGS84 degrees north, -90 to 90. */
            lat: number;
            /** @description WGS84 degrees east, -180 to 180. */
            lng: number;
            /**
             * Format: date-time
             * @description When the device took the fix.
             */
            recorded_at: string;
        };
        RespondToInvitationRequest: {
            /** @enum {string} */
            status: "accepted" | "declined" | "tentative";
        };
        RollApiKeyRequest: {
            /** @description How long the old key keeps working beside the new one: 0 (default, it stops now) to 7 days. */
            expires_in_seconds?: number;
        };
        SandboxClock: {
            livemode: boolean;
            now: string;
            /** @enum {string} */
            object: "test_clock";
            offset_seconds: number;
            request_id: string;
            work_items_run: number;
        } & {
            [key: string]: unknown;
        };
        SentEmailList: {
            data: ({
                calendar: ({
                    content: string;
                    filename: string;
                    method: string;
                } & {
                    [key: string]: unknown;
                }) | null;
                from: string;
                headers: {
                    [key: string]: string;
                };
                html: string;
                id: string;
                invitation_id: string;
                /** @enum {string} */
                object: "sent_email";
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                sent_at: string;
                subject: string;
                text: string;
                to: string;
            } & {
                [key: string]: unknown;
            })[];
            has_more: boolean;
            livemode: boolean;
            /** @enum {string} */
            object: "list";
            request_id: string;
            url: string;
        } & {
            [key: string]: unknown;
        };
        SlotCandidate: {
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end: string;
            matches: string[];
            misses: string[];
            score: number | ("Infinity" | "-Infinity" | "NaN");
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start: string;
        } & {
            [key: string]: unknown;
        };
        SlotList: {
            data: components["schemas"]["SlotCandidate"][];
            livemode: boolean;
            /** @enum {string} */
            object: "list";
            request_id: string;
            warnings: ({
                code: string;
                message: string;
                participant: string | null;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        SnoozeReminderRequest: {
            /** @enum {number} */
            snooze_minutes: 1 | 3 | 5 | 15;
        };
        StartConnectionRequest: {
            /** @enum {string} */
            callback?: "hosted" | "server";
            /** @enum {string} */
            provider: "google" | "microsoft" | "icloud";
            /**
             * Format: uri
             * @description Absolute http(s) URL
             */
            return_url: string;
            scopes?: ("calendars.read" | "events.read" | "events.write")[];
            user_id: string;
        };
        StartTrackingRequest: {
            /** @description No location for this long makes the trip `stalled`. Default 120. */
            idle_timeout_seconds?: number;
            /** @description Where the trip starts, when known: the first position. */
            start_location?: {
                /** @description Horizontal accuracy radius in metres; a fix coarser than 200 m is ignored. */
                accuracy_m?: number;
                /** @description WGS84 degrees north, -90 to 90. */
                lat: number;
                /** @description WGS84 degrees east, -180 to 180. */
                lng: number;
                /**
                 * Format: date-time
                 * @description Defaults to now.
                 */
                recorded_at?: string;
            };
        };
        SuggestionList: {
            data: components["schemas"]["SlotCandidate"][];
            livemode: boolean;
            /** @enum {string} */
            object: "list";
            request_id: string;
            warnings: ({
                code: string;
                message: string;
                participant: string | null;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        SuggestRequest: {
            constraints?: {
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                earliest?: string;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                latest?: string;
                max_travel_minutes_between_meetings?: number;
                preferred_days?: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                /** @enum {string} */
                preferred_time_of_day?: "morning" | "afternoon" | "evening";
            };
            duration_minutes: number;
            intent: string;
            limit?: number;
            location?: {
                address?: string;
                /** @description e.g. in_person (travel-aware), virtual */
                type?: string;
            };
            /** @description User ids or external:<EMAIL> */
            participants: string[];
        };
        /** @description Live ETA tracking of the trip to an event (private preview). */
        Tracking: {
            arrived_at: string | null;
            confidence: ("low" | "medium" | "high") | null;
            /** @description The last accepted position; null before the first one and once stopped (erased). */
            current_location: ({
                accuracy_m: number | ("Infinity" | "-Infinity" | "NaN") | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                recorded_at: string;
            } & {
                [key: string]: unknown;
            }) | null;
            event_id: string;
            idle_timeout_seconds: number;
            livemode: boolean;
            /** @description Negative early, positive late, 0 on schedule. */
            minutes_late: number | null;
            /** @enum {string} */
            object: "tracking";
            /** @description ETA at the current position. */
            predicted_arrival: string | null;
            request_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            started_at: string;
            /** @enum {string} */
            status: "not_started" | "in_transit" | "arrived" | "stalled" | "stopped";
            stop_reason: ("requested" | "event_deleted" | "expired") | null;
            stopped_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        TrackingLocationRequest: {
            /** @description Horizontal accuracy radius in metres; a fix coarser than 200 m is ignored. */
            accuracy_m?: number;
            /** @description WGS84 degrees north, -90 to 90. */
            lat: number;
            /** @description WGS84 degrees east, -180 to 180. */
            lng: number;
            /**
             * Format: date-time
             * @description When the device took the fix (not when it was sent).
             */
            recorded_at: string;
            /** @description Speed over ground reported by the device, in metres per second. */
            speed_mps?: number;
        };
        /** @description The tracking object after a location update. */
        TrackingLocationResult: {
            arrived_at: string | null;
            confidence: ("low" | "medium" | "high") | null;
            /** @description The last accepted position; null before the first one and once stopped (erased). */
            current_location: ({
                accuracy_m: number | ("Infinity" | "-Infinity" | "NaN") | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                recorded_at: string;
            } & {
                [key: string]: unknown;
            }) | null;
            event_id: string;
            idle_timeout_seconds: number;
            livemode: boolean;
            location_update: {
                accepted: boolean;
                /** @description Why the update was answered but not stored: `out_of_order`, `stale`, `inaccurate`, `impossible_jump`, `arrived`. */
                ignored_reason: ("out_of_order" | "stale" | "inaccurate" | "impossible_jump" | "arrived") | null;
            } & {
                [key: string]: unknown;
            };
            /** @description Negative early, positive late, 0 on schedule. */
            minutes_late: number | null;
            /** @enum {string} */
            object: "tracking";
            /** @description ETA at the current position. */
            predicted_arrival: string | null;
            request_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            started_at: string;
            /** @enum {string} */
            status: "not_started" | "in_transit" | "arrived" | "stalled" | "stopped";
            stop_reason: ("requested" | "event_deleted" | "expired") | null;
            stopped_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        TrackingNotice: {
            arrived_at: string | null;
            confidence: ("low" | "medium" | "high") | null;
            /** @description The last accepted position; null before the first one and once stopped (erased). */
            current_location: ({
                accuracy_m: number | ("Infinity" | "-Infinity" | "NaN") | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                recorded_at: string;
            } & {
                [key: string]: unknown;
            }) | null;
            event_id: string;
            idle_timeout_seconds: number;
            livemode: boolean;
            /** @description Negative early, positive late, 0 on schedule. */
            minutes_late: number | null;
            /** @enum {string} */
            object: "tracking";
            /** @description ETA at the current position. */
            predicted_arrival: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            started_at: string;
            /** @enum {string} */
            status: "not_started" | "in_transit" | "arrived" | "stalled" | "stopped";
            stop_reason: ("requested" | "event_deleted" | "expired") | null;
            stopped_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        UpdateCalendarRequest: {
            selected?: boolean;
            writable?: boolean;
        };
        UpdateConnectedAccountRequest: {
            email?: string | null;
            name?: string | null;
        };
        UpdateEventRequest: {
            all_day?: boolean;
            attendees?: {
                email?: string | null;
                name?: string | null;
                user_id?: string;
            }[];
            /** @enum {string} */
            category?: "meeting" | "appointment" | "personal" | "work" | "travel" | "social" | "health" | "education" | "other";
            /**
             * Format: date
             * @description Exclusive; default: the day after start_date
             */
            end_date?: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            end_time?: string;
            location?: components["schemas"]["PlaceRequest"] | null;
            origin?: components["schemas"]["PlaceRequest"] | null;
            /** @description RFC 5545 lines (RRULE, EXDATE, RDATE), expanded in the event timezone; null (update): a single event again */
            recurrence?: string[] | null;
            /**
             * Format: date
             * @description A calendar date (YYYY-MM-DD)
             */
            start_date?: string;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            start_time?: string;
            /** @description IANA timezone */
            timezone?: string;
            title?: string;
            travel?: {
                /** @enum {string} */
                mode?: "drive" | "walk" | "transit";
                parking_buffer_min?: number;
            };
        };
        UpdateUserRequest: {
            /** @enum {string} */
            alert_profile?: "minimal" | "balanced" | "detailed" | "quiet";
            default_parking_buffer?: number;
            /** @enum {string} */
            default_travel_mode?: "drive" | "walk" | "transit";
            default_walk_buffer?: number;
            display_name?: string | null;
            /**
             * Format: email
             * @description E-mail address
             */
            email?: string;
            haptic_enabled?: boolean;
            home_location?: components["schemas"]["PlaceRequest"] | null;
            onboarding_completed?: boolean;
            pre_alert_minutes?: number;
            /** @enum {string} */
            preferred_departure?: "on_time" | "5_min_early" | "10_min_early";
            quiet_hours_end?: string | null;
            quiet_hours_start?: string | null;
            sound_enabled?: boolean;
            /** @enum {string} */
            theme?: "system" | "light" | "dark";
            /** @description IANA timezone */
            timezone?: string;
        };
        UpdateWebhookEndpointRequest: {
            description?: string | null;
            enabled?: boolean;
            events?: string[];
            url?: string;
        };
        /** @description A managed end-user. */
        User: {
            /** @enum {string} */
            alert_profile: "minimal" | "balanced" | "detailed" | "quiet";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            deactivated_at: string | null;
            default_parking_buffer: number;
            /** @enum {string} */
            default_travel_mode: "drive" | "walk" | "transit";
            default_walk_buffer: number;
            display_name: string | null;
            email: string;
            haptic_enabled: boolean;
            home_location: ({
                address: string | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                name: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "user";
            onboarding_completed: boolean;
            pre_alert_minutes: number;
            /** @enum {string} */
            preferred_departure: "on_time" | "5_min_early" | "10_min_early";
            quiet_hours_end: string | null;
            quiet_hours_start: string | null;
            request_id: string;
            sound_enabled: boolean;
            /** @enum {string} */
            theme: "system" | "light" | "dark";
            timezone: string;
        } & {
            [key: string]: unknown;
        };
        UserArrivedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["TrackingNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "user.arrived";
        } & {
            [key: string]: unknown;
        };
        UserCreatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["UserListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "user.created";
        } & {
            [key: string]: unknown;
        };
        UserDeactivatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["UserListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "user.deactivated";
        } & {
            [key: string]: unknown;
        };
        UserDeletedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["UserListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "user.deleted";
        } & {
            [key: string]: unknown;
        };
        /** @description A managed end-user. */
        UserListItem: {
            /** @enum {string} */
            alert_profile: "minimal" | "balanced" | "detailed" | "quiet";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            deactivated_at: string | null;
            default_parking_buffer: number;
            /** @enum {string} */
            default_travel_mode: "drive" | "walk" | "transit";
            default_walk_buffer: number;
            display_name: string | null;
            email: string;
            haptic_enabled: boolean;
            home_location: ({
                address: string | null;
                lat: number | ("Infinity" | "-Infinity" | "NaN");
                lng: number | ("Infinity" | "-Infinity" | "NaN");
                name: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "user";
            onboarding_completed: boolean;
            pre_alert_minutes: number;
            /** @enum {string} */
            preferred_departure: "on_time" | "5_min_early" | "10_min_early";
            quiet_hours_end: string | null;
            quiet_hours_start: string | null;
            sound_enabled: boolean;
            /** @enum {string} */
            theme: "system" | "light" | "dark";
            timezone: string;
        } & {
            [key: string]: unknown;
        };
        /** @description The user's last reported position: the origin of trips while recent (docs/tracking.md). */
        UserLocation: {
            accuracy_m: number | ("Infinity" | "-Infinity" | "NaN") | null;
            /**
             * Format: date-time
             * @description When the position is deleted (24 hours after `recorded_at`).
             */
            expires_at: string;
            lat: number | ("Infinity" | "-Infinity" | "NaN");
            livemode: boolean;
            lng: number | ("Infinity" | "-Infinity" | "NaN");
            /** @enum {string} */
            object: "user_location";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            recorded_at: string;
            request_id: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        UserReactivatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["UserListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "user.reactivated";
        } & {
            [key: string]: unknown;
        };
        UserUpdatedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["UserListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "user.updated";
        } & {
            [key: string]: unknown;
        };
        VoiceActionExecutedNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["VoiceActionNotice"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "voice.action_executed";
        } & {
            [key: string]: unknown;
        };
        VoiceActionNotice: {
            change: unknown;
            confirmed_by_user?: boolean;
            executed_at: string | null;
            id: string;
            /** @enum {string} */
            object: "voice_action";
            resource: {
                id: string | null;
                type: string;
            } & {
                [key: string]: unknown;
            };
            session: string;
            summary: string;
            tool: string;
            user_id: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A voice conversation of one user. */
        VoiceSession: {
            actions: ({
                confirmed_by_user: boolean | null;
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                created_at: string;
                executed_at: string | null;
                id: string;
                resource: {
                    id: string | null;
                    type: string;
                } & {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                status: "proposed" | "confirmed" | "executed" | "failed" | "rejected" | "expired";
                summary: string;
                tool: string;
            } & {
                [key: string]: unknown;
            })[];
            /** @description The connect token (a JWT): only in the answer of create. Connects once, until `expires_at`. */
            client_secret?: {
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                expires_at: string;
                value: string;
            } & {
                [key: string]: unknown;
            };
            /** @enum {string} */
            confirmation_policy: "always" | "low_risk_direct";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            connect_by: string;
            connected_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            end_reason: string | null;
            ended_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            expires_at: string;
            id: string;
            livemode: boolean;
            locale: string;
            /** @enum {string} */
            model: "embedded" | "realtime_relay";
            /** @enum {string} */
            object: "voice_session";
            request_id: string;
            /** @enum {string} */
            status: "created" | "active" | "ended";
            tool_calls: number;
            tools: string[];
            user_id: string;
            websocket_url?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description One notification to one endpoint, with every attempt. */
        WebhookDelivery: {
            attempt_count: number;
            attempts: ({
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                attempted_at: string;
                duration_ms: number;
                error: string | null;
                number: number;
                /** @enum {string} */
                result: "response" | "timeout" | "connection_error" | "blocked_address" | "succeeded" | "failed";
                status_code: number | null;
            } & {
                [key: string]: unknown;
            })[];
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            endpoint_id: string;
            event: {
                created: number;
                id: string;
                type: string;
            } & {
                [key: string]: unknown;
            };
            failure_reason: ("retries_exhausted" | "endpoint_disabled" | "endpoint_deleted") | null;
            id: string;
            livemode: boolean;
            next_attempt_at: string | null;
            /** @enum {string} */
            object: "webhook_delivery";
            replay_of: string | null;
            request_id: string;
            /** @enum {string} */
            status: "pending" | "retrying" | "succeeded" | "failed";
        } & {
            [key: string]: unknown;
        };
        /** @description One notification to one endpoint, with every attempt. */
        WebhookDeliveryListItem: {
            attempt_count: number;
            attempts: ({
                /**
                 * Format: date-time
                 * @description RFC 3339 datetime with a UTC offset
                 */
                attempted_at: string;
                duration_ms: number;
                error: string | null;
                number: number;
                /** @enum {string} */
                result: "response" | "timeout" | "connection_error" | "blocked_address" | "succeeded" | "failed";
                status_code: number | null;
            } & {
                [key: string]: unknown;
            })[];
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            endpoint_id: string;
            event: {
                created: number;
                id: string;
                type: string;
            } & {
                [key: string]: unknown;
            };
            failure_reason: ("retries_exhausted" | "endpoint_disabled" | "endpoint_deleted") | null;
            id: string;
            livemode: boolean;
            next_attempt_at: string | null;
            /** @enum {string} */
            object: "webhook_delivery";
            replay_of: string | null;
            /** @enum {string} */
            status: "pending" | "retrying" | "succeeded" | "failed";
        } & {
            [key: string]: unknown;
        };
        /** @description Where notifications are sent, and which. */
        WebhookEndpoint: {
            /** @description Connect: the platform's endpoint for its connected accounts' notifications (each carries `account`). */
            connect: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            description: string | null;
            disabled_reason: ("manual" | "failing") | null;
            events: string[];
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "webhook_endpoint";
            previous_secret_expires_at: string | null;
            request_id: string;
            /** @description The signing secret: returned only by create and rotate_secret. */
            secret?: string;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            url: string;
        } & {
            [key: string]: unknown;
        };
        WebhookEndpointDisabledNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["WebhookEndpointListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "webhook_endpoint.disabled";
        } & {
            [key: string]: unknown;
        };
        /** @description Where notifications are sent, and which. */
        WebhookEndpointListItem: {
            /** @description Connect: the platform's endpoint for its connected accounts' notifications (each carries `account`). */
            connect: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            created_at: string;
            description: string | null;
            disabled_reason: ("manual" | "failing") | null;
            events: string[];
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "webhook_endpoint";
            previous_secret_expires_at: string | null;
            /** @description The signing secret: returned only by create and rotate_secret. */
            secret?: string;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /**
             * Format: date-time
             * @description RFC 3339 datetime with a UTC offset
             */
            updated_at: string;
            url: string;
        } & {
            [key: string]: unknown;
        };
        WebhookEndpointTestNotification: {
            /** @description Connect: the connected account (`cpa_`) whose data the notification is about; absent for the platform itself. */
            account?: string;
            api_version: string;
            created: number;
            data: {
                object: components["schemas"]["WebhookEndpointListItem"];
            } & {
                [key: string]: unknown;
            };
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            type: "webhook_endpoint.test";
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
        IdempotencyKey: string;
        /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
        ServiceAccount: string;
        /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
        ServiceVersion: string;
    };
    requestBodies: never;
    headers: {
        /** @description `true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key`: nothing ran again. */
        IdempotentReplay: "true";
        /** @description Where the redirect leads: the URL the browser or client goes to next. */
        Location: string;
        /** @description Requests allowed in the current window for this key. */
        RateLimitLimit: number;
        /** @description Requests left in the current window. */
        RateLimitRemaining: number;
        /** @description When the current window ends, in Unix seconds. */
        RateLimitReset: number;
        /** @description The id of this request (also `request_id` in every body); quote it when asking for support. */
        RequestId: string;
        /** @description Seconds to wait before retrying (429, and 503 while the service closes). */
        RetryAfter: number;
        /** @description The API version the answer is rendered in: the request's `Service-Version`, else the account's. */
        ServiceVersion: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    oauthServerMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata document (JSON) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    protectedResourceMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata document (JSON) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcpProtectedResourceMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata document (JSON) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    apiReference: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A 301 to /docs/, the reference page (its script is served under /docs/ too) */
            301: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hostedRespondPage: {
        parameters: {
            query: {
                choice?: "accepted" | "declined" | "tentative";
                token: string;
            };
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page with accept, maybe and decline buttons */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An HTML page saying the link is not valid: no invitation has this id and token. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hostedRespondSubmit: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["HostedRespondForm"];
            };
        };
        responses: {
            /** @description An HTML confirmation page */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /**
             * @description The response page again, asking to choose an answer: `status` was missing or unknown.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description An HTML page saying the link is not valid: no invitation has this id and token. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page saying the answer was not saved: the invitation can no longer be answered. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hostedUnsubscribePage: {
        parameters: {
            query: {
                choice?: "accepted" | "declined" | "tentative";
                token: string;
            };
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page with a confirm button */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An HTML page saying the link is not valid: no invitation has this id and token. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hostedUnsubscribeSubmit: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["HostedUnsubscribeForm"];
            };
        };
        responses: {
            /** @description An HTML confirmation page */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An HTML page saying the link is not valid: no invitation has this id and token. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorize: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML consent page (recorded for its ticket, its form carrying a consent token), or without login_hint the page asking for the consent code; or a 302 to redirect_uri with error and state (access_denied for a ticket already decided) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description Back to redirect_uri with error and state */
            302: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An HTML page: an unknown client_id or an unregistered redirect_uri, never redirected.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthAuthorizeDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["FormFields"];
            };
        };
        responses: {
            /** @description 302 to redirect_uri with code, state and iss (or error and state); a 400 HTML page, and no code, for a decision that is not the page shown, differs from it, or comes after the ticket was decided */
            302: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An HTML page, and no code: an unknown client_id or an unregistered redirect_uri, or a decision that is not the page last shown for its ticket, differs from what it showed, or comes after the ticket was decided.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthRegisterClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OAuthClientRegistrationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClientRegistration"];
                };
            };
            /**
             * @description RFC 7591 3.2.2 error: `invalid_redirect_uri` or `invalid_client_metadata`
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OAuthProtocolError"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthRevoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["FormFields"];
            };
        };
        responses: {
            /** @description 200 with an empty body, or { error, error_description } */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description RFC 6749 5.2 error
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OAuthProtocolError"];
                };
            };
            /** @description `invalid_client`: the client authentication failed (RFC 6749 5.2) */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthProtocolError"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["FormFields"];
            };
        };
        responses: {
            /** @description RFC 6749 token response, or { error, error_description } */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /**
             * @description RFC 6749 5.2 error
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OAuthProtocolError"];
                };
            };
            /** @description `invalid_client`: the client authentication failed (RFC 6749 5.2) */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthProtocolError"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "key_01m8ewhyq2ypf03386pbv572ag",
                     *           "object": "api_key",
                     *           "type": "restricted",
                     *           "name": "Reporting",
                     *           "redacted_key": "rk_test_...3bdf",
                     *           "permissions": {
                     *             "users": "read",
                     *             "events": "read"
                     *           },
                     *           "allowed_ips": null,
                     *           "created_at": "2026-11-27T16:14:00.418Z",
                     *           "expires_at": null,
                     *           "revoked_at": null,
                     *           "livemode": false
                     *         },
                     *         {
                     *           "id": "key_01m8ewhsdms2j0ey5fkypzpfs2",
                     *           "object": "api_key",
                     *           "type": "secret",
                     *           "name": null,
                     *           "redacted_key": "sk_test_...aee2",
                     *           "permissions": null,
                     *           "allowed_ips": null,
                     *           "created_at": "2026-11-27T16:13:54.996Z",
                     *           "expires_at": null,
                     *           "revoked_at": null,
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/api_keys",
                     *       "livemode": false,
                     *       "request_id": "req_f7650dd9bb1ea61f0b139400"
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ApiKeyListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "Reporting",
                 *       "permissions": {
                 *         "events": "read",
                 *         "users": "read"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_01m8ewhyq2ypf03386pbv572ag",
                     *       "object": "api_key",
                     *       "type": "restricted",
                     *       "name": "Reporting",
                     *       "redacted_key": "rk_test_...3bdf",
                     *       "permissions": {
                     *         "users": "read",
                     *         "events": "read"
                     *       },
                     *       "allowed_ips": null,
                     *       "created_at": "2026-11-27T16:14:00.418Z",
                     *       "expires_at": null,
                     *       "revoked_at": null,
                     *       "secret": "rk_test_shown_once_at_creation",
                     *       "livemode": false,
                     *       "request_id": "req_08c192a54e100b1320b96de0"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_01m8ewhyq2ypf03386pbv572ag",
                     *       "object": "api_key",
                     *       "type": "restricted",
                     *       "name": "Reporting",
                     *       "redacted_key": "rk_test_...3bdf",
                     *       "permissions": {
                     *         "users": "read",
                     *         "events": "read"
                     *       },
                     *       "allowed_ips": null,
                     *       "created_at": "2026-11-27T16:14:00.418Z",
                     *       "expires_at": null,
                     *       "revoked_at": null,
                     *       "livemode": false,
                     *       "request_id": "req_0884c28e3cbc8cdb9795de09"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RollApiKeyRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConnectedAccounts: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectedAccountListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createConnectedAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateConnectedAccountRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAccount"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveConnectedAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAccount"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteConnectedAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        created_at: string;
                        /**
                         * @description Always true: the resource no longer exists.
                         * @enum {boolean}
                         */
                        deleted: true;
                        email: string | null;
                        id: string;
                        livemode: boolean;
                        name: string | null;
                        /** @enum {string} */
                        object: "connected_account";
                        request_id: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateConnectedAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateConnectedAccountRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAccount"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConnections: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                provider?: "google" | "microsoft" | "icloud";
                starting_after?: string;
                user_id?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectionListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveConnection: {
        parameters: {
            query?: {
                "expand[]"?: "calendars" | "calendars"[];
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCalendars: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CalendarListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCalendar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                calId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateCalendarRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calendar"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CompleteConnectionRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             *
             *     `oauth_state_invalid`: The OAuth `state` is unknown, already used, or older than 10 minutes; start the connection again.
             *
             *     `authorization_code_invalid`: The calendar provider refused the authorization code (wrong, used, expired, or not issued for this `state`).
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `calendar_provider_unavailable`: The calendar provider did not answer or failed; retry later. */
            502: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    icloudSignInPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML sign-in page; a 400 page for an unknown or expired state */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /**
             * @description An HTML page: the sign-in request is not valid, or its state is unknown or expired.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description `route_not_found`: No endpoint at this path. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    icloudSignIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["FormFields"];
            };
        };
        responses: {
            /** @description 302 to the redirect URI with code and state; 400 page when the password is refused */
            302: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An HTML page: the password was refused, or the request is not valid.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description `route_not_found`: No endpoint at this path. */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    oauthCallback: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 302 redirect to return_url with connection_id and state (or error and state) */
            302: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An HTML page: the link has no state, or it expired.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    googlePush: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 200 when the channel and its token match (the connection syncs); 400 without the channel headers, 404 when they match no channel (in the error envelope) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    microsoftPush: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GraphChangeNotifications"];
            };
        };
        responses: {
            /** @description 200 text/plain echo of validationToken; 202 for notifications; 400 without notifications (in the error envelope, naming value) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            /** @description Notifications received (no body). */
            202: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StartConnectionRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionStart"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    computeDeparture: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "from_location": {
                 *         "name": "Home",
                 *         "address": "12 St James Square, London",
                 *         "lat": 51.5074,
                 *         "lng": -0.1339
                 *       },
                 *       "to_location": {
                 *         "name": "British Library",
                 *         "address": "96 Euston Road, London",
                 *         "lat": 51.5299,
                 *         "lng": -0.1277
                 *       },
                 *       "arrive_by": "2026-11-28T18:00:00.000Z",
                 *       "timezone": "Europe/London"
                 *     }
                 */
                "application/json": components["schemas"]["ComputeDepartureRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "departure",
                     *       "event_id": null,
                     *       "earliest_departure": "2026-11-28T17:37:00.000Z",
                     *       "latest_departure": "2026-11-28T17:40:00.000Z",
                     *       "travel": {
                     *         "total_minutes": 16,
                     *         "drive_minutes": 8,
                     *         "parking_minutes": 5,
                     *         "walk_minutes": 3
                     *       },
                     *       "traffic_level": "light",
                     *       "weather": null,
                     *       "weather_warning": null,
                     *       "confidence": "low",
                     *       "data_quality": "estimate",
                     *       "traffic_incidents": [],
                     *       "transit_itinerary": null,
                     *       "origin_source": "explicit",
                     *       "calculated_at": "2026-11-27T16:14:00.065Z",
                     *       "next_recalc_at": "2026-11-27T16:19:00.065Z",
                     *       "livemode": false,
                     *       "request_id": "req_ab4b0aa5dcd4f2faaaa033f1"
                     *     }
                     */
                    "application/json": components["schemas"]["Departure"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `departure_unavailable`: The event has no departure window now (no location, no origin, started, or routing unavailable); the message says which.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                series?: "occurrences" | "masters";
                "start_time[gte]"?: string;
                "start_time[lt]"?: string;
                starting_after?: string;
                user_id?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *           "object": "event",
                     *           "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *           "title": "Analytical Engine review",
                     *           "category": "meeting",
                     *           "start_time": "2026-11-28T18:00:00.000Z",
                     *           "end_time": "2026-11-28T19:00:00.000Z",
                     *           "timezone": "Europe/London",
                     *           "location": {
                     *             "name": "British Library",
                     *             "address": "96 Euston Road, London",
                     *             "lat": 51.5299,
                     *             "lng": -0.1277
                     *           },
                     *           "origin": null,
                     *           "travel": {
                     *             "mode": "drive",
                     *             "parking_buffer_min": 5
                     *           },
                     *           "attendees": [],
                     *           "monitoring": {
                     *             "status": "monitoring",
                     *             "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *             "latest_departure": "2026-11-28T17:40:00.000Z",
                     *             "traffic_level": "light",
                     *             "traffic_status": "light",
                     *             "confidence": "low",
                     *             "calculated_at": "2026-11-27T16:13:59.818Z",
                     *             "next_recalc_at": "2026-11-27T16:18:59.793Z"
                     *           },
                     *           "external_id": null,
                     *           "calendar_id": null,
                     *           "connection_id": null,
                     *           "mirror": null,
                     *           "recurrence": null,
                     *           "all_day": false,
                     *           "start_date": null,
                     *           "end_date": null,
                     *           "recurring_event_id": null,
                     *           "original_start_time": null,
                     *           "created_at": "2026-11-27T16:13:59.792Z",
                     *           "updated_at": "2026-11-27T16:13:59.792Z",
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/events",
                     *       "livemode": false,
                     *       "request_id": "req_dab748796a9af67241ca946f"
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["EventListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                 *       "title": "Analytical Engine review",
                 *       "category": "meeting",
                 *       "start_time": "2026-11-28T18:00:00.000Z",
                 *       "end_time": "2026-11-28T19:00:00.000Z",
                 *       "timezone": "Europe/London",
                 *       "location": {
                 *         "name": "British Library",
                 *         "address": "96 Euston Road, London",
                 *         "lat": 51.5299,
                 *         "lng": -0.1277
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateEventRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    /** @description The new event's path: `/v1/events/{id}`. */
                    Location: string;
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "object": "event",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "title": "Analytical Engine review",
                     *       "category": "meeting",
                     *       "start_time": "2026-11-28T18:00:00.000Z",
                     *       "end_time": "2026-11-28T19:00:00.000Z",
                     *       "timezone": "Europe/London",
                     *       "location": {
                     *         "name": "British Library",
                     *         "address": "96 Euston Road, London",
                     *         "lat": 51.5299,
                     *         "lng": -0.1277
                     *       },
                     *       "origin": null,
                     *       "travel": {
                     *         "mode": "drive",
                     *         "parking_buffer_min": 5
                     *       },
                     *       "attendees": [],
                     *       "monitoring": {
                     *         "status": "monitoring",
                     *         "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *         "latest_departure": "2026-11-28T17:40:00.000Z",
                     *         "traffic_level": "light",
                     *         "traffic_status": "light",
                     *         "confidence": "low",
                     *         "calculated_at": "2026-11-27T16:13:59.818Z",
                     *         "next_recalc_at": "2026-11-27T16:18:59.793Z"
                     *       },
                     *       "external_id": null,
                     *       "calendar_id": null,
                     *       "connection_id": null,
                     *       "mirror": null,
                     *       "recurrence": null,
                     *       "all_day": false,
                     *       "start_date": null,
                     *       "end_date": null,
                     *       "recurring_event_id": null,
                     *       "original_start_time": null,
                     *       "created_at": "2026-11-27T16:13:59.792Z",
                     *       "updated_at": "2026-11-27T16:13:59.792Z",
                     *       "livemode": false,
                     *       "request_id": "req_b267e9b992d185d4fd6817c8"
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "object": "event",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "title": "Analytical Engine review",
                     *       "category": "meeting",
                     *       "start_time": "2026-11-28T18:00:00.000Z",
                     *       "end_time": "2026-11-28T19:00:00.000Z",
                     *       "timezone": "Europe/London",
                     *       "location": {
                     *         "name": "British Library",
                     *         "address": "96 Euston Road, London",
                     *         "lat": 51.5299,
                     *         "lng": -0.1277
                     *       },
                     *       "origin": null,
                     *       "travel": {
                     *         "mode": "drive",
                     *         "parking_buffer_min": 5
                     *       },
                     *       "attendees": [],
                     *       "monitoring": {
                     *         "status": "monitoring",
                     *         "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *         "latest_departure": "2026-11-28T17:40:00.000Z",
                     *         "traffic_level": "light",
                     *         "traffic_status": "light",
                     *         "confidence": "low",
                     *         "calculated_at": "2026-11-27T16:13:59.818Z",
                     *         "next_recalc_at": "2026-11-27T16:18:59.793Z"
                     *       },
                     *       "external_id": null,
                     *       "calendar_id": null,
                     *       "connection_id": null,
                     *       "mirror": null,
                     *       "recurrence": null,
                     *       "all_day": false,
                     *       "start_date": null,
                     *       "end_date": null,
                     *       "recurring_event_id": null,
                     *       "original_start_time": null,
                     *       "created_at": "2026-11-27T16:13:59.792Z",
                     *       "updated_at": "2026-11-27T16:13:59.792Z",
                     *       "livemode": false,
                     *       "request_id": "req_0f24adf87ff8427507064191"
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteEvent: {
        parameters: {
            query?: {
                apply_to?: "this" | "following" | "all";
            };
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "object": "event",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "title": "Analytical Engine design review",
                     *       "category": "meeting",
                     *       "start_time": "2026-11-28T18:00:00.000Z",
                     *       "end_time": "2026-11-28T19:00:00.000Z",
                     *       "timezone": "Europe/London",
                     *       "location": {
                     *         "name": "British Library",
                     *         "address": "96 Euston Road, London",
                     *         "lat": 51.5299,
                     *         "lng": -0.1277
                     *       },
                     *       "origin": null,
                     *       "travel": {
                     *         "mode": "drive",
                     *         "parking_buffer_min": 5
                     *       },
                     *       "attendees": [],
                     *       "monitoring": {
                     *         "status": "cancelled",
                     *         "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *         "latest_departure": "2026-11-28T17:40:00.000Z",
                     *         "traffic_level": "light",
                     *         "traffic_status": "light",
                     *         "confidence": "low",
                     *         "calculated_at": "2026-11-27T16:14:00.043Z",
                     *         "next_recalc_at": null
                     *       },
                     *       "external_id": null,
                     *       "calendar_id": null,
                     *       "connection_id": null,
                     *       "mirror": null,
                     *       "recurrence": null,
                     *       "all_day": false,
                     *       "start_date": null,
                     *       "end_date": null,
                     *       "recurring_event_id": null,
                     *       "original_start_time": null,
                     *       "created_at": "2026-11-27T16:13:59.792Z",
                     *       "updated_at": "2026-11-27T16:13:59.977Z",
                     *       "livemode": false,
                     *       "request_id": "req_1f6fb41caa98f5aeae825e79",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        all_day: boolean;
                        attendees: ({
                            email: string | null;
                            name: string | null;
                            user_id: string | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                        calendar_id: string | null;
                        /** @enum {string} */
                        category: "meeting" | "appointment" | "personal" | "work" | "travel" | "social" | "health" | "education" | "other";
                        connection_id: string | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        created_at: string;
                        /**
                         * @description Always true: the resource no longer exists.
                         * @enum {boolean}
                         */
                        deleted: true;
                        /** @description Exclusive; null unless all_day */
                        end_date: string | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        end_time: string;
                        /** @description The provider's id of a synced event (null for events created through the API and not mirrored) */
                        external_id: string | null;
                        id: string;
                        livemode: boolean;
                        location: ({
                            address: string | null;
                            /** @description null when the address could not be placed (monitoring.status unresolved_location) */
                            lat: number | ("Infinity" | "-Infinity" | "NaN") | null;
                            /** @description null when the address could not be placed (monitoring.status unresolved_location) */
                            lng: number | ("Infinity" | "-Infinity" | "NaN") | null;
                            name: string | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @description The copy in the user's connected calendar, for events created through the API: pending (retried), synced or failed */
                        mirror: ({
                            attempts: number;
                            calendar_id: string;
                            last_error: string | null;
                            next_attempt_at: string | null;
                            /** @enum {string} */
                            status: "pending" | "synced" | "failed";
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        monitoring: {
                            calculated_at: string | null;
                            confidence: ("low" | "medium" | "high") | null;
                            earliest_departure: string | null;
                            latest_departure: string | null;
                            next_recalc_at: string | null;
                            /** @enum {string} */
                            status: "pending" | "monitoring" | "no_location" | "unresolved_location" | "no_origin" | "unavailable" | "started" | "ended" | "cancelled";
                            traffic_level: ("free" | "light" | "moderate" | "heavy" | "severe") | null;
                            /** @description Alias of traffic_level, kept for one minor version after 2026-05-20. */
                            traffic_status: ("free" | "light" | "moderate" | "heavy" | "severe") | null;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {string} */
                        object: "event";
                        origin: ({
                            address: string | null;
                            lat: number | ("Infinity" | "-Infinity" | "NaN");
                            lng: number | ("Infinity" | "-Infinity" | "NaN");
                            name: string | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @description Where the series' rule puts the occurrence (its id is derived from it) */
                        original_start_time: string | null;
                        /** @description The RFC 5545 lines of a series master; null on single events and occurrences */
                        recurrence: string[] | null;
                        /** @description The series of an occurrence */
                        recurring_event_id: string | null;
                        request_id: string;
                        start_date: string | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        start_time: string;
                        timezone: string;
                        title: string;
                        travel: {
                            /** @enum {string} */
                            mode: "drive" | "walk" | "transit";
                            parking_buffer_min: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        updated_at: string;
                        user_id: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             *
             *     `calendar_change_refused`: The connected calendar provider refused the change of a series it mirrors (the message gives its reason); nothing was changed, and the series' `mirror` is `failed` with that reason.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateEvent: {
        parameters: {
            query?: {
                apply_to?: "this" | "following" | "all";
            };
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "title": "Analytical Engine design review"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateEventRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "object": "event",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "title": "Analytical Engine design review",
                     *       "category": "meeting",
                     *       "start_time": "2026-11-28T18:00:00.000Z",
                     *       "end_time": "2026-11-28T19:00:00.000Z",
                     *       "timezone": "Europe/London",
                     *       "location": {
                     *         "name": "British Library",
                     *         "address": "96 Euston Road, London",
                     *         "lat": 51.5299,
                     *         "lng": -0.1277
                     *       },
                     *       "origin": null,
                     *       "travel": {
                     *         "mode": "drive",
                     *         "parking_buffer_min": 5
                     *       },
                     *       "attendees": [],
                     *       "monitoring": {
                     *         "status": "monitoring",
                     *         "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *         "latest_departure": "2026-11-28T17:40:00.000Z",
                     *         "traffic_level": "light",
                     *         "traffic_status": "light",
                     *         "confidence": "low",
                     *         "calculated_at": "2026-11-27T16:13:59.818Z",
                     *         "next_recalc_at": "2026-11-27T16:18:59.793Z"
                     *       },
                     *       "external_id": null,
                     *       "calendar_id": null,
                     *       "connection_id": null,
                     *       "mirror": null,
                     *       "recurrence": null,
                     *       "all_day": false,
                     *       "start_date": null,
                     *       "end_date": null,
                     *       "recurring_event_id": null,
                     *       "original_start_time": null,
                     *       "created_at": "2026-11-27T16:13:59.792Z",
                     *       "updated_at": "2026-11-27T16:13:59.977Z",
                     *       "livemode": false,
                     *       "request_id": "req_b54598ce152778fdd4ec987a"
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             *
             *     `calendar_change_refused`: The connected calendar provider refused the change of a series it mirrors (the message gives its reason); nothing was changed, and the series' `mirror` is `failed` with that reason.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveDeparture: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "departure",
                     *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *       "latest_departure": "2026-11-28T17:40:00.000Z",
                     *       "travel": {
                     *         "total_minutes": 16,
                     *         "drive_minutes": 8,
                     *         "parking_minutes": 5,
                     *         "walk_minutes": 3
                     *       },
                     *       "traffic_level": "light",
                     *       "weather": null,
                     *       "weather_warning": null,
                     *       "confidence": "low",
                     *       "data_quality": "estimate",
                     *       "traffic_incidents": [],
                     *       "transit_itinerary": null,
                     *       "origin_source": "home",
                     *       "calculated_at": "2026-11-27T16:13:59.818Z",
                     *       "next_recalc_at": "2026-11-27T16:18:59.818Z",
                     *       "livemode": false,
                     *       "request_id": "req_174c29c7acb03d68c92ef1af"
                     *     }
                     */
                    "application/json": components["schemas"]["Departure"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `departure_unavailable`: The event has no departure window now (no location, no origin, started, or routing unavailable); the message says which. */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDepartureHistory: {
        parameters: {
            query?: {
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DepartureHistoryEntryListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recomputeDeparture: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "departure",
                     *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "earliest_departure": "2026-11-28T17:32:00.000Z",
                     *       "latest_departure": "2026-11-28T17:40:00.000Z",
                     *       "travel": {
                     *         "total_minutes": 16,
                     *         "drive_minutes": 8,
                     *         "parking_minutes": 5,
                     *         "walk_minutes": 3
                     *       },
                     *       "traffic_level": "light",
                     *       "weather": null,
                     *       "weather_warning": null,
                     *       "confidence": "low",
                     *       "data_quality": "estimate",
                     *       "traffic_incidents": [],
                     *       "transit_itinerary": null,
                     *       "origin_source": "home",
                     *       "calculated_at": "2026-11-27T16:14:00.043Z",
                     *       "next_recalc_at": "2026-11-27T16:19:00.043Z",
                     *       "livemode": false,
                     *       "request_id": "req_ee030731589cce247dd97700"
                     *     }
                     */
                    "application/json": components["schemas"]["Departure"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `departure_unavailable`: The event has no departure window now (no location, no origin, started, or routing unavailable); the message says which.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveEventHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventHealth"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEventInstances: {
        parameters: {
            query?: {
                ending_before?: string;
                from?: string;
                limit?: number;
                starting_after?: string;
                to?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReminders: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
                status?: "scheduled" | "sent" | "dismissed" | "cancelled";
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "rem_01m8ewhyd1mkse3naw759kt3q9",
                     *           "object": "reminder",
                     *           "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *           "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *           "reminder_type": "before_event",
                     *           "offset_minutes": 30,
                     *           "custom_time": null,
                     *           "scheduled_at": "2026-11-28T17:30:00.000Z",
                     *           "status": "scheduled",
                     *           "sent_at": null,
                     *           "dismissed_at": null,
                     *           "cancelled_at": null,
                     *           "cancellation_reason": null,
                     *           "snooze_count": 0,
                     *           "message": "Leave soon",
                     *           "created_at": "2026-11-27T16:14:00.097Z",
                     *           "updated_at": "2026-11-27T16:14:00.097Z",
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/events/evt_01m8ewhy3ggdwbfmm8f5hx3ra8/reminders",
                     *       "livemode": false,
                     *       "request_id": "req_1d885239cfcca011a738ff73"
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ReminderListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReminder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "offset_minutes": 30,
                 *       "message": "Leave soon"
                 *     }
                 */
                "application/json": components["schemas"]["CreateReminderRequest"];
            };
        };
        responses: {
            /** @description The event already had a reminder at this offset or time: it is answered. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rem_01m8ewhyd1mkse3naw759kt3q9",
                     *       "object": "reminder",
                     *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "reminder_type": "before_event",
                     *       "offset_minutes": 30,
                     *       "custom_time": null,
                     *       "scheduled_at": "2026-11-28T17:30:00.000Z",
                     *       "status": "scheduled",
                     *       "sent_at": null,
                     *       "dismissed_at": null,
                     *       "cancelled_at": null,
                     *       "cancellation_reason": null,
                     *       "snooze_count": 0,
                     *       "message": "Leave soon",
                     *       "created_at": "2026-11-27T16:14:00.097Z",
                     *       "updated_at": "2026-11-27T16:14:00.097Z",
                     *       "livemode": false,
                     *       "request_id": "req_8fa5d1da88e2c53dbd2742f2"
                     *     }
                     */
                    "application/json": components["schemas"]["Reminder"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rem_01m8ewhyd1mkse3naw759kt3q9",
                     *       "object": "reminder",
                     *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "reminder_type": "before_event",
                     *       "offset_minutes": 30,
                     *       "custom_time": null,
                     *       "scheduled_at": "2026-11-28T17:30:00.000Z",
                     *       "status": "scheduled",
                     *       "sent_at": null,
                     *       "dismissed_at": null,
                     *       "cancelled_at": null,
                     *       "cancellation_reason": null,
                     *       "snooze_count": 0,
                     *       "message": "Leave soon",
                     *       "created_at": "2026-11-27T16:14:00.097Z",
                     *       "updated_at": "2026-11-27T16:14:00.097Z",
                     *       "livemode": false,
                     *       "request_id": "req_8fa5d1da88e2c53dbd2742f2"
                     *     }
                     */
                    "application/json": components["schemas"]["Reminder"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveTracking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tracking"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordTrackingLocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrackingLocationRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingLocationResult"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startTracking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StartTrackingRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tracking"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stopTracking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tracking"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUpcomingEventHealth: {
        parameters: {
            query: {
                horizon_hours?: number;
                limit?: number;
                user_id: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventHealthListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findSlots: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FindSlotsRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotList"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    queryFreeBusy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FreeBusyQueryRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FreeBusy"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "health",
                     *       "status": "ok",
                     *       "version": "2026-05-20",
                     *       "livemode": false,
                     *       "request_id": "req_84396426b468f26886ee7222"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inboundMailNotice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InboundMailNotice"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailNotice"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `signature_invalid`: A signed inbound request (mail provider notices) has a missing, malformed, stale or wrong `Service-Signature`.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvitations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                 *       "attendees": [
                 *         {
                 *           "email": "grace.hopper@sandbox.example",
                 *           "name": "Grace Hopper"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateInvitationsRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "inv_01m8ewhyh57nk1snq9g7mr9zkn",
                     *           "object": "invitation",
                     *           "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *           "organizer_user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *           "attendee_email": "grace.hopper@sandbox.example",
                     *           "attendee_name": "Grace Hopper",
                     *           "attendee_user_id": "usr_01m8ewhsdpxm0evg01afb9rhpp",
                     *           "response_token": "irt_example_token",
                     *           "status": "email_sent",
                     *           "email_type": "invite",
                     *           "ical_sequence": 0,
                     *           "response": null,
                     *           "responded_at": null,
                     *           "unsubscribed": false,
                     *           "created_at": "2026-11-27T16:14:00.228Z",
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/invitations",
                     *       "livemode": false,
                     *       "request_id": "req_521074d7fa0ccadb20a8bc73"
                     *     }
                     */
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invitationOpenPixel: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A 1x1 transparent GIF, whatever the token */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": unknown;
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    respondToInvitation: {
        parameters: {
            query?: {
                response_token?: string;
            };
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RespondToInvitationRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOAuthApplications: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OAuthApplicationListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOAuthApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateOAuthApplicationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthApplication"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveOAuthApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthApplication"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOAuthConsentTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateOAuthConsentTicketRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthConsentTicket"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openApiDocument: {
        parameters: {
            query?: {
                version?: "2025-06-15" | "2025-09-22" | "2025-12-09" | "2026-03-04" | "2026-05-20";
            };
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document (JSON) */
            200: {
                headers: {
                    /** @description `public, max-age=300`: kept five minutes, then revalidated. */
                    "Cache-Control": string;
                    /** @description The document's entity tag, for `If-None-Match`. */
                    ETag: string;
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Not modified: `If-None-Match` names the current entity tag (or `*`); no body. */
            304: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveReminder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rem_01m8ewhyd1mkse3naw759kt3q9",
                     *       "object": "reminder",
                     *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "reminder_type": "before_event",
                     *       "offset_minutes": 30,
                     *       "custom_time": null,
                     *       "scheduled_at": "2026-11-28T17:30:00.000Z",
                     *       "status": "scheduled",
                     *       "sent_at": null,
                     *       "dismissed_at": null,
                     *       "cancelled_at": null,
                     *       "cancellation_reason": null,
                     *       "snooze_count": 0,
                     *       "message": "Leave soon",
                     *       "created_at": "2026-11-27T16:14:00.097Z",
                     *       "updated_at": "2026-11-27T16:14:00.097Z",
                     *       "livemode": false,
                     *       "request_id": "req_88649a7bd07a6508ec539993"
                     *     }
                     */
                    "application/json": components["schemas"]["Reminder"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelReminder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rem_01m8ewhyd1mkse3naw759kt3q9",
                     *       "object": "reminder",
                     *       "event_id": "evt_01m8ewhy3ggdwbfmm8f5hx3ra8",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "reminder_type": "before_event",
                     *       "offset_minutes": 30,
                     *       "custom_time": null,
                     *       "scheduled_at": "2026-11-28T17:30:00.000Z",
                     *       "status": "cancelled",
                     *       "sent_at": null,
                     *       "dismissed_at": null,
                     *       "cancelled_at": "2026-11-27T16:14:00.454Z",
                     *       "cancellation_reason": "requested",
                     *       "snooze_count": 0,
                     *       "message": "Leave soon",
                     *       "created_at": "2026-11-27T16:14:00.097Z",
                     *       "updated_at": "2026-11-27T16:14:00.454Z",
                     *       "livemode": false,
                     *       "request_id": "req_7d4df2306ad0a85b2109dcb3"
                     *     }
                     */
                    "application/json": components["schemas"]["Reminder"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dismissReminder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reminder"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    snoozeReminder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SnoozeReminderRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reminder"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxConsentPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML consent page */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /**
             * @description An HTML page: the consent request is not valid.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxConsentDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["FormFields"];
            };
        };
        responses: {
            /** @description 302 redirect to redirect_uri with code and state (or error=access_denied) */
            302: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An HTML page: the consent request is not valid, or the e-mail is missing.
             *
             *     `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    parseSchedulingText: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ParseEventRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ParsedEvent"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    suggestSlots: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SuggestRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestionList"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceTime: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["AdvanceTimeRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "test_clock",
                     *       "now": "2026-11-27T17:14:00.531Z",
                     *       "offset_seconds": 3600,
                     *       "work_items_run": 0,
                     *       "livemode": false,
                     *       "request_id": "req_4a615451f0d0fd45819b226d"
                     *     }
                     */
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    expireProviderSyncCursors: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProviderEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ProviderEventRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderEvent"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProviderEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                external_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderEvent"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProviderEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                external_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ProviderEventPatch"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderEvent"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setProviderOutage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ProviderOutageRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeProviderGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulateInvitationBounced: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailNotice"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulateInvitationDelivered: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailNotice"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulateInvitationOpened: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailNotice"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPushMessages: {
        parameters: {
            query?: {
                limit?: number;
                user_id?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PushMessageListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSentEmails: {
        parameters: {
            query?: {
                invitation_id?: string;
                to?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "sent_email",
                     *           "id": "<memory-1.inv_01m8ewhyh57nk1snq9g7mr9zkn@mail.invalid>",
                     *           "sent_at": "2026-11-27T16:14:00.306Z",
                     *           "invitation_id": "inv_01m8ewhyh57nk1snq9g7mr9zkn",
                     *           "from": "Invitations <invitations@localhost>",
                     *           "to": "Grace Hopper <grace.hopper@sandbox.example>",
                     *           "subject": "Invitation: Analytical Engine design review (28 Nov 2026 18:00)",
                     *           "text": "Ada Lovelace invites you to \"Analytical Engine design review\".\n\nWhen: Saturday 28 November 2026, 18:00 to 19:00 (Europe/London)\nWhere: British Library, 96 Euston Road, London\n\nWill you attend? Answer here: http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/respond?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595\n\nStop e-mails from Ada Lovelace: http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/unsubscribe?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595",
                     *           "html": "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Invitation: Analytical Engine design review</title></head><body>\n<p>Ada Lovelace invites you to &quot;Analytical Engine design review&quot;.</p>\n<ul><li>When: Saturday 28 November 2026, 18:00 to 19:00 (Europe/London)</li><li>Where: British Library, 96 Euston Road, London</li></ul>\n<p>Will you attend? <a href=\"http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/respond?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595&amp;choice=accepted\">Yes</a> · <a href=\"http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/respond?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595&amp;choice=tentative\">Maybe</a> · <a href=\"http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/respond?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595&amp;choice=declined\">No</a> · <a href=\"http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/respond?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595\">Open the response page</a></p>\n<p><small><a href=\"http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/unsubscribe?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595\">Stop e-mails from Ada Lovelace</a></small></p>\n<img src=\"http://127.0.0.1:34505/v1/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/open.gif?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595\" width=\"1\" height=\"1\" alt=\"\">\n</body></html>",
                     *           "headers": {
                     *             "List-Unsubscribe": "<http://127.0.0.1:34505/hosted/invitations/inv_01m8ewhyh57nk1snq9g7mr9zkn/unsubscribe?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7ce77087ff595>"
                     *           },
                     *           "calendar": {
                     *             "method": "REQUEST",
                     *             "filename": "invite.ics",
                     *             "content": "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//departure-service//invitations//EN\r\nMETHOD:REQUEST\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/London\r\nX-LIC-LOCATION:Europe/London\r\nLAST-MODIFIED:20260715T220651Z\r\nBEGIN:DAYLIGHT\r\nTZNAME:BST\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nDTSTART:19700329T010000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nTZNAME:GMT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nDTSTART:19701025T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:evt_01m8ewhy3ggdwbfmm8f5hx3ra8@localhost\r\nSEQUENCE:0\r\nDTSTAMP:20261127T161400Z\r\nDTSTART;TZID=Europe/London:20261128T180000\r\nDTEND;TZID=Europe/London:20261128T190000\r\nSUMMARY:Analytical Engine design review\r\nLOCATION:British Library\\, 96 Euston Road\\, London\r\nDESCRIPTION:Respond: http://127.0.0.1:34505/hosted/invitations/inv_01m8ewh\r\n yh57nk1snq9g7mr9zkn/respond?token=irt_1ccbebbba2897c8e3ffa41ab80de2adbace7\r\n ce77087ff595\r\nORGANIZER;CN=\"Ada Lovelace\":mailto:ada.lovelace@sandbox.example\r\nATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=\"Grace Ho\r\n pper\":MAILTO:grace.hopper@sandbox.example\r\nSTATUS:CONFIRMED\r\nEND:VEVENT\r\nEND:VCALENDAR"
                     *           }
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/test_helpers/sent_emails",
                     *       "livemode": false,
                     *       "request_id": "req_2536f9d133d09faf3cbcd426"
                     *     }
                     */
                    "application/json": components["schemas"]["SentEmailList"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `resource_missing`: No such object (also for DELETE of a missing object).
             *
             *     `route_not_found`: No endpoint at this path.
             */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                email?: string;
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "usr_01m8ewhsdpxm0evg01afb9rhpr",
                     *           "object": "user",
                     *           "email": "katherine.johnson@sandbox.example",
                     *           "display_name": "Katherine Johnson",
                     *           "timezone": "America/Los_Angeles",
                     *           "default_travel_mode": "walk",
                     *           "default_parking_buffer": 5,
                     *           "default_walk_buffer": 3,
                     *           "preferred_departure": "on_time",
                     *           "pre_alert_minutes": 10,
                     *           "alert_profile": "balanced",
                     *           "theme": "system",
                     *           "sound_enabled": true,
                     *           "haptic_enabled": true,
                     *           "quiet_hours_start": null,
                     *           "quiet_hours_end": null,
                     *           "onboarding_completed": true,
                     *           "home_location": null,
                     *           "deactivated_at": null,
                     *           "created_at": "2026-11-27T16:13:54.998Z",
                     *           "livemode": false
                     *         },
                     *         {
                     *           "id": "usr_01m8ewhsdpxm0evg01afb9rhpp",
                     *           "object": "user",
                     *           "email": "grace.hopper@sandbox.example",
                     *           "display_name": "Grace Hopper",
                     *           "timezone": "America/New_York",
                     *           "default_travel_mode": "transit",
                     *           "default_parking_buffer": 5,
                     *           "default_walk_buffer": 3,
                     *           "preferred_departure": "on_time",
                     *           "pre_alert_minutes": 10,
                     *           "alert_profile": "balanced",
                     *           "theme": "system",
                     *           "sound_enabled": true,
                     *           "haptic_enabled": true,
                     *           "quiet_hours_start": null,
                     *           "quiet_hours_end": null,
                     *           "onboarding_completed": true,
                     *           "home_location": null,
                     *           "deactivated_at": null,
                     *           "created_at": "2026-11-27T16:13:54.998Z",
                     *           "livemode": false
                     *         },
                     *         {
                     *           "id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *           "object": "user",
                     *           "email": "ada.lovelace@sandbox.example",
                     *           "display_name": "Ada Lovelace",
                     *           "timezone": "Europe/London",
                     *           "default_travel_mode": "drive",
                     *           "default_parking_buffer": 5,
                     *           "default_walk_buffer": 3,
                     *           "preferred_departure": "on_time",
                     *           "pre_alert_minutes": 10,
                     *           "alert_profile": "balanced",
                     *           "theme": "system",
                     *           "sound_enabled": true,
                     *           "haptic_enabled": true,
                     *           "quiet_hours_start": null,
                     *           "quiet_hours_end": null,
                     *           "onboarding_completed": true,
                     *           "home_location": null,
                     *           "deactivated_at": null,
                     *           "created_at": "2026-11-27T16:13:54.997Z",
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/users",
                     *       "livemode": false,
                     *       "request_id": "req_678219c3475c2abc742532e9"
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "email": "ada.lovelace@sandbox.example",
                 *       "display_name": "Ada Lovelace",
                 *       "timezone": "Europe/London"
                 *     }
                 */
                "application/json": components["schemas"]["CreateUserRequest"];
            };
        };
        responses: {
            /** @description A user with this e-mail already existed: it is answered unchanged. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "object": "user",
                     *       "email": "ada.lovelace@sandbox.example",
                     *       "display_name": "Ada Lovelace",
                     *       "timezone": "Europe/London",
                     *       "default_travel_mode": "drive",
                     *       "default_parking_buffer": 5,
                     *       "default_walk_buffer": 3,
                     *       "preferred_departure": "on_time",
                     *       "pre_alert_minutes": 10,
                     *       "alert_profile": "balanced",
                     *       "theme": "system",
                     *       "sound_enabled": true,
                     *       "haptic_enabled": true,
                     *       "quiet_hours_start": null,
                     *       "quiet_hours_end": null,
                     *       "onboarding_completed": true,
                     *       "home_location": null,
                     *       "deactivated_at": null,
                     *       "created_at": "2026-11-27T16:13:54.997Z",
                     *       "livemode": false,
                     *       "request_id": "req_afde2f7857efd5bf02cfd9e1"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "object": "user",
                     *       "email": "ada.lovelace@sandbox.example",
                     *       "display_name": "Ada Lovelace",
                     *       "timezone": "Europe/London",
                     *       "default_travel_mode": "drive",
                     *       "default_parking_buffer": 5,
                     *       "default_walk_buffer": 3,
                     *       "preferred_departure": "on_time",
                     *       "pre_alert_minutes": 10,
                     *       "alert_profile": "balanced",
                     *       "theme": "system",
                     *       "sound_enabled": true,
                     *       "haptic_enabled": true,
                     *       "quiet_hours_start": null,
                     *       "quiet_hours_end": null,
                     *       "onboarding_completed": true,
                     *       "home_location": null,
                     *       "deactivated_at": null,
                     *       "created_at": "2026-11-27T16:13:54.997Z",
                     *       "livemode": false,
                     *       "request_id": "req_afde2f7857efd5bf02cfd9e1"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "object": "user",
                     *       "email": "ada.lovelace@sandbox.example",
                     *       "display_name": "Ada Lovelace",
                     *       "timezone": "Europe/London",
                     *       "default_travel_mode": "drive",
                     *       "default_parking_buffer": 5,
                     *       "default_walk_buffer": 3,
                     *       "preferred_departure": "on_time",
                     *       "pre_alert_minutes": 10,
                     *       "alert_profile": "balanced",
                     *       "theme": "system",
                     *       "sound_enabled": true,
                     *       "haptic_enabled": true,
                     *       "quiet_hours_start": null,
                     *       "quiet_hours_end": null,
                     *       "onboarding_completed": true,
                     *       "home_location": null,
                     *       "deactivated_at": null,
                     *       "created_at": "2026-11-27T16:13:54.997Z",
                     *       "livemode": false,
                     *       "request_id": "req_3c5739c7ab6d7493b58d45bb"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        alert_profile: "minimal" | "balanced" | "detailed" | "quiet";
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        created_at: string;
                        deactivated_at: string | null;
                        default_parking_buffer: number;
                        /** @enum {string} */
                        default_travel_mode: "drive" | "walk" | "transit";
                        default_walk_buffer: number;
                        /**
                         * @description Always true: the resource no longer exists.
                         * @enum {boolean}
                         */
                        deleted: true;
                        display_name: string | null;
                        email: string;
                        haptic_enabled: boolean;
                        home_location: ({
                            address: string | null;
                            lat: number | ("Infinity" | "-Infinity" | "NaN");
                            lng: number | ("Infinity" | "-Infinity" | "NaN");
                            name: string | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        id: string;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "user";
                        onboarding_completed: boolean;
                        pre_alert_minutes: number;
                        /** @enum {string} */
                        preferred_departure: "on_time" | "5_min_early" | "10_min_early";
                        quiet_hours_end: string | null;
                        quiet_hours_start: string | null;
                        request_id: string;
                        sound_enabled: boolean;
                        /** @enum {string} */
                        theme: "system" | "light" | "dark";
                        timezone: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "home_location": {
                 *         "name": "Home",
                 *         "address": "12 St James Square, London",
                 *         "lat": 51.5074,
                 *         "lng": -0.1339
                 *       },
                 *       "preferred_departure": "5_min_early"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateUserRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "object": "user",
                     *       "email": "ada.lovelace@sandbox.example",
                     *       "display_name": "Ada Lovelace",
                     *       "timezone": "Europe/London",
                     *       "default_travel_mode": "drive",
                     *       "default_parking_buffer": 5,
                     *       "default_walk_buffer": 3,
                     *       "preferred_departure": "5_min_early",
                     *       "pre_alert_minutes": 10,
                     *       "alert_profile": "balanced",
                     *       "theme": "system",
                     *       "sound_enabled": true,
                     *       "haptic_enabled": true,
                     *       "quiet_hours_start": null,
                     *       "quiet_hours_end": null,
                     *       "onboarding_completed": true,
                     *       "home_location": {
                     *         "name": "Home",
                     *         "address": "12 St James Square, London",
                     *         "lat": 51.5074,
                     *         "lng": -0.1339
                     *       },
                     *       "deactivated_at": null,
                     *       "created_at": "2026-11-27T16:13:54.997Z",
                     *       "livemode": false,
                     *       "request_id": "req_5ce06a1fc6c4854351e3595d"
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgentTokens: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AgentTokenListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAgentToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateAgentTokenRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentToken"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeAgentToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentToken"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deactivateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDevices: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "dev_01m8ewhyf7gp96ehfehvatezmw",
                     *           "object": "device",
                     *           "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *           "endpoint": "https://push.example.com/ada-laptop",
                     *           "expires_at": null,
                     *           "created_at": "2026-11-27T16:14:00.167Z",
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/users/usr_01m8ewhsdn8kzzpg20r67x6eeq/devices",
                     *       "livemode": false,
                     *       "request_id": "req_189f9a14425274e92058c85e"
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DeviceListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "endpoint": "https://push.example.com/ada-laptop",
                 *       "keys": {
                 *         "p256dh": "Bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                 *         "auth": "yyyyyyyyyyyyyyyyyyyyyy"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RegisterDeviceRequest"];
            };
        };
        responses: {
            /** @description The user already had this subscription: its device is answered. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dev_01m8ewhyf7gp96ehfehvatezmw",
                     *       "object": "device",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "endpoint": "https://push.example.com/ada-laptop",
                     *       "expires_at": null,
                     *       "created_at": "2026-11-27T16:14:00.167Z",
                     *       "livemode": false,
                     *       "request_id": "req_116967bfb666c271b63aa1df"
                     *     }
                     */
                    "application/json": components["schemas"]["Device"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dev_01m8ewhyf7gp96ehfehvatezmw",
                     *       "object": "device",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "endpoint": "https://push.example.com/ada-laptop",
                     *       "expires_at": null,
                     *       "created_at": "2026-11-27T16:14:00.167Z",
                     *       "livemode": false,
                     *       "request_id": "req_116967bfb666c271b63aa1df"
                     *     }
                     */
                    "application/json": components["schemas"]["Device"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             *
             *     `account_deactivated`: The user is paused (`deactivated_at` set); only retrieve, reactivate and delete work.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                device_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dev_01m8ewhyf7gp96ehfehvatezmw",
                     *       "object": "device",
                     *       "user_id": "usr_01m8ewhsdn8kzzpg20r67x6eeq",
                     *       "endpoint": "https://push.example.com/ada-laptop",
                     *       "expires_at": null,
                     *       "created_at": "2026-11-27T16:14:00.167Z",
                     *       "livemode": false,
                     *       "request_id": "req_09f0eeecfc594223d57e5af3",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        created_at: string;
                        /**
                         * @description Always true: the resource no longer exists.
                         * @enum {boolean}
                         */
                        deleted: true;
                        endpoint: string;
                        expires_at: string | null;
                        id: string;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "device";
                        request_id: string;
                        user_id: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveUserLocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserLocation"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportUserLocation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReportPositionRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserLocation"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reactivateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createVoiceSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateVoiceSessionRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceSession"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveVoiceSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceSession"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endVoiceSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceSession"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "we_01m8ewhyp060c4q58yee1k7265",
                     *           "object": "webhook_endpoint",
                     *           "url": "http://localhost:4242/webhooks",
                     *           "description": null,
                     *           "events": [
                     *             "departure.updated",
                     *             "reminder.sent"
                     *           ],
                     *           "status": "enabled",
                     *           "disabled_reason": null,
                     *           "previous_secret_expires_at": null,
                     *           "connect": false,
                     *           "created_at": "2026-11-27T16:14:00.384Z",
                     *           "updated_at": "2026-11-27T16:14:00.384Z",
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/webhook_endpoints",
                     *       "livemode": false,
                     *       "request_id": "req_a48c74573a0419c23e828a31"
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "url": "http://localhost:4242/webhooks",
                 *       "events": [
                 *         "departure.updated",
                 *         "reminder.sent"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01m8ewhyp060c4q58yee1k7265",
                     *       "object": "webhook_endpoint",
                     *       "url": "http://localhost:4242/webhooks",
                     *       "description": null,
                     *       "events": [
                     *         "departure.updated",
                     *         "reminder.sent"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "secret": "whsec_shown_once_at_creation",
                     *       "previous_secret_expires_at": null,
                     *       "connect": false,
                     *       "created_at": "2026-11-27T16:14:00.384Z",
                     *       "updated_at": "2026-11-27T16:14:00.384Z",
                     *       "livemode": false,
                     *       "request_id": "req_5a26974b894edc6b1e31ccf3"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01m8ewhyp060c4q58yee1k7265",
                     *       "object": "webhook_endpoint",
                     *       "url": "http://localhost:4242/webhooks",
                     *       "description": null,
                     *       "events": [
                     *         "departure.updated",
                     *         "reminder.sent"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "previous_secret_expires_at": null,
                     *       "connect": false,
                     *       "created_at": "2026-11-27T16:14:00.384Z",
                     *       "updated_at": "2026-11-27T16:14:00.384Z",
                     *       "livemode": false,
                     *       "request_id": "req_e292ea616817449164147fc6"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Connect: the platform's endpoint for its connected accounts' notifications (each carries `account`). */
                        connect: boolean;
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        created_at: string;
                        /**
                         * @description Always true: the resource no longer exists.
                         * @enum {boolean}
                         */
                        deleted: true;
                        description: string | null;
                        disabled_reason: ("manual" | "failing") | null;
                        events: string[];
                        id: string;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "webhook_endpoint";
                        previous_secret_expires_at: string | null;
                        request_id: string;
                        /** @description The signing secret: returned only by create and rotate_secret. */
                        secret?: string;
                        /** @enum {string} */
                        status: "enabled" | "disabled";
                        /**
                         * Format: date-time
                         * @description RFC 3339 datetime with a UTC offset
                         */
                        updated_at: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "description": "Departure alerts"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01m8ewhyp060c4q58yee1k7265",
                     *       "object": "webhook_endpoint",
                     *       "url": "http://localhost:4242/webhooks",
                     *       "description": "Departure alerts",
                     *       "events": [
                     *         "departure.updated",
                     *         "reminder.sent"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "previous_secret_expires_at": null,
                     *       "connect": false,
                     *       "created_at": "2026-11-27T16:14:00.384Z",
                     *       "updated_at": "2026-11-27T16:14:00.401Z",
                     *       "livemode": false,
                     *       "request_id": "req_5d17764e7bb5ad23cc76c6c9"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                ending_before?: string;
                limit?: number;
                starting_after?: string;
            };
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDeliveryListItem"][];
                        has_more: boolean;
                        livemode: boolean;
                        /** @enum {string} */
                        object: "list";
                        request_id: string;
                        url: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retrieveWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description `invalid_api_version`: The `Service-Version` header names no version of the change history. */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `webhook_endpoint_disabled`: The webhook endpoint is disabled; enable it (`PATCH` with `enabled: true`) before a test or a replay.
             *
             *     `invalid_state_transition`: The object is in a state that does not allow this operation.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `concurrent_modification`: The object changed while the request ran; nothing was written and the request can be retried.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a retry with the same key within 24 hours gets the stored answer instead of running again. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Connect: act for this connected account (`cpa_...`) of the platform. */
                "Service-Account"?: components["parameters"]["ServiceAccount"];
                /** @description The API version to speak (docs/versions.md); the account's pinned version when absent. */
                "Service-Version"?: components["parameters"]["ServiceVersion"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Service-Idempotent-Replay": components["headers"]["IdempotentReplay"];
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /**
             * @description `invalid_api_version`: The `Service-Version` header names no version of the change history.
             *
             *     `invalid_json`: The body is not valid JSON.
             *
             *     `body_too_deep`: The JSON body nests objects and arrays more than 32 levels deep.
             *
             *     `parameter_missing`: A required parameter is missing; `param` names it.
             *
             *     `parameter_invalid`: A parameter has a value the API does not accept; `param` names it.
             *
             *     `parameter_unknown`: The request carries a parameter the endpoint does not know; `param` names it.
             *
             *     `idempotency_key_invalid`: The `Idempotency-Key` is empty or longer than 255 characters.
             */
            400: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_failed`: Missing, invalid, revoked or wrong-surface API key. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `ip_not_allowed`: A key with an IP allowlist was used from an address not on it. Nothing ran.
             *
             *     `insufficient_permissions`: A restricted key (`rk_`) called an endpoint its permissions do not grant; the message names the permission (`events:write`, `secret_key`). Nothing ran.
             */
            403: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `resource_missing`: No such object (also for DELETE of a missing object). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `idempotency_key_in_use`: The `Idempotency-Key` was used with another body or path on this endpoint within 24 hours.
             *
             *     `idempotency_request_in_flight`: A request with this `Idempotency-Key` is still running; retry after it finishes.
             *
             *     `webhook_endpoint_disabled`: The webhook endpoint is disabled; enable it (`PATCH` with `enabled: true`) before a test or a replay.
             */
            409: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `body_too_large`: The body exceeds the 1 MiB limit. */
            413: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: A body was sent with a content type other than `application/json`. */
            415: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limit_exceeded`: A rate limit or a concurrency limit is exceeded; see `retry_after_seconds` and `Retry-After`. */
            429: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: Something went wrong on our side; the request can be retried with the same `Idempotency-Key`. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentActionExecutedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentActionExecutedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    connectionCreatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionCreatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    connectionDisconnectedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionDisconnectedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    connectionReconnectedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionReconnectedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    connectionUpdatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionUpdatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    departureComputedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartureComputedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    departureThresholdReachedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartureThresholdReachedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    departureUpdatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepartureUpdatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventCreatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventCreatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventDeletedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventDeletedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventLatePredictedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventLatePredictedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventTrackingStoppedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventTrackingStoppedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventUpdatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventUpdatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationBouncedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationBouncedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationCancelledNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCancelledNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationCreatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationDeliveredNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationDeliveredNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationEmailSentNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationEmailSentNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationOpenedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationOpenedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationReceivedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationReceivedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationRespondedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationRespondedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationUnsubscribedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationUnsubscribedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    invitationUpdatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationUpdatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reminderCancelledNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReminderCancelledNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reminderCreatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReminderCreatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reminderDismissedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReminderDismissedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reminderRescheduledNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReminderRescheduledNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reminderSentNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReminderSentNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reminderSnoozedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReminderSnoozedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    userArrivedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserArrivedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    userCreatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    userDeactivatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserDeactivatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    userDeletedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserDeletedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    userReactivatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserReactivatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    userUpdatedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdatedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    voiceActionExecutedNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoiceActionExecutedNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookEndpointDisabledNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointDisabledNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookEndpointTestNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret; one `v1` per active secret. Verify it with `constructWebhookEvent` (docs/webhooks.md). */
                "Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointTestNotification"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify: the delivery is retried and eventually disabled. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
