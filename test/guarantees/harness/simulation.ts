// One simulated history of the AWS pipeline on a fake clock: the real classifier and resume handlers (and so
// the real use cases), the real SqsTurnEventQueue, SqsWaker, SchedulerWaker and DelayRoutingWaker over
// simulated SQS and Scheduler transports, a scripted agent, and faults injected at every port call and ack.
// Watchers hear what AWS wires: the deciding functions publish nothing, the table's stream carries every event
// item a commit wrote, and the real publisher handler relays it, retried as the stream source retries.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord } from 'aws-lambda';
import { createClassifierHandler } from '../../../lambdas/classifier/handler';
import { createPublisherHandler } from '../../../lambdas/publisher/handler';
import { createResumeHandler } from '../../../lambdas/resume/handler';
import { PUBLISHED_FROM_THE_STREAM } from '../../../lambdas/shared/aws-resumer';
import { SchedulerWaker } from '../../../shared/adapters/aws/scheduler-waker';
import { SqsTurnEventQueue } from '../../../shared/adapters/aws/sqs-turn-event-queue';
import { SqsWaker } from '../../../shared/adapters/aws/sqs-waker';
import { DelayRoutingWaker } from '../../../shared/adapters/delay-routing-waker';
import type { ResumerDeps } from '../../../shared/app/deps';
import { noTelemetry } from '../../../shared/app/telemetry';
import type { RetryPolicy } from '../../../shared/core/policy';
import { splitPromptId } from '../../../shared/core/prompt-id';
import type { ResumeCall } from '../../../shared/core/resume-call';
import type { ResumeResult } from '../../../shared/core/session-machine';
import { retrySummary } from '../../../shared/core/session-state';
import type { LoggedEvent, RetrySummary, TurnEvent, WakeMessage } from '../../../shared/core/types';
import type { AgentClient, Log, Pacer, RetryStore, SessionChanged } from '../../../shared/ports';
import { T0 } from '../../support/events';
import {
  type Around,
  type CallInfo,
  InjectedCrash,
  instrument,
  PortCall,
} from '../../support/instrumented-ports';
import { Interleaver } from '../../support/interleaver';
import { sqsRecord } from '../../support/sqs-records';
import { eventInsert, streamEvent } from '../../support/stream-records';
import { type SimMessage, SimQueue } from './sim-queue';
import { Tape } from './tape';
import {
  type CrashPoint,
  failureOf,
  type History,
  policyOf,
  type SessionScript,
  type TurnEnd,
} from './world';

const TURN_EVENTS_URL = 'https://sqs.sim/000000000000/turn-events';
const WAKE_URL = 'https://sqs.sim/000000000000/wake';
const WAKE_ARN = 'arn:aws:sqs:sim:000000000000:wake';
/** Receives before the dead-letter queue, as infra/turn-resumer.ts deploys them. */
const TURN_EVENTS_MAX_RECEIVES = 5;
const wakeMaxReceives = (maxResumeTries: number) => Math.max(10, 2 * maxResumeTries);
/** A history that has not settled after this many deliveries is looping. */
const MAX_DELIVERIES = 1_500;
/** The publisher's stream source, as infra/turn-resumer.ts deploys it: batch size and retries. */
const PUBLISH_BATCH = 10;
const PUBLISH_RETRY_ATTEMPTS = 10;

/** One effect, in the order the simulated world saw it. */
export type TraceEntry =
  | { kind: 'deliver'; delivery: string; queue: string; body: string; concurrent: boolean }
  | {
      kind: 'commit';
      delivery: string;
      sessionId: string;
      version: number;
      events: LoggedEvent[];
      /** The row's retry as the commit left it: what the stream publisher sends with each of its events. */
      retry: RetrySummary;
    }
  | { kind: 'post'; delivery: string; call: ResumeCall; result: ResumeResult }
  | { kind: 'publish'; delivery: string; changes: SessionChanged[] }
  | { kind: 'arm'; delivery: string; wake: WakeMessage; delayMs: number }
  | { kind: 'disarm'; delivery: string; wake: WakeMessage }
  | { kind: 'crash'; delivery: string; point: string }
  | { kind: 'done'; delivery: string; failed: boolean };

