import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { ResumerDeps } from '../../shared/app/deps';
import { resumeTurn } from '../../shared/app/resume-turn';
import { metricsFor, pacingMetricsFor } from '../../shared/app/telemetry';
import type { Admission } from '../../shared/core/pacer-state';
import { redactSecrets } from '../../shared/core/redact';
import { decodeWake } from '../../shared/messages';
import type { Log, Telemetry } from '../../shared/ports';

/** What the resume handler runs on. */
export type ResumeHandlerDeps = { resumer: ResumerDeps; telemetry: Telemetry; log: Log };

/** How the pacer answered, for the log line: `go`, `probe`, or the hold's reason and time. */
function pacerWord(admission: Admission): string {
  if (admission.kind === 'go') return admission.probe ? 'probe' : 'go';
  return `held (${admission.why}) until ${new Date(admission.untilMs).toISOString()}`;
}

/** The wake-up a record carries; one that can't be read is logged, then fails its record like any other. */
function readWake(record: SQSRecord, log: Log) {
  try {
    return decodeWake(record.body);
  } catch (error) {
    log.warn('wake-up could not be read', {
      messageId: record.messageId,
      receiveCount: Number(record.attributes.ApproximateReceiveCount),
      error: redactSecrets((error as Error).message),
    });
    throw error;
  }
}

/** Handles each wake-up of an SQS batch; one whose attempt must be tried again fails alone and comes back. */
export function createResumeHandler(deps: ResumeHandlerDeps) {
  const processor = new BatchProcessor(EventType.SQS);
  let invocation: Context | undefined;
  const remainingMs = () => invocation?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY;
  const onRecord = async (record: SQSRecord): Promise<void> => {
    const wake = readWake(record, deps.log);
    const keys = {
      sessionId: wake.sessionId,
      turnId: wake.turnId,
      promptId: wake.promptId,
      attempt: wake.attempt,
    };
    try {
      const resumed = await resumeTurn(deps.resumer, wake, { remainingMs });
      const { claim, result } = resumed;
      const logged = [...claim.logged, ...(result?.logged ?? [])];
      deps.telemetry.record([...metricsFor(logged), ...pacingMetricsFor(resumed)]);
      if (claim.decision.outcome === 'fire') {
        const latenessMs = Math.max(0, claim.state.updatedAt - wake.nextAt);
        deps.telemetry.record([{ name: 'WakeLatenessMs', value: latenessMs, unit: 'Milliseconds' }]);
      }
      deps.log.info('wake-up handled', {
        ...keys,
        outcome: result?.decision.outcome ?? claim.decision.outcome,
        ...(resumed.admission ? { pacer: pacerWord(resumed.admission) } : {}),
      });
    } catch (error) {
      deps.log.warn('wake-up will be retried', { ...keys, error: redactSecrets((error as Error).message) });
      throw error;
    }
  };
  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    invocation = context;
    return processPartialResponse(event, onRecord, processor, {
      ...(context ? { context } : {}),
      // A batch whose every record failed is still answered record by record, the same as a partial one.
      throwOnFullBatchFailure: false,
    });
  };
}
