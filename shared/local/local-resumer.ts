import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClassifierHandler } from '../../lambdas/classifier/handler';
import { createResumeHandler } from '../../lambdas/resume/handler';
import { HttpAgentClient } from '../adapters/http-agent-client';
import { AppendLog } from '../adapters/local/append-log';
import { FileRetryStore } from '../adapters/local/file-retry-store';
import { type DeadLetter, LocalQueue } from '../adapters/local/local-queue';
import { LocalTurnEventQueue } from '../adapters/local/local-turn-event-queue';
import { MemoryPacer } from '../adapters/local/memory-pacer';
import { MessageJournal } from '../adapters/local/message-journal';
import { rearmWaiting, TimerWaker } from '../adapters/local/timer-waker';
import { systemTimers, type Timers } from '../adapters/local/timers';
import type { ResumerDeps } from '../app/deps';
import { noTelemetry } from '../app/telemetry';
import type { ConfigByRole } from '../config';
import { encodeWake } from '../messages';
import type { AgentClient, Clock, Log } from '../ports';
import { DataFile, ensureDataDir, lockDataDir } from './data-dir';
import { createLocalHttpServer, hostForUrl } from './http-server';
import { SessionFeed } from './session-feed';

/** What the embedded mode runs on. */
export type LocalResumerOptions = {
  config: ConfigByRole['local'];
  webhookSecret: string;
  agentSecret: string;
  log: Log;
  /** @default systemTimers */
  timers?: Timers;
  /** @default shared/local/dashboard/index.html */
  dashboardPath?: string;
};

/** A running embedded resumer. */
export type LocalResumer = {
  /** e.g. `http://127.0.0.1:8787`. */
  url: string;
  port: number;
  feed: SessionFeed;
  store: FileRetryStore;
  /** Waiting retries armed again at start. */
  rearmed: number;
  /** Journalled messages (webhooks, due wake-ups) that a previous run left unhandled. */
  replayed: number;
  /** Stops accepting, finishes the work in progress and closes the files; timers are re-armed at the next start. */
  close(): Promise<void>;
  /**
   * Resolves if the resumer can no longer work: its session store failed to write (a full disk), so it refuses
   * everything. Close it then and start again once the cause is fixed; the journals replay what was unfinished.
   */
  failed: Promise<Error>;
};

/** A turn event fails only on a fault; five receives ride out a short one (infra uses the same count). */
const TURN_EVENTS_MAX_RECEIVES = 5;
/** Each receive of a wake-up whose POST failed retryably counts one resume try, so stay above maxResumeTries. */
const wakeMaxReceives = (maxResumeTries: number): number => Math.max(10, 2 * maxResumeTries);
/** 1 s, 2 s, 4 s, … 30 s: by the sixth receive a claim left by a crash (30 s lease) can be taken over. */
const backoffMs = (receiveCount: number): number => Math.min(1000 * 2 ** (receiveCount - 1), 30_000);
const SHUTDOWN_GRACE_MS = 5_000;

const DASHBOARD = fileURLToPath(new URL('./dashboard/index.html', import.meta.url));

/**
 * Starts the resumer on this machine: the Lambda handlers behind durable in-process queues, the session store
 * on disk, timers for wake-ups, and one HTTP server for webhooks, the API, the event stream and the dashboard.
 */