/** A history that broke the simulation's own rules (it did not settle). */
export class SimulationError extends Error {}

/** Counts of what a history exercised, summed over a property run for its report. */
export type SimStats = Record<string, number>;

type SessionWorld = {
  id: string;
  script: SessionScript;
  posts: number;
  lands: number;
  promptStarts: number[];
};

export class Simulation {
  now = T0;
  readonly trace: TraceEntry[] = [];
  readonly stats: SimStats = {};
  readonly turnEvents: SimQueue;
  readonly wakes: SimQueue;
  readonly schedules = new Map<string, { input: string; fireAt: number }>();
  /** What watchers heard: the stream publisher's PutEvents that landed. */
  readonly published: SessionChanged[] = [];
  /** How many times the stream handed the publisher each event item, by `sessionId#seq`. */
  readonly handed = new Map<string, number>();
  /** Stream batches given up after their retries (the on-failure queue). */
  readonly publishDeadLetters: DynamoDBRecord[] = [];
  readonly logLines: Array<{ level: string; message: string; extra?: Record<string, unknown> }> = [];
  readonly sessions: SessionWorld[];
  readonly policy: RetryPolicy;
  readonly deps: ResumerDeps;
  readonly #outbox: Array<{ at: number; event: TurnEvent }> = [];
  readonly #tape: Tape;
  readonly #crashes: Set<string>;
  readonly #passed = new Map<string, number>();
  readonly #landed = new Set<string>();
  readonly #queue: SqsTurnEventQueue;
  /** The table's stream: event items committed and not yet checkpointed by the publisher, in commit order. */
  readonly #stream: Array<{ record: DynamoDBRecord; id: string; tries: number }> = [];
  #deliveries = 0;
  #relays = 0;
  #sends = 0;
  #webhooks = 0;

  constructor(
    readonly history: History,
    readonly store: RetryStore,
    sessionPrefix = '',
    pacer?: Pacer,
  ) {
    this.#tape = new Tape(history.tape);
    this.#crashes = new Set(history.crashes.map((c) => `${c.point}#${c.nth}`));
    this.policy = policyOf(history.policy);
    const visibilityMs = history.visibilityMs;
    this.turnEvents = new SimQueue('turn-events', { visibilityMs, maxReceives: TURN_EVENTS_MAX_RECEIVES });
    this.wakes = new SimQueue('wake', {
      visibilityMs,
      maxReceives: wakeMaxReceives(this.policy.maxResumeTries),
    });
    const sqs = this.#sqsClient();
    this.#queue = new SqsTurnEventQueue({ client: sqs, queueUrl: TURN_EVENTS_URL });
    this.deps = {
      store,
      waker: new DelayRoutingWaker({
        queue: new SqsWaker({ client: sqs, queueUrl: WAKE_URL }),
        schedule: new SchedulerWaker({
          client: this.#schedulerClient(),
          groupName: 'sim',
          targetQueueArn: WAKE_ARN,
          roleArn: 'arn:aws:iam::000000000000:role/sim',
        }),
      }),
      agent: this.#agent(),
      sink: PUBLISHED_FROM_THE_STREAM,
      clock: { now: () => this.now },
      policy: this.policy,
      ...(pacer ? { pacer } : {}),
    };
    this.sessions = history.sessions.map((script, i) => ({
      id: `${sessionPrefix}s-${i + 1}`,
      script,
      posts: 0,
      lands: 0,
      promptStarts: [],
    }));
    for (const [i, session] of this.sessions.entries()) this.#plan(session, i);
  }

