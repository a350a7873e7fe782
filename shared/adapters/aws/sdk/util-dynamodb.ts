import type * as Sdk from '@aws-sdk/util-dynamodb';
import { requireSdk } from './require-sdk';

export const { unmarshall } = requireSdk<typeof Sdk>('@aws-sdk/util-dynamodb');
