import { EventBridgeSink } from '../../shared/adapters/aws/eventbridge-sink';
import { EventBridgeClient } from '../../shared/adapters/aws/sdk/client-eventbridge';
import { readConfig } from '../../shared/config';
import { functionLog } from '../shared/aws-resumer';
import { createPublisherHandler } from './handler';

const config = readConfig('publisher', process.env);

export const handler = createPublisherHandler({
  sink: new EventBridgeSink({ client: new EventBridgeClient({}), busName: config.eventBusName }),
  log: functionLog('publisher'),
});