  /** Plays the history until nothing is left to deliver; throws `SimulationError` if it never settles. */
  async run(afterEachDelivery?: () => Promise<void>): Promise<void> {
    for (;;) {
      await this.#releaseDue();
      const ready = [
        ...this.turnEvents.visible(this.now).map((m) => ({ m, queue: this.turnEvents })),
        ...this.wakes.visible(this.now).map((m) => ({ m, queue: this.wakes })),
      ];
      const next = this.#nextTime();
      // A consumer that lags lets later messages overtake, as a busy queue does.
      if (ready.length === 0 || (next !== undefined && this.#tape.chance(0.15))) {
        if (next === undefined) {
          // Everything delivered: the stream source keeps going until the stream is checkpointed to its end.
          if (this.#stream.length === 0) return;
          await this.#relay();
          continue;
        }
        this.now = Math.max(this.now, next);
        continue;
      }
      if (this.#deliveries > MAX_DELIVERIES) {
        throw new SimulationError(`no quiescence after ${MAX_DELIVERIES} deliveries: a message loops`);
      }
      const first = ready[this.#tape.pick(ready.length)] ?? ready[0];
      if (!first) continue;
      const twin = ready.find((r) => r.m !== first.m && r.m.key === first.m.key);
      // Two copies of one message handled at once by two consumers, interleaved call by call.
      const together = twin && this.#tape.chance(0.5) ? [first.m, twin.m] : [first.m];
      await this.#deliver(first.queue, together);
      await afterEachDelivery?.();
      // The stream source polls on its own: sometimes right after a commit, sometimes several deliveries later.
      if (this.#stream.length > 0 && this.#tape.chance(0.5)) await this.#relay();
    }
  }

  /**
   * One invocation of the real publisher handler on the head of the stream, as a DynamoDB stream source with
   * ReportBatchItemFailures hands it: the checkpoint moves up to the first failed record, which comes again with
   * everything after it; an invocation that dies checkpoints nothing; a batch whose first record was tried past the
   * retries is parked whole.
   */
  async #relay(): Promise<void> {
    const batch = this.#stream.slice(0, PUBLISH_BATCH);
    const delivery = `p${++this.#relays}`;
    for (const entry of batch) {
      entry.tries++;
      this.handed.set(entry.id, (this.handed.get(entry.id) ?? 0) + 1);
      if (entry.tries > 1) this.count('stream records handed again');
    }
    let died = false;
    const sink = {
      publish: async (changes: readonly SessionChanged[]) => {
        if (this.#crashHere('stream publish fails')) {
          this.#traceCrash(delivery, 'stream publish', 'stream publish fails');
          throw new Error('EventBridge PutEvents: 1 entries failed: ThrottlingException');
        }
        this.published.push(...changes);
        this.trace.push({ kind: 'publish', delivery, changes: [...changes] });
        if (!died && this.#crashHere('stream publisher dies after publishing')) {
          this.#traceCrash(delivery, 'stream publisher', 'stream publisher dies after publishing');
          died = true;
        }
      },
    };
    const handler = createPublisherHandler({ sink, log: this.#log() });
    const out = await handler(streamEvent(...batch.map((entry) => entry.record)));
    const failed = new Set(out.batchItemFailures.map((f) => f.itemIdentifier));
    const firstFailed = died
      ? 0
      : batch.findIndex((entry) => failed.has(entry.record.dynamodb?.SequenceNumber ?? ''));
    this.#stream.splice(0, firstFailed === -1 ? batch.length : firstFailed);
    this.trace.push({ kind: 'done', delivery, failed: firstFailed !== -1 });
    const head = this.#stream[0];
    if (firstFailed !== -1 && head && head.tries > PUBLISH_RETRY_ATTEMPTS) {
      // The stream source gives up the batch it retried, not just its failed record: what the handler held back
      // behind it goes too (a review).
      const given = this.#stream.splice(0, batch.length - firstFailed);
      this.publishDeadLetters.push(...given.map((entry) => entry.record));
    }
  }

  /** The wake-ups still on their way: wake messages not yet deleted and schedules not yet fired. */
  pendingWakes(): WakeMessage[] {
    return [
      ...this.wakes.all().map((m) => JSON.parse(m.body) as WakeMessage),
      ...[...this.schedules.values()].map((s) => JSON.parse(s.input) as WakeMessage),
    ];
  }

  /** Turn events still on their way (a crashed one waits for its redelivery). */
  pendingEvents(): TurnEvent[] {
    return this.turnEvents.all().map((m) => JSON.parse(m.body) as TurnEvent);
  }

  count(name: string, by = 1): void {
    this.stats[name] = (this.stats[name] ?? 0) + by;
  }

  #nextTime(): number | undefined {
    const times = [
      this.#outbox[0]?.at,
      ...[...this.schedules.values()].map((s) => s.fireAt),
      this.turnEvents.nextVisibleAt(),
      this.wakes.nextVisibleAt(),
    ].filter((t): t is number => t !== undefined && t > this.now);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  async #releaseDue(): Promise<void> {
    while (this.#outbox[0] && this.#outbox[0].at <= this.now) {
      const { event } = this.#outbox.shift() as { event: TurnEvent };
      await this.#queue.send(event, event.eventId ?? '');
    }
    for (const [name, schedule] of this.schedules) {
      if (schedule.fireAt > this.now) continue;
      // ActionAfterCompletion DELETE: the schedule is gone once it has fired; its target is the wake queue.
      this.schedules.delete(name);
      this.#sendCopies(this.wakes, schedule.input, schedule.fireAt);
      this.count('scheduler fired');
    }
  }

  async #deliver(queue: SimQueue, messages: SimMessage[]): Promise<void> {
    const received = messages.filter((m) => queue.receive(m));
    if (received.length === 0) return;
    const interleaver = received.length > 1 ? new Interleaver() : undefined;
    if (interleaver) this.count('concurrent deliveries');
    const runs = received.map((m) => ({ m, delivery: `d${++this.#deliveries}` }));
    const invoke = async ({ m, delivery }: { m: SimMessage; delivery: string }): Promise<boolean> => {
      this.trace.push({
        kind: 'deliver',
        delivery,
        queue: queue.name,
        body: m.body,
        concurrent: !!interleaver,
      });
      const gate = interleaver ? (label: string) => interleaver.gate(delivery, label) : undefined;
      const resumer = instrument(this.deps, this.#around(delivery, gate));
      const observability = { resumer, telemetry: noTelemetry, log: this.#log() };
      const handler =
        queue === this.turnEvents
          ? createClassifierHandler(observability)
          : createResumeHandler(observability);
      const response = await handler({ Records: [sqsRecord({ messageId: m.id, body: m.body })] });
      let failed = response.batchItemFailures.length > 0;
      if (!failed && this.#crashHere('after the work, before the ack')) {
        this.#recordCrash(delivery, 'ack', 'after the work, before the ack');
        failed = true;
      }
      this.trace.push({ kind: 'done', delivery, failed });
      return failed;
    };
    const outcomes = new Map<string, boolean>();
    if (!interleaver) {
      const [only] = runs;
      if (only) outcomes.set(only.delivery, await invoke(only));
    } else {
      const actors = Object.fromEntries(runs.map((run) => [run.delivery, () => invoke(run)]));
      const results = await interleaver.run(actors, (parked) => this.#tape.pick(parked.length));
      for (const [delivery, result] of results) outcomes.set(delivery, !result.ok || result.value === true);
    }
    for (const { m, delivery } of runs) {
      if (outcomes.get(delivery)) {
        queue.release(m, this.now);
        this.count('redeliveries');
      } else {
        queue.ack(m);
      }
    }
  }

  /** The hook every port call of one delivery passes: the gate, the planned crash, the trace. */
  #around(delivery: string, gate?: (label: string) => Promise<void>): Around {
    return async <R>(info: CallInfo, call: () => Promise<R>): Promise<R> => {
      if (gate) await gate(info.port);
      const before = contextOf(info, 'before');
      if (before && this.#crashHere(before)) this.#recordCrash(delivery, `${info.port}:before`, before);
      const result = await call();
      this.#traceCall(delivery, info, result);
      const after = contextOf(info, 'after', result);
      if (after && this.#crashHere(after)) this.#recordCrash(delivery, `${info.port}:after`, after);
      return result;
    };
  }

  #traceCall(delivery: string, info: CallInfo, result: unknown): void {
    switch (info.port) {
      case PortCall.commit:
        if ((result as { kind: string }).kind === 'committed') {
          const { sessionId, version } = info.next;
          const retry = retrySummary(info.next);
          this.trace.push({ kind: 'commit', delivery, sessionId, version, events: [...info.events], retry });
          // The transaction wrote one item per event: each appears on the table's stream, once.
          for (const event of info.events) {
            this.#stream.push({
              record: eventInsert(info.next, event),
              id: `${sessionId}#${event.seq}`,
              tries: 0,
            });
          }
        } else {
          this.count('version conflicts');
        }
        break;
      case PortCall.resume:
        this.trace.push({ kind: 'post', delivery, call: info.call, result: result as ResumeResult });
        break;
      // PortCall.publish: the deciding functions' sink publishes nothing on AWS; the stream relay traces what does.
      case PortCall.arm:
        this.trace.push({ kind: 'arm', delivery, wake: info.wake, delayMs: info.delayMs });
        break;
      case PortCall.disarm:
        this.trace.push({ kind: 'disarm', delivery, wake: info.wake });
        break;
    }
  }

  /** Whether the plan crashes this passage of `point` (its nth, counting from 0). */
  #crashHere(point: string): boolean {
    const nth = this.#passed.get(point) ?? 0;
    this.#passed.set(point, nth + 1);
    return this.#crashes.has(`${point}#${nth}`);
  }

  #recordCrash(delivery: string, point: string, context: string): void {
    this.#traceCrash(delivery, point, context);
    if (point !== 'ack') throw new InjectedCrash(point);
  }

  #traceCrash(delivery: string, point: string, context: string): void {
    this.trace.push({ kind: 'crash', delivery, point });
    this.count(`crash ${point}`);
    this.count(`crash point: ${context}`);
  }

  #log(): Log {
    const at = (level: string) => (message: string, extra?: Record<string, unknown>) =>
      void this.logLines.push({ level, message, ...(extra ? { extra } : {}) });
    return { info: at('info'), warn: at('warn'), error: at('error') };
  }

