// Vitest global setup: starts ONE AWS DynamoDB Local (Java, in-memory, shared db) for the whole run and hands
// its endpoint to every test file via `inject('dynamoEndpoint')` (see test/support/dynamo.ts).
//
// - All workers share the one instance: tests must create uniquely named tables (createTestTable does).
// - DynamoDB Local 1.25 has no host/bind flag: it listens on all interfaces. We only ever connect via 127.0.0.1.
// - The port is picked by binding 127.0.0.1:0; if java loses the race for it we retry on a new port.
// - Teardown kills the JVM's process group and waits for it to exit; an `exit` hook also kills it if the
//   Vitest process ends without running teardown.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const MAX_PORT_ATTEMPTS = 3;
const PORT_TAKEN = /BindException|Address already in use|Failed to bind/i;
const STARTUP_FAILED = /Exception in thread "main"|BindException|Failed to bind/;
const JAVA_HINT = 'DynamoDB Local needs Java 17: install openjdk-17-jre-headless';

interface DynamoLocal {
  endpoint: string;
  child: ChildProcess;
  startupMs: number;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const local = await startDynamoLocal();
  if (process.env.CI || process.env.DYNAMO_LOCAL_VERBOSE) {
    console.log(`[global-setup] DynamoDB Local ready at ${local.endpoint} in ${local.startupMs} ms`);
  }
  project.provide('dynamoEndpoint', local.endpoint);

  let stopping = false;
  local.child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`[global-setup] DynamoDB Local died mid-run (code ${code}, signal ${signal})`);
  });
  const killOnExit = (): void => killGroup(local.child, 'SIGKILL');
  process.once('exit', killOnExit);

  return async () => {
    stopping = true;
    process.off('exit', killOnExit);
    const t0 = Date.now();
    await stopProcess(local.child);
    if (process.env.DYNAMO_LOCAL_VERBOSE)
      console.log(`[global-setup] DynamoDB Local stopped in ${Date.now() - t0} ms`);
  };
}

async function startDynamoLocal(): Promise<DynamoLocal> {
  const emulatorDir = join(
    dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );
  let lastError: unknown;
  for (let attempt = 1; attempt <= MAX_PORT_ATTEMPTS; attempt++) {
    const port = await freePort();
    const started = Date.now();
    const child = spawn(
      'java',
      [
        '-Xmx512m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1', // faster JVM startup; throughput is plenty for tests
        '-Djava.library.path=./DynamoDBLocal_lib',
        '-jar',
        'DynamoDBLocal.jar',
        '-inMemory',
        '-sharedDb',
        '-disableTelemetry',
        '-port',
        String(port),
      ],
      // detached: own process group, so teardown can kill the JVM and anything it spawned in one go.
      { cwd: emulatorDir, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const output = collectOutput(child);
    const endpoint = `http://127.0.0.1:${port}`;
    try {
      await waitReady(endpoint, child, output);
      return { endpoint, child, startupMs: Date.now() - started };
    } catch (error) {
      await stopProcess(child);
      lastError = error;
      // Only a lost port race is worth another try; anything else (no java, bad jar, timeout) is final.
      if (!PORT_TAKEN.test(output())) break;
    }
  }
  throw lastError;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

/** Keeps the last few KB of the JVM's stdout+stderr for error messages. */
function collectOutput(child: ChildProcess): () => string {
  let text = '';
  const append = (chunk: Buffer): void => {
    text = (text + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => text.trim();
}

async function waitReady(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  let failure: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => {
    failure =
      error.code === 'ENOENT'
        ? new Error(`${JAVA_HINT} (\`java\` was not found on PATH)`)
        : new Error(`could not start DynamoDB Local: ${error.message}`);
  });
  child.once('exit', (code, signal) => {
    failure ??= new Error(
      `DynamoDB Local exited during startup (code ${code}, signal ${signal}). ${JAVA_HINT}.\n` +
        `java output:\n${output() || '(none)'}`,
    );
  });

  // vitest.config's `env` only reaches the workers; keep the SDK's Node-version notice quiet here too.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000 },
  });
  // A failed bind does not end the JVM (non-daemon threads stay up): watch its output too, or we could end up
  // polling whatever else owns the port.
  const check = (): void => {
    if (failure) throw failure;
    if (STARTUP_FAILED.test(output())) {
      throw new Error(`DynamoDB Local failed to start on ${endpoint}.\njava output:\n${output()}`);
    }
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      check();
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        await new Promise((resolve) => setTimeout(resolve, 50)); // let a racing bind error reach us
        check();
        return;
      } catch {
        check(); // not listening yet, unless the JVM has already reported why
      }
      if (Date.now() > deadline) {
        throw new Error(
          `DynamoDB Local did not answer ListTables at ${endpoint} within ${READY_TIMEOUT_MS / 1000} s.\n` +
            `java output:\n${output() || '(none)'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    client.destroy();
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole process group (detached: true)
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS);
  try {
    await exited;
  } catch {
    // an 'error' event instead of 'exit': nothing left to wait for
  } finally {
    clearTimeout(timer);
  }
}
