import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TTL_ATTRIBUTE, tableSchema, WAITING_INDEX } from '../shared/adapters/aws/dynamo-table';
import { TurnResumerPropsError } from './props-error';

type KeySchema = ReadonlyArray<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;

/** A key attribute of `tableSchema` as CDK takes it; the type comes from the schema's attribute definitions. */
function keyAttribute(schema: KeySchema, keyType: 'HASH' | 'RANGE'): dynamodb.Attribute {
  const name = schema.find((key) => key.KeyType === keyType)?.AttributeName;
  const definition = tableSchema.AttributeDefinitions.find((attr) => attr.AttributeName === name);
  if (!name || !definition) throw new Error(`tableSchema has no ${keyType} key with a definition`);
  const type =
    definition.AttributeType === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING;
  return { name, type };
}

/** Auto-scaled capacity units: the table starts at `min` and auto scaling keeps it between the two. */
export type CapacityRange = { min: number; max: number };

/**
 * How the session table pays for its reads and writes. On demand (the default) takes any burst at once;
 * provisioned capacity with auto scaling costs about a third less per failure under steady traffic
 * (docs/performance.md section 4), but an outage's burst of failures, and the resumes after it, outrun auto
 * scaling: writes over the capacity are throttled, retried by the SDK and then by the queues (delayed, not lost),
 * and the `TableThrottles` alarm fires when that lasts.
 */
export type TableCapacityProps =
  | { mode: 'onDemand' }
  | {
      mode: 'provisioned';
      /** Write units of the table, and of its `waiting` index, which every armed and cleared row writes too. @default 5 to 1,000 */
      writeUnits?: CapacityRange;
      /** Read units of the table and of its `waiting` index. @default 5 to 500 */
      readUnits?: CapacityRange;
      /** The use auto scaling keeps each of them at, in percent (20 to 90). @default 70 */
      targetUtilizationPercent?: number;
    };

/** `TableCapacityProps` with the defaults filled in and checked. */
export type TableCapacity =
  | { mode: 'onDemand' }
  | {
      mode: 'provisioned';
      writeUnits: CapacityRange;
      readUnits: CapacityRange;
      targetUtilizationPercent: number;
    };

export const DEFAULT_WRITE_UNITS: CapacityRange = { min: 5, max: 1000 };
export const DEFAULT_READ_UNITS: CapacityRange = { min: 5, max: 500 };
export const DEFAULT_TARGET_UTILIZATION = 70;
/** DynamoDB's default quota of units per table (and per index), per direction. */
const MAX_UNITS = 40_000;

/** Fills in the defaults of `props` and checks them; throws one error that names every bad setting. */
export function compileTableCapacity(props: TableCapacityProps | undefined): TableCapacity {
  if (props === undefined || props.mode === 'onDemand') return { mode: 'onDemand' };
  const mode: unknown = props.mode;
  if (mode !== 'provisioned') {
    throw new TurnResumerPropsError([
      `tableCapacity.mode must be 'onDemand' or 'provisioned', not ${JSON.stringify(mode)}`,
    ]);
  }
  const capacity: TableCapacity = {
    mode: 'provisioned',
    writeUnits: props.writeUnits ?? DEFAULT_WRITE_UNITS,
    readUnits: props.readUnits ?? DEFAULT_READ_UNITS,
    targetUtilizationPercent: props.targetUtilizationPercent ?? DEFAULT_TARGET_UTILIZATION,
  };
  const problems: string[] = [];
  for (const name of ['writeUnits', 'readUnits'] as const) {
    const { min, max } = capacity[name];
    if (!Number.isInteger(min) || min < 1 || min > MAX_UNITS) {
      problems.push(`tableCapacity.${name}.min must be a whole number from 1 to ${MAX_UNITS}, not ${min}`);
    }
    if (!Number.isInteger(max) || max < min || max > MAX_UNITS) {
      problems.push(
        `tableCapacity.${name}.max must be a whole number from min (${min}) to ${MAX_UNITS}, not ${max}`,
      );
    }
  }
  const target = capacity.targetUtilizationPercent;
  if (!Number.isFinite(target) || target < 20 || target > 90) {
    problems.push(`tableCapacity.targetUtilizationPercent must be from 20 to 90, not ${target}`);
  }
  if (problems.length > 0) throw new TurnResumerPropsError(problems);
  return capacity;
}

