import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TTL_ATTRIBUTE, tableSchema, WAITING_INDEX } from '../shared/adapters/aws/dynamo-table';

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

export type ResumerTableProps = { removalPolicy: RemovalPolicy; deletionProtection: boolean };

/**
 * The session table as `shared/adapters/aws/dynamo-table.ts` describes it (keys, the sparse `waiting` index,
 * the TTL attribute): on demand, point-in-time recovery, encrypted with the AWS-managed key. Its stream carries
 * new images: the event items in it are the outbox the publisher function sends to the bus.
 */
export class ResumerTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: ResumerTableProps) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: keyAttribute(tableSchema.KeySchema, 'HASH'),
      sortKey: keyAttribute(tableSchema.KeySchema, 'RANGE'),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
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
      });
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
