import type { LambdaFunctionURLEvent } from 'aws-lambda';

/** A Lambda Function URL event for `method path`, with the body as the transport would pass it. */
export function functionUrlEvent(options: {
  method?: string;
  path: string;
  headers?: Record<string, string | undefined>;
  body?: Buffer | string;
  query?: Record<string, string>;
  base64?: boolean;
}): LambdaFunctionURLEvent {
  const method = options.method ?? 'GET';
  const raw = options.body === undefined ? undefined : Buffer.from(options.body);
  const base64 = options.base64 ?? true;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: options.path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    queryStringParameters: options.query,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: 'local.lambda-url.us-east-1.on.aws',
      domainPrefix: 'local',
      http: { method, path: options.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '30/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
    },
    body: raw === undefined ? undefined : raw.toString(base64 ? 'base64' : 'utf8'),
    isBase64Encoded: raw !== undefined && base64,
  } as LambdaFunctionURLEvent;
}