export async function startLocalResumer(options: LocalResumerOptions): Promise<LocalResumer> {
  const { config, log } = options;
  const timers = options.timers ?? systemTimers;
  const clock: Clock = { now: () => timers.now() };
  const dir = config.dataDir;
  await ensureDataDir(dir);
  const opened: Array<() => Promise<void>> = [await lockDataDir(dir)];
  const closeAll = async () => {
    for (const close of opened.reverse()) await close().catch(() => {});
  };
  try {
    let fail: (error: Error) => void = () => {};
    const failed = new Promise<Error>((resolve) => {
      fail = resolve;
    });
    const store = await FileRetryStore.open({
      path: join(dir, DataFile.sessions),
      onBroken: (error) => {
        log.error('the session store stopped working; the resumer must be restarted', {
          error: error.message,
        });
        fail(error);
      },
    });
    opened.push(() => store.close());
    const feed = new SessionFeed();
    await feed.rebuild(store, store.sessionIds());
    const { log: deadLetters } = await AppendLog.open(join(dir, DataFile.deadLetter));
    opened.push(() => deadLetters.close());
    const turnJournal = await MessageJournal.open({ path: join(dir, DataFile.turnEvents) });
    opened.push(() => turnJournal.close());
    const wakeJournal = await MessageJournal.open({ path: join(dir, DataFile.wakes) });
    opened.push(() => wakeJournal.close());

    const deliverWake = { to: undefined as LocalQueue | undefined };
    const waker = new TimerWaker({
      deliver: async (wake) => {
        await deliverWake.to?.send(encodeWake(wake));
      },
      log,
      timers,
    });
    // A start that fails after re-arming (the port is taken) must not leave timers holding the process open.
    opened.push(async () => waker.stop());
    const resumer: ResumerDeps = {
      store,
      waker,
      agent: config.agentUrl
        ? new HttpAgentClient({
            baseUrl: config.agentUrl,
            secret: options.agentSecret,
            timeoutMs: config.agentTimeoutMs,
            nowSeconds: () => Math.floor(clock.now() / 1000),
          })
        : NO_AGENT,
      sink: feed,
      clock,
      policy: config.policy,
      // In memory: pacing is advisory, and after a restart every upstream starts up again.
      ...(config.pacing ? { pacer: new MemoryPacer(config.pacing) } : {}),
    };
    const deadLetter = async (letter: DeadLetter) => deadLetters.append(letter);
    const handlerDeps = { resumer, telemetry: noTelemetry, log };
    const turnQueue = new LocalQueue({
      name: 'turn-events',
      handler: createClassifierHandler(handlerDeps),
      journal: turnJournal,
      deadLetter,
      log,
      maxReceiveCount: TURN_EVENTS_MAX_RECEIVES,
      backoffMs,
      // Batches of different sessions go side by side, as Lambda's pollers do; the version fence keeps one
      // session's events right whatever their order (bench: p99 webhook → row 198–658 ms → 19–25 ms at 10 senders).
      concurrency: 4,
      timers,
    });
    const wakeQueue = new LocalQueue({
      name: 'wake',
      handler: createResumeHandler(handlerDeps),
      journal: wakeJournal,
      deadLetter,
      log,
      maxReceiveCount: wakeMaxReceives(config.policy.maxResumeTries),
      backoffMs,
      // A slow agent holds one batch; others go on beside it.
      concurrency: 4,
      timers,
    });
    deliverWake.to = wakeQueue;
    const replayed = turnJournal.pending().length + wakeJournal.pending().length;
    turnQueue.restore(turnJournal.pending());
    wakeQueue.restore(wakeJournal.pending());
    const rearmed = await rearmWaiting(store, waker, clock.now());

    const http = createLocalHttpServer({
      ingest: {
        queue: new LocalTurnEventQueue(turnQueue, { maxDepth: config.maxQueuedEvents }),
        secret: options.webhookSecret,
        nowSeconds: () => Math.floor(clock.now() / 1000),
        nowMs: () => clock.now(),
      },
      resumer,
      feed,
      dashboardPath: options.dashboardPath ?? DASHBOARD,
      log,
      clock,
      host: config.host,
    });
    const port = await listen(http.server, config.port, config.host);
    turnQueue.start();
    wakeQueue.start();

    let closing: Promise<void> | undefined;
    const close = async () => {
      http.beginShutdown();
      await stopServer(http.server);
      waker.stop();
      await turnQueue.stop();
      await wakeQueue.stop();
      await closeAll();
    };
    return {
      url: `http://${hostForUrl(config.host)}:${port}`,
      port,
      feed,
      store,
      failed,
      rearmed,
      replayed,
      close: () => {
        closing ??= close();
        return closing;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Without RESUMER_AGENT_URL a resume can't be sent: each try is a retryable failure, bounded by maxResumeTries. */
const NO_AGENT: AgentClient = {
  resume: async () => ({ kind: 'retryable', detail: 'no agent URL is configured (set RESUMER_AGENT_URL)' }),
};

/** The server could not listen: the port is taken, needs privileges, or the address is not this machine's. */
export class ListenError extends Error {
  constructor(
    readonly code: string | undefined,
    host: string,
    port: number,
    cause: Error,
  ) {
    super(listenProblem(code, host, port, cause), { cause });
    this.name = 'ListenError';
  }
}

function listenProblem(code: string | undefined, host: string, port: number, cause: Error): string {
  const where = `${hostForUrl(host)}:${port}`;
  if (code === 'EADDRINUSE')
    return `RESUMER_PORT=${port}: ${where} is in use by another program; stop it or set RESUMER_PORT to another port (0 picks a free one)`;
  if (code === 'EACCES')
    return `RESUMER_PORT=${port}: no permission to listen on ${where}; set RESUMER_PORT to a port from 1024 up`;
  if (code === 'EADDRNOTAVAIL')
    return `RESUMER_HOST=${host}: not an address of this machine; set RESUMER_HOST to one of its addresses (127.0.0.1 by default)`;
  return `cannot listen on ${where} (RESUMER_HOST, RESUMER_PORT): ${cause.message}`;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(new ListenError(error.code, host, port, error));
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting; lets requests in progress finish for a grace period, then cuts what is left. */
async function stopServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(grace);
}