  /** Sends `body` with 1–3 copies: SQS and Scheduler both deliver at least once. */
  #sendCopies(queue: SimQueue, body: string, visibleAt: number): void {
    const key = `${queue.name}#${++this.#sends}`;
    queue.send(body, visibleAt, key);
    const extra = this.#tape.chance(0.3) ? 1 + this.#tape.pick(2) : 0;
    for (let i = 0; i < extra; i++) {
      queue.send(body, visibleAt + this.#tape.oneOf([0, 0, 1_000, 60_000, 400_000]), key);
      this.count('duplicate copies');
    }
  }

  #sqsClient(): SQSClient {
    const send = async (command: SendMessageCommand) => {
      const { QueueUrl, MessageBody = '', DelaySeconds = 0 } = command.input;
      const queue = QueueUrl === WAKE_URL ? this.wakes : this.turnEvents;
      this.#sendCopies(queue, MessageBody, this.now + DelaySeconds * 1000);
      if (queue === this.wakes) this.count('armed via SQS delay');
      return { MessageId: `sim-${this.#sends}`, $metadata: {} };
    };
    return { send } as unknown as SQSClient;
  }

  /** EventBridge Scheduler: one schedule per name, fired somewhere in the minute of its `at()` time. */
  #schedulerClient(): SchedulerClient {
    const metadata = { $metadata: {} };
    const send = async (command: CreateScheduleCommand | DeleteScheduleCommand) => {
      const name = command.input.Name ?? '';
      if (command instanceof CreateScheduleCommand) {
        if (this.schedules.has(name)) {
          this.count('schedule already armed');
          throw new ConflictException({ message: 'exists', Message: 'exists', ...metadata });
        }
        const at = /^at\((.+)\)$/.exec(command.input.ScheduleExpression ?? '')?.[1];
        const atMs = Date.parse(`${at}Z`);
        if (!Number.isFinite(atMs) || atMs < this.now - 60_000) throw new Error(`bad schedule time ${at}`);
        const fireAt = Math.floor(atMs / 60_000) * 60_000 + this.#tape.pick(60) * 1000;
        this.schedules.set(name, {
          input: command.input.Target?.Input ?? '',
          fireAt: Math.max(fireAt, this.now),
        });
        this.count('armed via Scheduler');
        if (fireAt < atMs) this.count('Scheduler fires early');
        return { ScheduleArn: `arn:sim:${name}`, ...metadata };
      }
      if (command instanceof DeleteScheduleCommand) {
        if (!this.schedules.delete(name)) {
          throw new ResourceNotFoundException({ message: 'gone', Message: 'gone', ...metadata });
        }
        this.count('schedules deleted');
        return metadata;
      }
      throw new Error('the simulated Scheduler takes CreateSchedule and DeleteSchedule only');
    };
    return { send } as unknown as SchedulerClient;
  }

  /** The agent: answers as its script says; a prompt id it already holds is answered 409, i.e. `ok`. */
  #agent(): AgentClient {
    return {
      resume: async (call) => {
        const session = this.sessions.find((s) => s.id === call.sessionId);
        if (!session) throw new Error(`resume for an unknown session ${call.sessionId}`);
        const key = `${call.sessionId}|${call.promptId}`;
        if (this.#landed.has(key)) {
          this.count('agent dropped a repeated prompt id');
          return { kind: 'ok' };
        }
        const answer = session.script.answers[session.posts++] ?? 'ok';
        this.count(`agent answered ${answer}`);
        if (answer === '503') return { kind: 'retryable', detail: 'HTTP 503: overloaded' };
        if (answer === '4xx') return { kind: 'rejected', status: 404, detail: 'HTTP 404: no such session' };
        this.#landed.add(key);
        this.#resumedTurn(session, call);
        return answer === 'ok' ? { kind: 'ok' } : { kind: 'retryable', detail: 'no answer within 10000 ms' };
      },
    };
  }

  /**
   * The turn a landed resume runs: its events come back through the webhook like any other. A session runs one
   * turn at a time, so a resumed turn that would still run when the user's next prompt starts says nothing
   * more (docs/guarantees.md bug 1: overlapping prompts let a redelivered failure of the older one count again).
   */
  #resumedTurn(session: SessionWorld, call: ResumeCall): void {
    const script = session.script.resumed[session.lands++] ?? {
      announce: false,
      end: { kind: 'complete' as const },
      endAfterMs: 5_000,
    };
    const turn = { sessionId: session.id, turnId: call.turnId, promptId: call.promptId };
    const index = Number(splitPromptId(call.promptId).base.replace(/^p-/, '')) - 1;
    const endsAt = this.now + 50 + script.endAfterMs;
    if (endsAt >= (session.promptStarts[index + 1] ?? Number.POSITIVE_INFINITY)) {
      this.count('resumed turn cut off by the next prompt');
      return;
    }
    if (script.announce) this.#emit(this.now + 50, { type: 'turn.started', ...turn });
    this.#emitEnd(endsAt, script.end, turn);
  }

  /** The user's prompts one after another (each starts after the previous one ended), then stop and close. */
  #plan(session: SessionWorld, index: number): void {
    const base = { sessionId: session.id, agentSessionId: `a-${index + 1}` };
    let at = T0;
    let promptId = '';
    for (const [i, prompt] of session.script.prompts.entries()) {
      at += prompt.afterMs + (i > 0 ? 1 : 0);
      session.promptStarts.push(at);
      // A prompt run again as a new turn keeps the prompt id of the one before it.
      promptId = prompt.rerun && i > 0 ? promptId : `p-${i + 1}`;
      const turn = { ...base, turnId: `t-${i + 1}`, promptId };
      if (prompt.announce) this.#emit(at, { type: 'turn.started', ...turn });
      at += prompt.endAfterMs;
      this.#emitEnd(at, prompt.end, turn);
    }
    const { stopAtMs, closeAtMs } = session.script;
    if (stopAtMs !== undefined) this.#emit(T0 + stopAtMs, { type: 'session.stopped', ...base });
    if (closeAtMs !== undefined) this.#emit(T0 + closeAtMs, { type: 'session.closed', ...base });
  }

  #emitEnd(at: number, end: TurnEnd, turn: { sessionId: string; turnId: string; promptId: string }): void {
    if (end.kind === 'complete') this.#emit(at, { type: 'turn.completed', ...turn });
    if (end.kind === 'fail') {
      this.count(`failure ${end.label}`);
      this.#emit(at, { type: 'turn.failed', ...turn, error: failureOf(end) });
    }
  }

  /**
   * A webhook the world sends: it reaches the turn-events queue a little after it happened, stamped with that
   * moment (`receivedAt`) as ingest does; one in four is not, as events queued before the stamp existed.
   */
  #emit(occurredAt: number, event: Omit<TurnEvent, 'occurredAt'>): void {
    const latency = this.#tape.oneOf([0, 0, 0, 500, 2_000, 30_000]);
    const stamped = this.#tape.oneOf([true, true, true, false]);
    const full: TurnEvent = {
      ...event,
      occurredAt,
      ...(stamped ? { receivedAt: occurredAt + latency } : {}),
      eventId: `wh-${++this.#webhooks}`,
    };
    const entry = { at: occurredAt + latency, event: full };
    const i = this.#outbox.findIndex((e) => e.at > entry.at);
    if (i === -1) this.#outbox.push(entry);
    else this.#outbox.splice(i, 0, entry);
  }
}

