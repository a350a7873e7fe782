import { readConfig } from '../../shared/config';
import { primeClassifier } from '../../shared/core/classify';
import { awsResumerDeps, flushingMetrics, observability } from '../shared/aws-resumer';
import { createClassifierHandler } from './handler';

const config = readConfig('classifier', process.env);
const { log, metrics, telemetry } = observability('classifier');
// Every record this function handles is classified: build the tables and warm the scan before the first one.
primeClassifier();

export const handler = flushingMetrics(
  metrics,
  createClassifierHandler({ resumer: awsResumerDeps(config), telemetry, log }),
);
