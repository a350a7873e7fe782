import { readConfig } from '../config';
import { type CliIo, println } from './io';

/** `resumer start`: the embedded local mode. Until it lands, it says what it will do. */
export function startCommand(io: CliIo, _args: string[]): number {
  const config = readConfig('local', io.env);
  println(
    io.stdout,
    [
      'turn resumer — embedded local mode (coming next)',
      `It will listen on http://${config.host}:${config.port} for signed webhooks at POST /webhooks/agent,`,
      `keep its state under ${config.dataDir}/, and resume failed turns at ${config.agentUrl ?? '$RESUMER_AGENT_URL'}.`,
      'Today: try `npx resumer classify` and `npx resumer policy`.',
    ].join('\n'),
  );
  return 0;
}