/** The named boundary (world.ts CRASH_POINTS) on one side of a call; none where a crash would add nothing new. */
function contextOf(info: CallInfo, phase: 'before' | 'after', result?: unknown): CrashPoint | undefined {
  if (info.port === PortCall.resume) {
    return phase === 'before'
      ? 'after the claim, before the POST'
      : 'after the POST, before its result is recorded';
  }
  if (info.port === PortCall.arm) return phase === 'before' ? 'arming fails' : 'after arming, before the ack';
  if (info.port === PortCall.disarm)
    return phase === 'before' ? 'disarming fails' : 'after disarming, before the ack';
  if (info.port === PortCall.publish) return phase === 'before' ? 'publishing fails' : 'after publishing';
  if (info.port === PortCall.load) return phase === 'before' ? 'store read fails' : undefined;
  if (phase === 'before') return 'store write fails, nothing written';
  if ((result as { kind?: string } | undefined)?.kind !== 'committed') return undefined;
  const kinds = info.events.map((e) => e.kind);
  if (kinds.includes('auto_resume_scheduled')) return 'after the row write, before the wake-up is armed';
  if (info.next.inFlight?.claimedAt === info.next.updatedAt && kinds.length === 0) {
    return 'after the claim, before the POST';
  }
  if (kinds.includes('auto_resume_fired') || kinds.includes('auto_resume_failed')) {
    return 'after the result is recorded, before the ack';
  }
  if (kinds.includes('auto_resume_skipped')) return 'after the skip is recorded, before the disarm';
  return 'after another write';
}
