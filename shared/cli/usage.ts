/** Each command's usage: printed by `resumer <command> --help` and after a mistake in its arguments. */
export const Usage = {
  help: `usage: resumer <command> [arguments]

commands:
  classify     read JSON Lines {"text": "...", "status"?: n, "type"?: "...", "retryAfterSeconds"?: n}
               from stdin; write one {"class", "retry", "retryAfterMs"?} line per input
  policy       print the effective retry policy (from RESUMER_* environment variables)
  start        run the resumer on this machine (embedded local mode); --demo plays two sample sessions
  send         sign and post a turn event to a running resumer (--session, --error, … or --file)
  sessions     list the retries waiting on a running resumer, or show one session (resumer sessions <id>)
  stop         stop a session's waiting retry (resumer stop <sessionId>)
  help         show this text

resumer <command> --help shows the usage of one command.`,
  classify: `usage: resumer classify < failures.jsonl
Reads JSON Lines from stdin, {"text": "...", "status"?: n, "type"?: "...", "retryAfterSeconds"?: n,
"agentExited"?: bool, "occurredAt"?: "ISO time"}, and writes one line per input: {"class", "retry",
"retryAfterMs"?}, or {"error"}. A hint that names a moment (an HTTP date, an epoch) is read against
occurredAt, or against now without it.`,
  policy: `usage: resumer policy
Prints the effective retry policy, read from the RESUMER_* environment variables (docs/local-mode.md).`,
  start: `usage: resumer start [--demo]
Runs the resumer on this machine (embedded local mode) until Ctrl-C, configured by the RESUMER_* environment
variables (docs/local-mode.md). --demo adds a built-in agent and plays two sample sessions.`,
  send: `usage: resumer send --session ID [--type turn.failed] [--turn ID] [--prompt ID] [--agent-session ID]
                    [--error TEXT] [--status N] [--retry-after SECONDS] [--agent-exited] [--id WEBHOOK_ID] [--url URL]
       resumer send --file event.json [--id WEBHOOK_ID] [--url URL]
Signs the event with RESUMER_WEBHOOK_SECRET (else the secret kept in the data folder) and posts it to
<url>/webhooks/agent (default http://127.0.0.1:$RESUMER_PORT, port 8787). --status is an HTTP status
(100 to 599), --retry-after a number of seconds (0 or more).`,
  sessions: `usage: resumer sessions [--waiting] [--json] [--url URL]   (the sessions with a retry waiting)
       resumer sessions <sessionId> [--json] [--url URL]       (one session and its event log)`,
  stop: `usage: resumer stop <sessionId> [--url URL]
Stops the session's waiting retry, as a session.stopped event would.`,
} as const;

/** A command of the `resumer` CLI. */
export type CommandName = keyof typeof Usage;