export type ResumerTableProps = {
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  /** @default on demand */
  capacity?: TableCapacity;
};

/**
 * The session table as `shared/adapters/aws/dynamo-table.ts` describes it (keys, the sparse `waiting` index,
 * the TTL attribute): on demand, point-in-time recovery, encrypted with the AWS-managed key. Its stream carries
 * new images: the event items in it are the outbox the publisher function sends to the bus.
 */
export class ResumerTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: ResumerTableProps) {
    super(scope, id);
    const capacity = props.capacity ?? { mode: 'onDemand' };
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: keyAttribute(tableSchema.KeySchema, 'HASH'),
      sortKey: keyAttribute(tableSchema.KeySchema, 'RANGE'),
      ...(capacity.mode === 'provisioned'
        ? {
            billingMode: dynamodb.BillingMode.PROVISIONED,
            readCapacity: capacity.readUnits.min,
            writeCapacity: capacity.writeUnits.min,
          }
        : { billingMode: dynamodb.BillingMode.PAY_PER_REQUEST }),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });
    for (const index of tableSchema.GlobalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.IndexName,
        partitionKey: keyAttribute(index.KeySchema, 'HASH'),
        sortKey: keyAttribute(index.KeySchema, 'RANGE'),
        projectionType: dynamodb.ProjectionType.ALL,
        ...(capacity.mode === 'provisioned'
          ? { readCapacity: capacity.readUnits.min, writeCapacity: capacity.writeUnits.min }
          : {}),
      });
    }
    if (capacity.mode === 'provisioned') this.#autoScale(capacity);
  }

  /** Target tracking on the table's and every index's reads and writes, between each range's bounds. */
  #autoScale(capacity: Extract<TableCapacity, { mode: 'provisioned' }>): void {
    const { table } = this;
    const reads = { minCapacity: capacity.readUnits.min, maxCapacity: capacity.readUnits.max };
    const writes = { minCapacity: capacity.writeUnits.min, maxCapacity: capacity.writeUnits.max };
    const target = { targetUtilizationPercent: capacity.targetUtilizationPercent };
    table.autoScaleReadCapacity(reads).scaleOnUtilization(target);
    table.autoScaleWriteCapacity(writes).scaleOnUtilization(target);
    for (const index of tableSchema.GlobalSecondaryIndexes) {
      table.autoScaleGlobalSecondaryIndexReadCapacity(index.IndexName, reads).scaleOnUtilization(target);
      table.autoScaleGlobalSecondaryIndexWriteCapacity(index.IndexName, writes).scaleOnUtilization(target);
    }
  }

  /** The ARN of the `waiting` index, the only index a function may query. */
  get waitingIndexArn(): string {
    return Stack.of(this).formatArn({
      service: 'dynamodb',
      resource: 'table',
      resourceName: `${this.table.tableName}/index/${WAITING_INDEX}`,
    });
  }
}

/**
 * The narrowest DynamoDB access of a function. `state`: load and commit a session (GetItem; PutItem, which is
 * also what the Puts inside TransactWriteItems are authorized as). `state-and-listings` adds the Query of a
 * session's events and of the `waiting` index, which only the API serves.
 */
export function grantTableAccess(
  table: ResumerTable,
  role: iam.IGrantable,
  access: 'state' | 'state-and-listings',
): void {
  const statements = [
    new iam.PolicyStatement({
      actions:
        access === 'state'
          ? ['dynamodb:GetItem', 'dynamodb:PutItem']
          : ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
      resources: [table.table.tableArn],
    }),
  ];
  if (access === 'state-and-listings') {
    statements.push(
      new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [table.waitingIndexArn] }),
    );
  }
  for (const statement of statements) role.grantPrincipal.addToPrincipalPolicy(statement);
}
