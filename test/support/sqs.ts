// In-process SQS for tests, backed by fauxqs 1.9.2 (one server per startSqs() call, e.g. per test file).
//
// What fauxqs does, checked against the AWS SDK v3 client (scratch script, not committed):
// - DelaySeconds: works per message and as a queue attribute, on WALL-CLOCK time (Date.now + a 20 ms poll
//   timer while a long poll waits). Tests need short real delays (1 s) and should use ReceiveMessage with
//   WaitTimeSeconds rather than sleeps. fauxqs runs in the test's own thread, so vi.useFakeTimers() freezes
//   it too: don't fake Date/setTimeout/setInterval in files that talk to fauxqs.
// - VisibilityTimeout: works (queue attribute, per-receive override, ChangeMessageVisibility incl. 0);
//   ApproximateReceiveCount is counted. VisibilityTimeout 0 makes a message visible again at once.
// - RedrivePolicy: works like AWS: on the receive after maxReceiveCount receives, the message moves to the
//   dead-letter queue (deadLetterTargetArn; get it with queueArn()). Its receive count carries over.
// - FIFO (.fifo name or FifoQueue=true): MessageGroupId required, MessageDeduplicationId dedups (same
//   MessageId back), ContentBasedDeduplication, order within a group, a group stays locked while one of its
//   messages is in flight. Differences from AWS: one receive returns at most ONE message per group; per-message
//   DelaySeconds is rejected (as on AWS), use the queue's DelaySeconds.
//
// Binding and URLs: startFauxqs() always listens on 0.0.0.0, so we use fauxqs' buildApp() and listen on
// 127.0.0.1 ourselves. Queue URLs look like http://sqs.us-east-1.localhost:<port>/000000000000/<name> and that
// host does not resolve here. The SDK only sends to the QueueUrl's host when the client has no `endpoint`, so
// every SQSClient talking to fauxqs must get `endpoint` in its config (AWS_ENDPOINT_URL_SQS alone is NOT
// enough: the SDK then still routes by QueueUrl and fails with ENOTFOUND). Use the exact QueueUrl returned by
// createQueue(): fauxqs looks queues up by the full URL string.
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buildApp } from 'fauxqs';

export interface LocalSqs {
  /** e.g. `http://127.0.0.1:40123`; give it as `endpoint` to any SQSClient the code under test builds. */
  endpoint: string;
  client: SQSClient;
  /** Creates a queue (idempotent for the same attributes) and returns its QueueUrl. */
  createQueue(name: string, attributes?: Record<string, string>): Promise<string>;
  /** The queue's ARN, e.g. for a RedrivePolicy's deadLetterTargetArn. */
  queueArn(queueUrl: string): Promise<string>;
  stop(): Promise<void>;
}

/** A new SQSClient for a fauxqs endpoint (always with `endpoint`, see above). */
export function sqsClient(endpoint: string): SQSClient {
  return new SQSClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startSqs(): Promise<LocalSqs> {
  const app = buildApp({ logger: false });
  const endpoint = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = sqsClient(endpoint);
  return {
    endpoint,
    client,
    async createQueue(name, attributes) {
      const { QueueUrl } = await client.send(
        new CreateQueueCommand({ QueueName: name, ...(attributes ? { Attributes: attributes } : {}) }),
      );
      if (!QueueUrl) throw new Error(`fauxqs returned no QueueUrl for ${name}`);
      return QueueUrl;
    },
    async queueArn(queueUrl) {
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
      );
      const arn = Attributes?.QueueArn;
      if (!arn) throw new Error(`no QueueArn for ${queueUrl}`);
      return arn;
    },
    async stop() {
      client.destroy();
      await app.close();
    },
  };
}
