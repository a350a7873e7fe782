import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsTurnEventQueue } from '../../../shared/adapters/aws/sqs-turn-event-queue';
import { ingestWebhook } from '../../../shared/app/ingest';
import { type LocalSqs, startSqs } from '../../support/sqs';
import { NOW_SECONDS, signedRequest, TEST_SECRET, turnEventBody } from '../../support/webhooks';

// Bug 4: a webhook valid by SPEC.md whose strings hold U+FFFE or U+FFFF (here in error.message, a provider's
// free text) passes the schema, but SQS refuses the message (valid body characters are #x9 | #xA | #xD |
// #x20–#xD7FF | #xE000–#xFFFD | #x10000–#x10FFFF) and ingestWebhook throws: the Function URL answers 5xx on
// every retry, so the event is neither accepted nor refused with a 400 naming the field. JSON.stringify (in
// encodeTurnEvent) escapes control characters and lone surrogates but leaves these two raw.

// Fixed: queue bodies carry U+FFFE and U+FFFF as JSON escapes (shared/messages.ts `sqsSafeJson`).
describe('bug 4: U+FFFF in a valid webhook', () => {
  let sqs: LocalSqs;
  let queueUrl: string;
  beforeAll(async () => {
    sqs = await startSqs();
    queueUrl = await sqs.createQueue('turn-events');
  });
  afterAll(() => sqs.stop());

  it.each(['\uffff', '\ufffe'])(
    'in error.message (%j) is accepted (escaped) or refused with a 400',
    async (char) => {
      const deps = {
        queue: new SqsTurnEventQueue({ client: sqs.client, queueUrl }),
        secret: TEST_SECRET,
        nowSeconds: () => NOW_SECONDS,
      };
      const request = signedRequest({
        body: turnEventBody({ error: { message: `API Error: 503 upstream ${char}`, status: 503 } }),
      });
      // Before the fix: throws AWS.SimpleQueueService.InvalidMessageContents.
      const answer = await ingestWebhook(deps, request);
      expect([202, 400]).toContain(answer.status);
    },
  );
});
