import { readConfig } from '../../shared/config';
import { awsResumerDeps, flushingMetrics, observability } from '../shared/aws-resumer';
import { createClassifierHandler } from './handler';

const config = readConfig('classifier', process.env);
const { log, metrics, telemetry } = observability('classifier');

export const handler = flushingMetrics(
  metrics,
  createClassifierHandler({ resumer: awsResumerDeps(config), telemetry, log }),
);
