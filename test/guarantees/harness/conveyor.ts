// The real classifier and resume handlers fed one message at a time, redelivered as SQS would until acked.
import { createClassifierHandler } from '../../../lambdas/classifier/handler';
import { createResumeHandler } from '../../../lambdas/resume/handler';
import type { ResumerDeps } from '../../../shared/app/deps';
import type { TurnEvent, WakeMessage } from '../../../shared/core/types';
import { encodeTurnEvent, encodeWake } from '../../../shared/messages';
import type { Log, Telemetry } from '../../../shared/ports';
import { recordingObservability } from '../../support/fakes';
import { sqsEvent, sqsRecord } from '../../support/sqs-records';

/** The deployed visibility timeout of both consumers (6 × their function timeout), as infra sets it. */
export const VISIBILITY_MS = 180_000;
/** Receives before the dead-letter queue, as infra/turn-resumer.ts deploys them. */
export const TURN_EVENTS_MAX_RECEIVES = 5;
export const wakeMaxReceives = (maxResumeTries: number) => Math.max(10, 2 * maxResumeTries);

/** A message that reached the dead-letter queue: it was received `receives` times and failed each time. */
export class DeadLettered extends Error {}

/**
 * Both handlers over `deps`. `event()` and `wake()` deliver one message until a receive acks it, moving the
 * clock past the visibility timeout after each failed one, and return how many receives it took; a message
 * that fails `maxReceives` times throws `DeadLettered`.
 */
export function conveyor(
  deps: ResumerDeps,
  clock: { at: number },
  observe: Partial<{ log: Log; telemetry: Telemetry }> = {},
) {
  const recorded = recordingObservability();
  const observability = {
    log: observe.log ?? recorded.log,
    telemetry: observe.telemetry ?? recorded.telemetry,
  };
  const classifier = createClassifierHandler({ resumer: deps, ...observability });
  const resume = createResumeHandler({ resumer: deps, ...observability });
  async function deliver(handler: typeof classifier, body: string, maxReceives: number): Promise<number> {
    for (let receives = 1; receives <= maxReceives; receives++) {
      const out = await handler(sqsEvent(sqsRecord({ body })));
      if (out.batchItemFailures.length === 0) return receives;
      clock.at += VISIBILITY_MS;
    }
    throw new DeadLettered(`dead-lettered after ${maxReceives} receives: ${body}`);
  }
  return {
    lines: recorded.lines,
    classifier,
    resume,
    event: (event: TurnEvent) => deliver(classifier, encodeTurnEvent(event), TURN_EVENTS_MAX_RECEIVES),
    /** Delivers a wake body (as the queue or Scheduler carries it) no earlier than its `nextAt`. */
    wake: (wake: WakeMessage | string) => {
      const body = typeof wake === 'string' ? wake : encodeWake(wake);
      clock.at = Math.max(clock.at, (JSON.parse(body) as WakeMessage).nextAt);
      return deliver(resume, body, wakeMaxReceives(deps.policy.maxResumeTries));
    },
  };
}
