import { Fn, type RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * Characters of the generated key. 32 characters of [A-Za-z0-9] are valid base64 as they stand (a multiple
 * of 4, no padding): 24 key bytes and about 190 bits of randomness, the size Standard Webhooks libraries use.
 */
export const SIGNING_KEY_LENGTH = 32;

export type SigningSecretProps = { description: string; removalPolicy: RemovalPolicy };

/**
 * A Standard Webhooks secret, `whsec_<base64 key>`, generated at deploy time and never present in the template.
 *
 * Secrets Manager can generate a random string but not put a prefix before it, and the handlers accept only
 * the `whsec_` form (`parseSecret`). So a `Key` secret holds the generated base64 key and the `Secret` is built
 * from it by a CloudFormation dynamic reference, `whsec_{{resolve:secretsmanager:<key>}}`, which CloudFormation
 * resolves when it creates the secret. Only `secret` is read at run time; rotate it with `put-secret-value`.
 */
export class SigningSecret extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly key: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SigningSecretProps) {
    super(scope, id);
    this.key = new secretsmanager.Secret(this, 'Key', {
      description: `${props.description}: the generated key only; the functions read the whsec_ secret`,
      generateSecretString: {
        passwordLength: SIGNING_KEY_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: props.removalPolicy,
    });
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: `${props.description} (whsec_ + base64 key)`,
      // A dynamic reference, not the value: the template holds `{{resolve:secretsmanager:…}}`.
      secretStringValue: SecretValue.unsafePlainText(
        Fn.join('', ['whsec_', this.key.secretValue.unsafeUnwrap()]),
      ),
      removalPolicy: props.removalPolicy,
    });
  }
}

/** A bearer token for the read and control API: 48 random letters and digits. */
export function apiTokenSecret(
  scope: Construct,
  id: string,
  removalPolicy: RemovalPolicy,
): secretsmanager.Secret {
  return new secretsmanager.Secret(scope, id, {
    description: 'turn resumer: bearer token of the read and control API',
    generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    removalPolicy,
  });
}
