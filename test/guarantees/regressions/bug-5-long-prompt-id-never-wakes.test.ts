import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { SqsWaker } from '../../../shared/adapters/aws/sqs-waker';
import { ingestWebhook } from '../../../shared/app/ingest';
import { memoryDeps } from '../../support/fakes';
import {
  NOW_SECONDS,
  recordingQueue,
  signedRequest,
  TEST_SECRET,
  turnEventBody,
} from '../../support/webhooks';
import { conveyor } from '../harness/conveyor';

// Bug 5: prompt ids may be 256 characters (messages.ts idSchema), but the resume prompt id appends
// `~resume-<n>` and the wake message caps promptId at 256 too. A failure of a prompt id of 248–256 characters
// is answered 202 and its row armed; then every arm throws MessageFormatError in encodeWake, the turn event goes
// to the dead-letter queue after 5 receives, and the row stays armed with no wake-up: the UI shows "retrying
// 1/4" for ever. (The resumed prompt's own webhooks would be refused with a 400 on promptId as well.)

// Fixed: a wake message's prompt id may be up to 300 characters, room for `~resume-<n>` after 256.
describe('bug 5: a 250-character prompt id', () => {
  const sqs = mockClient(SQSClient);
  afterAll(() => sqs.restore());

  it('is accepted, and then its retry is armed and woken', async () => {
    sqs.on(SendMessageCommand).resolves({});
    const queue = recordingQueue();
    const body = turnEventBody({ promptId: 'p'.repeat(250) });
    const answer = await ingestWebhook(
      { queue, secret: TEST_SECRET, nowSeconds: () => NOW_SECONDS },
      signedRequest({ body }),
    );
    expect(answer.status).toBe(202);
    const waker = new SqsWaker({
      client: new SQSClient({ region: 'us-east-1' }),
      queueUrl: 'https://sqs/wake',
    });
    const { deps, clock } = memoryDeps({ waker });
    const event = queue.sent[0]?.event;
    if (!event) throw new Error('nothing queued');
    // Before the fix: rejects with DeadLettered after 5 receives, each failing with MessageFormatError
    // "wake message: promptId: expected 1–256 characters without control characters"; the row stays armed.
    await conveyor(deps, clock).event(event);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(1);
  });
});
