import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { ResumerDeps } from '../../shared/app/deps';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { metricsFor } from '../../shared/app/telemetry';
import { redactSecrets } from '../../shared/core/redact';
import { decodeTurnEvent } from '../../shared/messages';
import type { Log, Telemetry } from '../../shared/ports';

/** What the classifier handler runs on. */
export type ClassifierHandlerDeps = { resumer: ResumerDeps; telemetry: Telemetry; log: Log };

/** Applies each turn event of an SQS batch; a record that fails is reported alone and comes back later. */
export function createClassifierHandler(deps: ClassifierHandlerDeps) {
  const processor = new BatchProcessor(EventType.SQS);
  const onRecord = async (record: SQSRecord): Promise<void> => {
    try {
      const event = decodeTurnEvent(record.body);
      const applied = await handleTurnEvent(deps.resumer, event);
      deps.telemetry.record(metricsFor(applied.logged));
      deps.log.info('turn event applied', {
        sessionId: event.sessionId,
        turnId: event.turnId,
        type: event.type,
        outcome: applied.decision.outcome,
        messageId: record.messageId,
      });
    } catch (error) {
      // The batch reports it, and after its last receive it is dead-lettered: the log says why.
      deps.log.warn('turn event will be retried', {
        messageId: record.messageId,
        receiveCount: Number(record.attributes.ApproximateReceiveCount),
        error: redactSecrets((error as Error).message),
      });
      throw error;
    }
  };
  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, onRecord, processor, {
      ...(context ? { context } : {}),
      // A batch whose every record failed is still answered record by record, the same as a partial one.
      throwOnFullBatchFailure: false,
    });
}
