import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify, primeClassifier } from '../../shared/core/classify';
import type { FailureClass, RetryReason } from '../../shared/core/types';

type CorpusCase = { text: string; label: FailureClass; source: string; retryAfterSeconds?: number };

/** The labelled corpus lives beside the repository (`../shared/corpus`), so a fresh clone finds it too. */
const CORPUS_DIR = new URL('../../../shared/corpus/', import.meta.url);

function readCorpus(name: string): CorpusCase[] {
  return readFileSync(new URL(name, CORPUS_DIR), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusCase);
}

/** The retry decision a label implies when the agent did not exit (SPEC "Classification"). */
function retryFor(label: FailureClass): RetryReason | null {
  if (label === 'capacity' || label === 'server') return 'capacity';
  return label === 'transport' ? 'transport' : null;
}

/** The text is read as `label`, and retried (or not) as that class is. */
function expectRead(label: FailureClass, text: string): void {
  const verdict = classify({ message: text });
  expect(verdict.class).toBe(label);
  expect(verdict.retry).toBe(retryFor(label));
}

const NEVER_RETRIED: readonly FailureClass[] = [
  'auth',
  'permission',
  'bad_request',
  'context_overflow',
  'content_filter',
  'quota',
];

const errors = readCorpus('errors.jsonl');
const seeds = readCorpus('seed-cases.jsonl');

function misses(cases: readonly CorpusCase[]) {
  return cases
    .map((c) => ({ ...c, got: classify({ message: c.text }) }))
    .filter((c) => c.got.class !== c.label)
    .map((c) => `${c.label} → ${c.got.class} (${c.source}): ${c.text.slice(0, 120)}`);
}

describe('the labelled corpus', () => {
  it('has lines to judge', () => {
    expect(errors.length).toBeGreaterThanOrEqual(150);
    expect(seeds.length).toBeGreaterThanOrEqual(21);
  });

  it('puts every text of errors.jsonl in its labelled class', () => {
    expect(misses(errors)).toEqual([]);
  });

  it('makes the labelled retry decision for at least 98% of errors.jsonl', () => {
    const wrong = errors.filter((c) => classify({ message: c.text }).retry !== retryFor(c.label));
    expect(1 - wrong.length / errors.length).toBeGreaterThanOrEqual(0.98);
  });

  it('never retries a text labelled auth, permission, bad request, context overflow, content filter or quota', () => {
    const retried = [...errors, ...seeds]
      .filter((c) => NEVER_RETRIED.includes(c.label))
      .filter((c) => classify({ message: c.text }).retry !== null)
      .map((c) => `${c.label}: ${c.text.slice(0, 120)}`);
    expect(retried).toEqual([]);
  });

  it.each(seeds.map((c) => [c.text, c] as const))('classifies the seed case %s exactly', (_text, c) => {
    const verdict = classify({ message: c.text });
    expect(verdict.class).toBe(c.label);
    expect(verdict.retry).toBe(retryFor(c.label));
    if (c.retryAfterSeconds !== undefined) expect(verdict.retryAfterMs).toBe(c.retryAfterSeconds * 1000);
  });
});

/** Real shapes from each provider family, written out here so the rules are judged beyond the corpus. */
const PROVIDER_TEXTS: ReadonlyArray<readonly [FailureClass, string]> = [
  // Gemini / Vertex
  [
    'quota',
    "429 RESOURCE_EXHAUSTED. {'error': {'code': 429, 'message': 'You exceeded your current quota, please check your plan and billing details.', 'status': 'RESOURCE_EXHAUSTED'}}",
  ],
  [
    'rate_limit',
    'Quota exceeded for aiplatform.googleapis.com/generate_content_requests_per_minute_per_project_per_base_model with base model: gemini-1.5-pro. Please submit a quota increase request.',
  ],
  [
    'quota',
    "429 Quota exceeded for quota metric 'Gemini 2.5 Pro Requests' and limit 'Gemini 2.5 Pro Requests per day per user per tier' of service 'cloudcode-pa.googleapis.com'",
  ],
  [
    'rate_limit',
    '[API Error: got status: 429 Too Many Requests. {"error":{"code":429,"message":"Resource exhausted. Please try again later.","status":"RESOURCE_EXHAUSTED"}}]',
  ],
  [
    'capacity',
    'got status: 503 Service Unavailable. {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}',
  ],
  [
    'server',
    "500 INTERNAL. {'error': {'code': 500, 'message': 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting', 'status': 'INTERNAL'}}",
  ],
  [
    'server',
    "504 DEADLINE_EXCEEDED. {'error': {'code': 504, 'message': 'The request timed out. Please try again.', 'status': 'DEADLINE_EXCEEDED'}}",
  ],
  [
    'auth',
    "400 INVALID_ARGUMENT. {'error': {'code': 400, 'message': 'API key not valid. Please pass a valid API key.', 'status': 'INVALID_ARGUMENT', 'details': [{'reason': 'API_KEY_INVALID'}]}}",
  ],
  [
    'auth',
    '401 UNAUTHENTICATED. Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  ],
  [
    'permission',
    "403 PERMISSION_DENIED. {'error': {'code': 403, 'message': 'Generative Language API has not been used in project 123456 before or it is disabled.', 'status': 'PERMISSION_DENIED'}}",
  ],
  ['content_filter', '[GoogleGenerativeAI Error]: Candidate was blocked due to SAFETY'],
  ['transport', '✕ [API Error: exception TypeError: fetch failed sending request]'],
  [
    'transport',
    '✕ [API Error: request to https://cloudcode-pa.googleapis.com/v1internal:countTokens failed, reason: read ECONNRESET]',
  ],
  // OpenAI
  ['quota', '429 You exceeded your current quota, please check your plan and billing details.'],
  [
    'rate_limit',
    'RateLimitError: 429 Rate limit reached for gpt-4o in organization org-abc on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms.',
  ],
  [
    'server',
    'InternalServerError: 500 The server had an error while processing your request. Sorry about that!',
  ],
  ['capacity', 'openai.error.ServiceUnavailableError: The server is overloaded or not ready yet.'],
  ['transport', 'APIConnectionError: Connection error.'],
  ['transport', 'openai.APITimeoutError: Request timed out.'],
  [
    'bad_request',
    "BadRequestError: 400 Invalid 'messages[2].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
  ],
  [
    'bad_request',
    "NotFoundError: 404 The model 'gpt-5-turbo' does not exist or you do not have access to it.",
  ],
  ['permission', 'PermissionDeniedError: 403 Country, region, or territory not supported'],
  [
    'auth',
    'AuthenticationError: 401 Incorrect API key provided: sk-proj-****abcd. You can find your API key at https://platform.openai.com/account/api-keys.',
  ],
  [
    'rate_limit',
    'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-02-01 have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after 7 seconds.',
  ],
  [
    'content_filter',
    "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
  ],
  // Anthropic and Claude Code
  [
    'quota',
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."}}',
  ],
  // A byte-size limit of the request, not the context window (Anthropic's 413 `request_too_large`).
  [
    'bad_request',
    'Error: 413 {"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum size"}}',
  ],
  ['capacity', 'API Error: 500 {"type":"error","error":{"type":"api_error","message":"Overloaded"}}'],
  [
    'server',
    'API Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"},"request_id":"req_011CV5nGkTq8vK9w2rXb3aHd"}',
  ],
  [
    'capacity',
    'API Error (529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":null}) · Retrying in 4 seconds… (attempt 4/10)',
  ],
  ['transport', 'API Error (Request timed out.) · Retrying in 8 seconds… (attempt 5/10)'],
  ['transport', 'API Error: Stream idle timeout - partial response received'],
  [
    'content_filter',
    'API Error: Claude Code is unable to respond to this request, which appears to violate our Usage Policy (https://www.anthropic.com/legal/aup). Please double press esc to edit your last message.',
  ],
  ['quota', "You've hit your session limit · resets 12:50am (America/Los_Angeles)"],
  [
    'quota',
    "You've hit your session limit · resets 5:40pm (Europe/Berlin)\n/login to switch to an API usage-billed account.",
  ],
  ['auth', 'OAuth token revoked · Please run /login'],
  [
    'bad_request',
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01."}}',
  ],
  ['other', '[Request interrupted by user for tool use]'],
  ['other', 'Error: String to replace not found in file.'],
  ['permission', 'Permission to use Bash with command rm -rf build has been denied.'],
  // Codex
  [
    'auth',
    'stream error: unexpected status 401 Unauthorized: Your authentication token has been invalidated. Please try signing in again.',
  ],
  [
    'bad_request',
    'unexpected status 400 Bad Request: {"detail":"Unsupported parameter: \'temperature\' is not supported with this model."}',
  ],
  ['capacity', 'exceeded retry limit, last status: 503 Service Unavailable'],
  [
    'context_overflow',
    'stream disconnected before completion: Your input exceeds the context window of this model. Please adjust your input and try again.',
  ],
  [
    'quota',
    "You've hit your usage limit. Upgrade to Pro (https://chatgpt.com/explore/pro), or try again in 2 hours 13 minutes.",
  ],
  [
    'transport',
    'stream disconnected before completion: error sending request for url (https://api.openai.com/v1/responses)',
  ],
  // Bedrock
  [
    'rate_limit',
    'ThrottlingException: Too many requests, please wait before trying again. You have sent too many requests.  Wait before trying again.',
  ],
  ['capacity', 'ServiceUnavailableException: Bedrock is unable to process your request.'],
  [
    'server',
    'ModelStreamErrorException: The system encountered an unexpected error during processing. Try your request again.',
  ],
  [
    'server',
    'InternalServerException: The system encountered an unexpected error during processing. Try your request again.',
  ],
  ['auth', 'ExpiredTokenException: The security token included in the request is expired'],
  ['context_overflow', 'ValidationException: Input is too long for requested model.'],
  ['permission', "AccessDeniedException: You don't have access to the model with the specified model ID."],
  [
    'quota',
    'ServiceQuotaExceededException: You have exceeded the number of tokens allowed per day for your account.',
  ],
  [
    'capacity',
    'API Error (503 Too many connections, please wait before trying again.) · Retrying in 4 seconds… (attempt 4/10)',
  ],
  // OpenRouter, LiteLLM and gateways
  ['server', '{"error":{"message":"Provider returned error","code":502}}'],
  [
    'quota',
    '{"error":{"message":"Insufficient credits. Add more using https://openrouter.ai/credits","code":402}}',
  ],
  ['bad_request', '{"error":{"message":"No endpoints found for qwen/qwen3-coder:free.","code":404}}'],
  [
    'content_filter',
    '{"error":{"message":"meta-llama/llama-guard requires moderation on OpenAI. Your input was flagged for \\"violence/graphic\\".","code":403}}',
  ],
  [
    'rate_limit',
    '{"error":{"message":"Rate limit exceeded: free-models-per-min. ","code":429,"metadata":{"headers":{"X-RateLimit-Limit":"20","X-RateLimit-Remaining":"0"}}}}',
  ],
  [
    'quota',
    '{"error":{"message":"Rate limit exceeded: free-models-per-day. Add 10 credits to unlock 1000 free model requests per day","code":429}}',
  ],
  [
    'rate_limit',
    'litellm.RateLimitError: AnthropicException - {"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization of 80,000 input tokens per minute."}}',
  ],
  ['quota', 'litellm.BudgetExceededError: Budget has been exceeded! Current cost: 10.02, Max budget: 10.0'],
  [
    'context_overflow',
    'litellm.ContextWindowExceededError: litellm.BadRequestError: AnthropicException - prompt is too long: 215000 tokens > 200000 maximum',
  ],
  [
    'auth',
    'litellm.AuthenticationError: AnthropicException - {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
  ],
  [
    'capacity',
    'litellm.ServiceUnavailableError: BedrockException - {"message":"Too many connections, please wait before trying again."}',
  ],
  ['server', '{"error":{"message":"Upstream request failed","type":"upstream_error"}}'],
  [
    'server',
    '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
  ],
  ['server', '504 Gateway Time-out'],
  ['server', 'error code: 524'],
  ['capacity', 'no healthy upstream'],
  [
    'quota',
    "Error code: 402 - {'error': {'message': 'Insufficient Balance', 'type': 'unknown_error', 'param': None, 'code': 'invalid_request_error'}}",
  ],
  // Network stacks
  ['transport', 'Error: read ETIMEDOUT'],
  ['transport', 'Error: getaddrinfo EAI_AGAIN api.anthropic.com'],
  ['transport', 'Error: write EPIPE'],
  ['transport', 'TypeError: fetch failed'],
  ['transport', 'Error: Client network socket disconnected before secure TLS connection was established'],
  [
    'transport',
    "requests.exceptions.ConnectionError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))",
  ],
  ['transport', 'httpx.RemoteProtocolError: Server disconnected without sending a response.'],
  [
    'transport',
    "urllib3.exceptions.ProtocolError: ('Connection broken: IncompleteRead(0 bytes read, 512 more expected)', IncompleteRead(0 bytes read))",
  ],
  ['transport', 'Post "https://api.openai.com/v1/chat/completions": net/http: TLS handshake timeout'],
  [
    'transport',
    'Post "https://api.anthropic.com/v1/messages": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
  ],
  ['transport', 'hyper::Error(IncompleteMessage): connection closed before message completed'],
  ['transport', '✻ Unable to connect to API (ECONNRESET) · Retrying in 0s · attempt 3/10'],
  [
    'capacity',
    'API Error (503 upstream connect error or disconnect/reset before headers. reset reason: remote connection failure, transport failure reason: delayed connect error: Connection refused) · Retrying in 4 seconds… (attempt 4/10)',
  ],
  ['quota', 'Codex API error: The usage limit has been reached'],
  [
    'quota',
    'API Error: 429 {"type":"error","error":{"type":"rate_limit_error","message":"You have reached your specified API usage limits. You will regain access on 2025-09-01 at 00:00 UTC."}}',
  ],
  ['capacity', 'Provider error 503: (empty body)'],
  [
    'server',
    "openai.InternalServerError: Error code: 502 - {'error': {'message': 'Bad gateway.', 'type': 'cf_bad_gateway', 'param': None, 'code': 502}}",
  ],
  [
    'rate_limit',
    "anthropic.RateLimitError: Error code: 429 - {'type': 'error', 'error': {'type': 'rate_limit_error', 'message': 'Number of concurrent connections has exceeded your rate limit.'}}",
  ],
  [
    'transport',
    'FetchError: request to https://api.openai.com/v1/chat/completions failed, reason: connect ETIMEDOUT 104.18.6.192:443',
  ],
  // Codex's wrapper is transport, unless what it wraps is OpenAI's own message for a request its servers failed.
  ['transport', 'stream disconnected before completion: stream closed before response.completed'],
  [
    'server',
    'stream disconnected before completion: An error occurred while processing your request. You can retry your request.',
  ],
  ['server', 'HTTP/2 500\ncontent-type: application/json'],
  ['rate_limit', 'request reached organization max RPM: 3, please try again after 1 seconds'],
  ['capacity', '{"protocol":"HTTP/1.1","response_code":503,"response_code_details":"no_healthy_upstream"}'],
  [
    'transport',
    '[GoogleGenerativeAI Error]: Error fetching from https://generativelanguage.googleapis.com/v1: Load failed',
  ],
  ['transport', 'Ollama at http://localhost:11434 could not be reached while requesting a response'],
  [
    'permission',
    "nemoguardrails: Error code: 400 - {'error': {'message': 'Organization has been restricted.', 'type': 'invalid_request_error'}}",
  ],
  ['quota', "You've reached your overage limit. (Request ID: 882c5c6b-9bd6-4b28-8286-d5ef3074f23f)"],
  // A 403 that says what is not permitted is that, whatever sign-in hint comes with it; a 401 stays auth.
  ['permission', 'API Error: 403 Your client is not authorized to use this API key · Please run /login'],
  ['auth', 'API Error: 401 Your client is not authorized to use this API key · Please run /login'],
  ['rate_limit', 'Error executing request, max retry count reached. Reason: TooManyRequests'],
  ['quota', 'You have reached the limit. (reason: MONTHLY_REQUEST_COUNT)'],
  [
    'other',
    '500 Server Error for http+docker://localhost/v1.47/containers/ab3b/start: Internal Server Error',
  ],
  ['other', "ModuleNotFoundError: No module named 'prisma'"],
  [
    'server',
    'Cascade has encountered an internal error in this step. No credits consumed on this tool call.',
  ],
  ['capacity', '所选模型已达容量上限，请尝试其他模型。'],
  ['bad_request', 'Error: 心流不支持当前模型，请更换模型后重试。'],
  ['context_overflow', 'The conversation context became too large for the model.'],
  // Siblings of the wordings the sweeps found, in other runtimes and products.
  ['transport', 'net::ERR_CONNECTION_RESET: The connection was reset.'],
  ['transport', 'curl: Empty reply from server'],
  ['capacity', '429 RESOURCE_EXHAUSTED reason: MODEL_CAPACITY_EXHAUSTED'],
  ['quota', 'You have hit your spending cap for this month.'],
  ['auth', '401 Missing bearer token in the Authorization header'],
  [
    'bad_request',
    'status = StatusCode.NOT_FOUND details = "models/gemini-9 is not found for API version v1beta"',
  ],
  ['bad_request', 'Request Entity Too Large'],
  ['bad_request', 'AI_NoSuchModelError: No such languageModel: openai/gpt-9'],
  ['quota', 'Limit reached resets Dec 18 at 5am (Asia/Riyadh)'],
  ['quota', "You're out of Codex messages"],
  [
    'context_overflow',
    'Input request contains (33425) tokens, which is more than the max tokens limit allowed: (32768)',
  ],
  [
    'permission',
    "Error code: 403 - {'error': {'message': 'Project `proj_x` does not have access to model `gpt-5`', 'type': 'invalid_request_error', 'code': 'model_not_found'}}",
  ],
  ['bad_request', 'messages.146.content.2.text: cache_control cannot be set for empty text blocks'],
  [
    'permission',
    "Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/p'",
  ],
  // Errno codes inside longer names are not the codes: `ResourceAccessException` holds `eacces`.
  [
    'transport',
    'org.springframework.web.client.ResourceAccessException: I/O error on POST request for "https://dashscope.aliyuncs.com/api/v1/services/aigc/multimodal-generation/generation": timeout',
  ],
  ['bad_request', 'ResourceNotFoundException: Model not found: anthropic.claude-v9'],
  ['other', "Error: EACCES: permission denied, open '/home/u/.claude.json'"],
  ['transport', 'getaddrinfo ENOTFOUND api.anthropic.com'],
  // A status line, a log table's cell, an error page's title, a relayed 429 inside a 5xx.
  ['server', 'HTTP/1.1 500 model_error'],
  [
    'capacity',
    '[GIN] 2025/03/06 - 11:42:21 | 503 |   42.044125ms |       127.0.0.1 | POST     "/api/generate"',
  ],
  ['capacity', '<html><title>503: Model with name mnist is not ready.</title></html>'],
  // An access log's line (the Common Log Format): the status follows the quoted request.
  ['capacity', '127.0.0.1 - - [13/Sep/2023 20:20:27] "POST /v1/chat/completions HTTP/1.1" 503 -'],
  ['auth', '127.0.0.1:60714 - "POST /chat/completions HTTP/1.1" 401'],
  // Another request's line is not this failure's status (a review of the rule): only a model call, a POST, counts.
  [
    'server',
    '"GET /favicon.ico HTTP/1.1" 404 153 "-"\nupstream timed out (110: Connection timed out) while reading response header from upstream',
  ],
  ['server', '"GET /metrics HTTP/1.1" 403 12\n"POST /v1/chat/completions HTTP/1.1" 502 0'],
  // Round 18: TLS interception, an expired SSO session, a model's output that is no JSON.
  ['transport', '└  ✖ self-signed certificate in certificate chain'],
  ['auth', 'API Error: The SSO session associated with this profile has expired. Run aws sso login.'],
  [
    'other',
    '{"errors": [{"type": "json_invalid", "msg": "Invalid JSON: EOF while parsing a value at line 1804"}]}',
  ],
  ['other', '"GET /v1/models HTTP/1.1" 20 bytes, 503 ms'],
  // Round 19: a key pool with every key cooling down or tripped is capacity; a missing key stays auth.
  ['capacity', 'no available key (all keys in cooldown or disabled)'],
  ['capacity', 'No active API keys available for this group'],
  ['capacity', 'Provider is temporarily cooled down'],
  [
    'capacity',
    '[{"channel_id":73,"attempt_num":1,"status":"circuit_break","msg":"circuit breaker tripped"}]',
  ],
  ['auth', 'No API key available. Set ANTHROPIC_API_KEY.'],
  // …but one key cooling down is a rate limit, and no key of one's own is no pool (a review of round 19).
  ['rate_limit', '429 Too Many Requests: your API key is in cooldown for 60 seconds'],
  ['other', 'You have no active API key. Create one in the console.'],
  ['content_filter', 'Question or answer contains sensitive words and has been blocked.'],
  ['content_filter', 'Request contains forbidden content, such as hate speech or violence.'],
  ['auth', 'AI_APICallError: Upstream request failed: Invalid credential'],
  ['transport', 'ERR_TLS_CERT_ALTNAME_INVALID fetching "https://opencode.ai/zen/v1/chat/completions".'],
  // Round 20: a TLS-inspecting proxy's certificate, a key helper that gave no key.
  ['transport', 'API Error: Error: unable to get issuer certificate'],
  [
    'auth',
    'Error getting API key from apiKeyHelper (in settings or ~/.claude.json): apiKeyHelper did not return a valid value',
  ],
  // Round 20b: SDKs beyond Python and JS. Dio's and Alamofire's wording of a status; the JVM's TLS trust error.
  ['capacity', 'GeminiException => This exception was thrown because the response has a status code of 503'],
  ['rate_limit', 'requestFailed(message: "Response status code was unacceptable: 429.")'],
  ['transport', 'PKIX path building failed: unable to find valid certification path to requested target'],
  ['transport', 'Failed host lookup: `api.openai.com`'],
  ['bad_request', 'Error response [3d125785] 404 DeploymentNotFound (00.2s)'],
  ['permission', 'Your access was terminated due to violation of our policies, please check your email.'],
  ['other', 'Failed to fetch models: The data couldn’t be read because it isn’t in the correct format.'],
  [
    'other',
    'Try getting suggestions again: Language server error: Server error: -32602 Document for URI could not be found',
  ],
  // Round 21: 2026's models billed apart from the plan, a usage-policy refusal, a client too old for a model.
  ['quota', 'Fable 5 runs on usage credits — you have $0.00.'],
  ['quota', 'API Error: Request rejected (429) · Usage credits are required for long context requests.'],
  [
    'content_filter',
    "API Error: Opus 4.8 can't help with this. Learn more: https://www.anthropic.com/legal/aup",
  ],
  [
    'bad_request',
    "The 'gpt-6-astra' model requires a newer version of Codex. Please upgrade to the latest app or CLI.",
  ],
  ['other', 'Codex app-server websocket closed (code=3221225501, signal=null).'],
  // Round 22: Windows' refused connection, Safari's fetch, a key said to be invalid whoever's it is, undici's
  // `terminated` under a wrapper's words, aiohttp's and Dify's ways of writing a status, Next.js's error page.
  [
    'transport',
    'No connection could be made because the target machine actively refused it 127.0.0.1:1234\n   at System.Net.Sockets.Socket.InternalEndConnect',
  ],
  ['transport', '{\n  "error": true,\n  "message": "Load failed"\n}'],
  ['auth', 'Invalid openrouter API key.'],
  ['auth', "{ error: undefined, errorType: 'InvalidProviderAPIKey' }"],
  // …but an app's "invalid key" around an overload is the overload.
  [
    'capacity',
    'Invalid Gemini API key: [GoogleGenerativeAI Error]: Error fetching from https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash-latest:generateContent: [503 Service Unavailable] The model is overloaded. Please try again later.',
  ],
  ['bad_request', 'Invalid request: api key header is set twice'],
  ['transport', 'Sorry, there was an error processing your request: TypeError: terminated'],
  [
    'bad_request',
    "Smart Notes Error: Unknown error from OpenAI - 404, message='Not Found', url=URL('https://api.openai.com/v1/chat/completions')",
  ],
  ['server', 'Request to Plugin Daemon Service failed-500'],
  ['server', 'Application error: a server-side exception has occurred while loading academy.dyad.sh'],
  ['capacity', '3040: Capacity temporarily exceeded, please try again.'],
  ['quota', 'You need to set up billing to run this model'],
  ['context_overflow', 'n_keep: 847,741 >= n_ctx: 33,024'],
  [
    'context_overflow',
    'ValueError: Error raised by inference API: Input validation error: inputs tokens + max_new_tokens must be <= 2048.',
  ],
  // Round 23: a relay's wrapper around a connection that failed, region locks, inference servers' own words.
  ['transport', 'Upstream error:\nconnect ETIMEDOUT 10.1.2.3:443'],
  [
    'transport',
    '[TeamClaude] Upstream error (account "..."): upstream response headers timed out after 120000ms',
  ],
  ['permission', 'Account.RegionUnavailable / "This Go model requires Global regions."'],
  ['capacity', 'no AI workers available to process request'],
  ['auth', 'ERR Server error error="missing or malformed API Key"'],
  [
    'auth',
    'HTTP 401 Access Denied { "statusCode": 401, "message": "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API." }',
  ],
  ['rate_limit', "You've reached our limit of messages per hour. Please try again later"],
  ['quota', '5時間の制限に達しました - [時刻]にリセットされます。'],
  // Words inside an id are not words: `…kcSaMb…` holds no `csam`.
  ['bad_request', 'Session ses_80e4973ddffekcSaMbXDLae1Ee: 400 Bad Request'],
  ['content_filter', 'CENSORED Potentially CSAM content detected and had to be blocked.'],
  ['other', "EACCES: permission denied, open '/home/user/.config/claude-code/config.json'"],
  ['transport', 'thread main panicked: reqwest::Error { kind: Request, source: TimedOut }'],
  // A plain 400 around rate-limit words is a rate limit, as one around an overload is capacity.
  ['rate_limit', '{"detail":"Too many requests in 1 hour. Try again later."} (code: 400)'],
  ['bad_request', '400 Bad Request: too many requests in one batch: invalid parameter'],
  [
    'rate_limit',
    'Response: 500 {"statusCode":500,"error":"Internal Server Error","message":"429 Rate limit is exceeded. Try again in 11 seconds."}',
  ],
];

describe('realistic provider texts', () => {
  it.each(PROVIDER_TEXTS)('reads a %s in "%s"', expectRead);
});

describe('status positions', () => {
  it.each([
    ['API Error: 503 no non-exhausted claude accounts available', 'capacity'],
    ['Error: 529 {"type":"error"}', 'capacity'],
    ['upstream answered with status 503 after the retry', 'capacity'],
    ['HTTP 503 from the gateway', 'capacity'],
    ['failed with status code 503', 'capacity'],
    ['503 Service Unavailable', 'capacity'],
    ['{"status":503,"message":"try later"}', 'capacity'],
    ['the gateway said no (503)', 'capacity'],
    ['code: 503', 'capacity'],
    ['Request failed with status code 401', 'auth'],
    ['Error reference number: 502', 'server'],
    ['(HTTP response code was 400)', 'bad_request'],
    // A message that begins with its status, inside a JSON or Python body.
    ['{"error":{"message":"402 You\'ve used up your points!"}}', 'quota'],
    ["{'error': {'message': '401 The API key in the request is missing or invalid.'}}", 'auth'],
    ['{"error":{"message": "504: DEADLINE_EXCEEDED"}}', 'server'],
    // A log line's message that begins with its status, past the line's time, level and logger.
    ['[2026-03-14T09:26:53.589Z] ERROR agent: 401 The API key in the request is missing or invalid.', 'auth'],
    ["2026-03-14 09:26:53,589 - agent.runner - ERROR - 402 You've used up your points!", 'quota'],
    ['[WARN] [proxy] | 400 Missing `reasoning_content` field in the assistant message', 'bad_request'],
    // After an error word and a comma; and above a body, as Zed logs a failed request.
    ['unknown error, 520 (1000) [retrying…]', 'server'],
    ['Failed to fetch experiments: 403\nBody: Currently staff only', 'permission'],
    // After a CJK word for a failure: "request failed: 403", "an error occurred: 404".
    ['API Error: 请求失败: 403', 'permission'],
    ['检测到新的剪贴板图像。发生错误：404 page not found', 'bad_request'],
    // After a failure word in another language, or a failure of the server (`Error from server: 503`): an app
    // prints its translated `server error` for any status, so the status settles the class.
    ['Sunucu hatası: 429', 'rate_limit'],
    ['SUNUCU HATASI: 401', 'auth'],
    ['Sunucu hatası: 402', 'quota'],
    ['Serverfehler: 401', 'auth'],
    ['Serverfout: 429', 'rate_limit'],
    ['Erreur du serveur : 429', 'rate_limit'],
    ['Errore del server: 401', 'auth'],
    ['Error del servidor: 403', 'permission'],
    ['Erro do servidor: 429', 'rate_limit'],
    ['Error from server: 503', 'capacity'],
  ] as const)('reads a status in "%s"', (text, expected) => {
    expect(classify({ message: text }).class).toBe(expected);
  });

  it("keeps a log line's transient failure over a count that opens an earlier line (a review)", () => {
    const text =
      '[2026-03-14T09:26:52Z] WARN indexer: 404 of 512 files indexed\n[2026-03-14T09:26:53Z] ERROR agent: API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';
    expect(classify({ message: text }).class).toBe('capacity');
    expect(classify({ message: 'ERROR agent: 401 of 900 tokens streamed, then: socket hang up' }).class).toBe(
      'transport',
    );
  });

  it.each([
    ['ERROR agent: 503 retries exhausted', 'capacity'],
    ['ERROR claude: 529 attempts failed', 'capacity'],
    ['ERROR proxy: 502 requests dropped by upstream', 'server'],
    ['2026-03-14 09:26:52 - agent - ERROR - 500 results not returned', 'server'],
  ] as const)(
    'reads a status a count word follows when no count is meant: "%s" (a review)',
    (text, expected) => {
      expect(classify({ message: text }).class).toBe(expected);
    },
  );

  it('looks at the first thousand numbers that could be statuses, and no further', () => {
    expect(classify({ message: `${'x 404 '.repeat(999)} HTTP 429` }).class).toBe('rate_limit');
    expect(classify({ message: `${'x 404 '.repeat(1000)} HTTP 429` }).class).toBe('other');
  });

  it('reads the 401 in 127.0.0.1:4016 as no status', () => {
    expect(classify({ message: 'request to http://127.0.0.1:4016/v1/messages failed' }).class).toBe('other');
  });

  it.each([
    'retry after 401s',
    'next account in 429s',
    'took 500ms',
    'request id: req_011CZAZLDXQ503',
    'request id c6346410-8a50-403b-b711-08c6e4147c43',
    'at generate (/cli.js:401:9268)',
    'App.Event:load_response:429 - done',
    '2023-02-14 15:04:45.503 | INFO',
    'got 4010 tokens',
    'errno = 403',
    'sent 429 bytes',
    '{"id":"503","message":"done"}',
    // Only a level's own line, and only right after its separator; and no count that opens a message.
    '[INFO] pool: 503 connections open',
    'ERROR agent: retried 3 times, then 500 ok',
    '[2026-03-14T09:26:52Z] WARN indexer: 404 of 512 files indexed',
    '2026-03-14 09:26:52 - ERROR - 403 chunks received',
    'ERROR agent: 401/900 done',
    '2026-03-14 09:26:52 - agent - WARNING - 413 KB of tool output truncated',
    '[2026-03-14T09:26:52Z] ERROR agent: 401 retries left',
    // A server named without a failure before it, or after one with no `of` between.
    'server: 503 ms',
    'the api at 429',
    'Error in this server: 401 entries',
  ])('reads no status in "%s"', (text) => {
    expect(classify({ message: text }).class).toBe('other');
  });

  it('lets the status field speak when the text has none', () => {
    expect(classify({ message: 'upstream said no', status: 503 })).toEqual({
      class: 'capacity',
      retry: 'capacity',
    });
    expect(classify({ message: 'upstream said no', status: 401 }).class).toBe('auth');
  });

  it('reads the type field like the text', () => {
    expect(classify({ message: 'Overloaded', type: 'overloaded_error' }).class).toBe('capacity');
    expect(classify({ message: 'nope', type: 'authentication_error' }).class).toBe('auth');
  });
});

describe('terminal colour codes', () => {
  it.each([
    ['\u001b[31m500: Internal Server Error\u001b[39m', 'server'],
    [
      'API Error: \u001b[1m\u001b[31m529\u001b[0m {"type":"error","error":{"type":"overloaded_error"}}',
      'capacity',
    ],
    ['\u001b[31mInvalid Groq API Key. Try again?\u001b[0m', 'auth'],
    // As a JSON log carries them, escaped.
    ['{"msg":"\\u001b[31m429 Provider returned error\\u001b[39m"}', 'rate_limit'],
    // A cursor code, and an escape with no sequence after it.
    ['socket hang\u001b[2K up', 'transport'],
    ['\u001bECONNRESET', 'transport'],
  ] as const)('reads "%s" as if the codes were not there', (text, expected) => {
    expect(classify({ message: text }).class).toBe(expected);
  });
});

describe('precedence', () => {
  it.each([
    ['reads overloaded as capacity, not a limit', 'API Error: 429 overloaded_error: Overloaded', 'capacity'],
    [
      'keeps an overload capacity when it tells to contact an admin if it persists',
      '529 Overloaded. Please try again later; if this persists, contact your administrator.',
      'capacity',
    ],
    [
      "lets an overloaded upstream's 5xx outrank a refusal's words",
      '503 {"error":{"message":"Request not allowed: upstream overloaded, try again later"}}',
      'capacity',
    ],
    [
      'reads a per-minute usage cap as a rate limit',
      '429 usage exceeded for this model per minute',
      'rate_limit',
    ],
    ['reads a usage cap without a window as quota', 'Free usage exceeded, subscribe to Go', 'quota'],
    [
      'keeps a refusal that tells to contact an admin a refusal inside a transport wrapper',
      'stream error: Please contact your workspace admin to enable device code authentication',
      'permission',
    ],
    [
      'keeps a bad request that says EOF a bad request',
      'API Error: 400 invalid_request_error: unexpected EOF while parsing the tool input',
      'bad_request',
    ],
    [
      'keeps a ValidationException that says timeout a bad request',
      'ValidationException: timeout must be ≤ 60',
      'bad_request',
    ],
    [
      'lets quota words beat rate-limit words',
      'RateLimitError: 429 You exceeded your current quota, please check your plan and billing details',
      'quota',
    ],
    [
      'lets a context overflow beat a bad request',
      'API Error: 400 invalid_request_error: prompt is too long: 210000 tokens > 200000 maximum',
      'context_overflow',
    ],
    ['reads a 504 gateway timeout as a server error', 'HTTP 504 Gateway Timeout', 'server'],
    [
      'keeps a 5xx class when the text also says reset',
      'API Error: 502 Bad Gateway (connection reset by peer)',
      'server',
    ],
    ['lets a 401 beat transport words', 'API Error: 401 Unauthorized after ECONNRESET', 'auth'],
    [
      'reads an expired token behind a 403 as auth',
      'API Error: 403 The security token included in the request is expired',
      'auth',
    ],
    [
      'reads a rate limit that resets a day out as quota',
      'Rate limit exceeded. Please retry after 86400 seconds.',
      'quota',
    ],
    [
      'reads a limit that resets at a clock time as quota',
      'Rate limit reached · resets 5pm (America/New_York)',
      'quota',
    ],
    [
      'reads a limit that names its reset epoch as quota',
      'Claude AI usage limit reached|1767225600',
      'quota',
    ],
    ['reads a user interrupt as other', 'Interrupted by user', 'other'],
    [
      'reads an abort on timeout as transport',
      'TimeoutError: The operation was aborted due to timeout',
      'transport',
    ],
    [
      'reads a local permission problem as other',
      'Error: EACCES: permission denied, open /etc/hosts',
      'other',
    ],
    ['reads an unknown text as other', 'Something odd happened in the tool', 'other'],
    [
      'reads "try again at a later time" as no reset clock',
      'Rate limit exceeded. Please try again at a later time.',
      'rate_limit',
    ],
    [
      'reads a limit that resets on a date as quota',
      'You can try again at 10 de jul. de 2026, 11:52 (rate limit)',
      'quota',
    ],
    [
      'decodes JSON unicode escapes',
      '{"message":"The user doesn\\u0027t want to proceed with this tool use."}',
      'permission',
    ],
    [
      'reads a header dump as no rate limit',
      'HTTP 502 Bad Gateway; x-ratelimit-remaining-requests: 99',
      'server',
    ],
  ] as const)('%s', (_name, text, expected) => {
    expect(classify({ message: text }).class).toBe(expected);
  });
});

describe('retry hints', () => {
  it.each([
    ['retry after 2401s', 2_401_000],
    ['Retry-After: 30', 30_000],
    ['Please retry after 60 seconds.', 60_000],
    ['Please try again in 20s.', 20_000],
    ['Please try again in 1m30s.', 90_000],
    ['Please try again in 9m38.016s.', 578_016],
    ['Please try again in 6ms.', 6],
    ['next account frees up in 50m', 3_000_000],
    ['limit resets in 2h', 7_200_000],
    ['try again in 4 days 20 hours 9 minutes', 418_140_000],
    ['{"retry_after": 12}', 12_000],
    ["'retryDelay': '41s'", 41_000],
    ['retry-after-ms: 1500', 1_500],
    ['retry after 5 minutes', 300_000],
    // A header's value, whatever header follows it in a dump.
    ['Retry-After: 30\nDate: Wed, 21 Oct 2026 07:28:00 GMT', 30_000],
    ['retry-after: 30\tVia: 1.1 proxy', 30_000],
    ['retry after 1,000 seconds', 1_000_000],
    ['retry after 1,500.25 seconds', 1_500_250],
    ['retry after 0.5', 500],
    ['try again in 1.0005s', 1_001],
    ['try again in 12345678901234567s', undefined],
  ])('reads "%s" as %s ms', (text, ms) => {
    expect(classify({ message: `429 Too Many Requests: ${text}` }).retryAfterMs).toBe(ms);
  });

  it.each([
    'try again after 2024.05.01 maintenance',
    'wait for 10.0.0.5:443 to answer',
    'retry after v1.2.3 is deployed',
    'retry after 30 at the earliest',
  ])('reads no wait in "%s"', (text) => {
    expect(classify({ message: `503 Service Unavailable: ${text}` }).retryAfterMs).toBeUndefined();
  });

  it('prefers the explicit retry after over the pool estimate', () => {
    const text =
      'API Error: 503 no non-exhausted claude accounts available; next account frees up in 50m (retry after 2401s)';
    expect(classify({ message: text }).retryAfterMs).toBe(2_401_000);
  });

  it('takes the longest of several explicit hints', () => {
    expect(classify({ message: 'retry after 10s; retry after 30s' }).retryAfterMs).toBe(30_000);
  });

  // A hostile text that names a wait every 32 characters took 6 ms to read them all; no real error names one
  // hundreds of times, so a text's first 256 are read.
  it('reads the first 256 waits a text names', () => {
    const text = `overloaded: ${'try again in 1s, '.repeat(255)}try again in 20s, try again in 90s`;
    expect(classify({ message: text }).retryAfterMs).toBe(20_000);
  });

  // Found by a review of that limit: counted over every hint phrase, it stopped at phrases that name no wait and
  // at another tier's waits, and a long wait after them went unread (a quota read as a rate limit).
  it.each([
    [`${'Please wait, retrying. '.repeat(257)}Error 429: Too Many Requests. Retry-After: 86400`, 86_400_000],
    [`${'Rate limited, try again in 1s. '.repeat(300)}Retry-After: 3600`, 3_600_000],
  ])(
    'still reads a wait after hundreds of phrases that name none or that are of another tier (%#)',
    (text, ms) => {
      expect(classify({ message: text }).retryAfterMs).toBe(ms);
    },
  );

  it.each([
    'API Error (529 overloaded_error) · Retrying in 4 seconds… (attempt 4/10)',
    'Unable to connect to API (ConnectionRefused) · Retrying in 11s · attempt 8/10',
    'Overloaded, will retry in 5s',
    'Please retry after a brief wait.',
    'try again in a moment',
    'try again after July 3, 2026 at 2:45 PM',
  ])('reads no server hint in "%s"', (text) => {
    expect(classify({ message: text }).retryAfterMs).toBeUndefined();
  });

  it('ignores a retryAfterSeconds field too large to be a wait in ms', () => {
    expect(classify({ message: '503 retry after 30s', retryAfterSeconds: 1e308 }).retryAfterMs).toBe(30_000);
  });

  it('prefers the retryAfterSeconds field over the text', () => {
    expect(classify({ message: 'retry after 2401s', retryAfterSeconds: 30 }).retryAfterMs).toBe(30_000);
  });
});

describe('retry hints that name a moment', () => {
  // 2026-10-21T07:27:00Z, one minute before the HTTP date below.
  const now = Date.UTC(2026, 9, 21, 7, 27, 0);
  const epochSeconds = now / 1000;

  it.each([
    ['Retry-After: Wed, 21 Oct 2026 07:28:00 GMT', 60_000],
    ['retry-after: "Wed, 21 Oct 2026 07:29:30 GMT"\nVia: 1.1 proxy', 150_000],
    [`{"retry_after": ${epochSeconds + 90}}`, 90_000],
    [`retry-after-ms: ${now + 1_500}`, 1_500],
    // Already past when the failure happened: no later than now.
    ['Retry-After: Wed, 21 Oct 2026 07:20:00 GMT', 0],
  ])('reads "%s" against the failure\'s time as %i ms', (text, ms) => {
    expect(classify({ message: `503 Service Unavailable ${text}` }, { now }).retryAfterMs).toBe(ms);
  });

  it("reads a retryAfterSeconds field that holds an epoch against the failure's time", () => {
    const failure = { message: '503 Service Unavailable', retryAfterSeconds: epochSeconds + 60 };
    expect(classify(failure, { now }).retryAfterMs).toBe(60_000);
  });

  it.each([
    'Retry-After: Wed, 21 Oct 2026 07:28:00 GMT',
    `{"retry_after": ${epochSeconds + 90}}`,
    `retry-after-ms: ${now + 1_500}`,
  ])('leaves out "%s" without a clock instead of reading it as decades', (text) => {
    const verdict = classify({ message: `503 Service Unavailable ${text}` });
    expect(verdict).toEqual({ class: 'capacity', retry: 'capacity' });
  });

  it('falls back to the text when the field holds an epoch and there is no clock', () => {
    const failure = { message: '503 retry after 30s', retryAfterSeconds: epochSeconds + 60 };
    expect(classify(failure).retryAfterMs).toBe(30_000);
  });

  it.each([
    'Retry-After: Wed, 32 Oct 2026 07:28:00 GMT',
    'Retry-After: Wed, 21 Oct 2026 24:28:00 GMT',
    'Retry-After: Wed, 21 Okt 2026 07:28:00 GMT',
    'Retry-After: Wed, 21 Oct 2026 07:28:00 CET',
    // Past the year 5138: neither a wait nor a moment.
    `retry-after-ms: ${1e14 + 5}`,
  ])('reads no moment in "%s"', (text) => {
    expect(classify({ message: `503 ${text}` }, { now }).retryAfterMs).toBeUndefined();
  });
});

describe('an agent that exited', () => {
  it('retries an unrecognised failure as agent_exited', () => {
    expect(classify({ message: 'process exited with code 137', agentExited: true })).toEqual({
      class: 'other',
      retry: 'agent_exited',
    });
  });

  it('keeps the capacity or transport reason when the text names one', () => {
    expect(classify({ message: 'API Error: 529 Overloaded', agentExited: true }).retry).toBe('capacity');
    expect(classify({ message: 'read ECONNRESET', agentExited: true }).retry).toBe('transport');
  });

  it.each([
    'Invalid API key · Please run /login',
    'API Error: 403 permission_error',
    'API Error: 400 invalid_request_error',
    'prompt is too long: 202128 tokens > 200000 maximum',
    'Output blocked by content filtering policy',
    'You exceeded your current quota',
    'API Error: 429 rate_limit_error',
  ])('never retries "%s" even after a crash', (text) => {
    expect(classify({ message: text, agentExited: true }).retry).toBeNull();
  });

  it('does not retry an unrecognised failure when the agent stayed up', () => {
    expect(classify({ message: 'process exited with code 137' }).retry).toBeNull();
  });
});

describe('adversarial input', () => {
  const SIZE = 262_144;
  const CLASSES: readonly string[] = [
    'capacity',
    'server',
    'transport',
    'rate_limit',
    'quota',
    'auth',
    'permission',
    'bad_request',
    'context_overflow',
    'content_filter',
    'other',
  ];

  it.each([
    ['a long digit run', '5'.repeat(SIZE)],
    ['retry after repeated 20k times', 'retry after '.repeat(20_000)],
    ['a deeply nested JSON array', '['.repeat(SIZE)],
    ['one letter repeated', 'a'.repeat(SIZE)],
    ['status words with digits', 'status 5'.repeat(SIZE / 8)],
    ['near-miss phrases', 'rate limi'.repeat(SIZE / 9)],
    ['escaped quotes', '\\"'.repeat(SIZE / 2)],
    ['hint triggers with long numbers', `try again in ${'9'.repeat(1000)}s `.repeat(200)],
    ['CJK and Cyrillic words', '错误 ошибка '.repeat(SIZE / 10)],
    ['tenant mismatches without a token', 'does not match resource tenant '.repeat(SIZE / 31)],
    ['supposed timeouts', 'if timeout '.repeat(SIZE / 11)],
    ['quoted names that are not models', `${'a'.repeat(100)}' not found `.repeat(SIZE / 112)],
    ['JavaScript runtime errors', 'is not a function '.repeat(SIZE / 18)],
  ])('classifies 256 KiB of %s', (_name, text) => {
    const verdict = classify({ message: text });
    expect(CLASSES).toContain(verdict.class);
  });

  it('still finds a signal at the far end of a large text', () => {
    expect(classify({ message: `${'x'.repeat(SIZE)} API Error: 529 Overloaded` }).class).toBe('capacity');
  });

  it('still finds a Russian or Chinese phrase at the far end of large Cyrillic or CJK prose', () => {
    const prose = 'Произошла ошибка при обработке запроса, попробуйте позже. 请求处理中 '.repeat(SIZE / 64);
    expect(classify({ message: `${prose} Сервер перегружен` }).class).toBe('capacity');
    expect(classify({ message: `${prose} 账户余额不足` }).class).toBe('quota');
    expect(classify({ message: prose }).class).toBe('other');
  });
});

describe('primeClassifier', () => {
  it('changes no verdict: the corpus classifies the same before and after it', () => {
    const texts = [...errors, ...seeds].map((c) => c.text);
    const before = texts.map((message) => classify({ message }));
    primeClassifier();
    expect(texts.map((message) => classify({ message }))).toEqual(before);
  });
});

describe('shapes found by the provider sweep (test/fixtures/provider-errors.jsonl)', () => {
  it.each([
    // A filter's name as a JSON key says nothing unless its value does.
    [
      'capacity',
      '{"error":{"code":"server_error","message":"Our servers are currently overloaded."},"moderation":null}',
    ],
    [
      'server',
      '500 {"choices":[],"content_filter_results":{"hate":{"filtered":false}},"error":"internal error"}',
    ],
    ['capacity', "{'error': {'message': 'Overloaded'}, 'refusal': None}"],
    ['content_filter', '{"choices":[{"finish_reason":"content_filter"}]}'],
    ['content_filter', '{"moderation": {"flagged": true, "categories": ["violence"]}}'],
    // A monthly cap by any name, and Copilot's Responsible AI filter in Japanese, Korean and Portuguese.
    ['quota', "You've reached your monthly chat messages quota."],
    [
      'content_filter',
      '申し訳ございません。この回答は責任ある AI サービスによってフィルター処理されました。',
    ],
    ['content_filter', '죄송합니다. 책임 있는 AI 서비스에서 응답을 필터링했습니다.'],
    ['content_filter', 'A resposta foi filtrada pelo Serviço de IA Responsável. Reformule sua solicitação.'],
    ['other', 'Request failed via responses api'],
    // A filter's message cut short, a balance by any currency, a bot's failed call, the SDK's connection error.
    [
      'content_filter',
      `openai.BadRequestError: Error code: 400 - {'error': {'code': 'BadRequest', 'message': "The response was filter`,
    ],
    ['quota', 'Insufficient USD or Diem balance to complete request'],
    ['transport', "[telegram] sendMessage failed: Network request for 'sendMessage' failed!"],
    ['transport', 'litellm.InternalServerError: InternalServerError: OpenAIException - Connection error.'],
    // gRPC's NOT_FOUND as Google's clients print it, Cloud IAM's refusal, cyber-abuse checks, Iberian wordings.
    ['bad_request', 'API Error: Publisher Model `gemini-2.5-pro-preview` not found. (Status: NOT_FOUND)'],
    ['permission', "Permission 'cloudaicompanion.companions.generateChat' denied"],
    [
      'permission',
      "You must be a named user on your organization's Gemini Code Assist Standard edition subscription to use this service",
    ],
    ['content_filter', 'Heads up, your request was re-routed to reduce cyber-abuse risk'],
    ['quota', 'Tu límite de uso se restablece el 26 may 2026, 2:40 p.m.'],
    ['rate_limit', 'Desculpe, você excedeu o limite de uso. Código de Erro: rate_limited'],
    ['auth', 'Erro de autenticação. error_code: token_exchange_failed'],
    // An API that could not be reached, a model never pulled, a request said to be invalid (round 26).
    ['transport', "Failed to start Claude's workspace — Can't reach the Claude API from Claude's workspace"],
    ['transport', 'API reachability: PROBABLY_UNREACHABLE'],
    ['bad_request', 'The model "llama3.1:8b" was not found. To download it, run `ollama run llama3.1:8b`.'],
    ['bad_request', 'Provider ended the request: Unknown Error: The provided request is not valid'],
    // Round 27: TLS and closed sockets in other runtimes' words, a connection or stream that ended before its answer.
    [
      'transport',
      'Post "https://api.example.com/v1": tls: failed to verify certificate: x509: certificate has expired',
    ],
    ['transport', 'error sending request: invalid certificate: UnknownIssuer'],
    ['transport', 'urllib3 error: [SSL: UNEXPECTED_EOF_WHILE_READING] (_ssl.c:1006)'],
    ['transport', 'HttpRequestException: The SSL connection could not be established, see inner exception.'],
    ['transport', 'Error [ERR_SOCKET_CLOSED]: Socket is closed'],
    ['transport', 'failed to read stream: http2: response body closed'],
    ['transport', '** (Mint.TransportError) the connection was closed (reason: :closed)'],
    ['transport', 'ConnectionError: [WinError 10054] An existing connection was forcibly closed'],
    ['transport', 'Proxy connection ended before receiving CONNECT response'],
    ['transport', 'There was a problem connecting to the model server.'],
    // …the agent's own executable or local process, an answer cut at its output cap, an overflow, a full queue.
    ['other', 'Internal error: {"details": "Codex executable not found at /usr/local/bin/codex"}'],
    ['other', 'MCP client for `github` failed to start: unexpected server response: HTTP 503'],
    [
      'bad_request',
      'openai.LengthFinishReasonError: Could not parse response content as the length limit was reached',
    ],
    [
      'bad_request',
      'stream disconnected before completion: Incomplete response returned, reason: max_output_tokens',
    ],
    ['bad_request', 'HTTP 400 {"error":"codellama:7b does not support insert"}'],
    ['context_overflow', 'Context is too large to continue. Use /compact or start a new session.'],
    ['context_overflow', 'メッセージがこの会話の長さ制限を超えています。'],
    ['capacity', '{"error":{"code":14,"message":"ErrorQueueFull"}}'],
    ['capacity', 'HTTP 503: request queue is full, try again shortly'],
    ['content_filter', "Invalid prompt: we've limited access to this content for safety reasons."],
    ['quota', 'Você atingiu o limite de mensagens. Seu limite será redefinido em 12 de ago. de 2026.'],
    ['auth', 'Invalid OAuth Request: missing state parameter'],
    // Round 28: the same failures in other languages, as agents, relays and their UIs print them.
    ['capacity', 'Der Dienst ist im Moment stark ausgelastet. Bitte später erneut versuchen.'],
    ['capacity', 'El servidor está sobrecargado. Inténtalo de nuevo más tarde.'],
    ['capacity', '서버 과부하로 요청을 처리할 수 없습니다.'],
    ['capacity', '服務暫時無法使用，請稍後再試'],
    ['transport', 'リクエストがタイムアウトしました。ネットワークを確認してください。'],
    ['transport', '伺服器連線超時'],
    ['transport', 'Erro de conexão com o provedor.'],
    ['server', '内部サーバーエラーが発生しました'],
    ['server', '공급자 서버 오류 (500)'],
    ['quota', 'Ihr 5-Stunden-Limit ist erreicht und setzt zurück um 19:00.'],
    ['quota', 'API クォータを超過しました'],
    ['rate_limit', 'Anthropic API-Ratenlimit überschritten.'],
    ['context_overflow', 'Die Nachricht überschreitet das Längenlimit des Modells.'],
    ['content_filter', 'Die Ausgabe wurde aufgrund von Sicherheitseinstellungen blockiert.'],
    ['auth', "Échec de l'authentification OpenAI. Vérifiez votre clé."],
    // …a pool saturated, a gateway out of connect attempts, a client waiting for its network, a provider refused.
    ['capacity', '{"error":{"code":"account_pool_concurrency_saturated","type":"server_error"}}'],
    ['capacity', '498 capacity_exceeded'],
    ['transport', 'upstream maximum connect attempts reached'],
    ['transport', 'Waiting for network... retrying'],
    ['transport', "Model didn't respond"],
    ['server', 'ModelError: Received server error (424) from primary: Failed Dependency'],
    ['server', 'Lo sentimos, el servidor está teniendo dificultades.'],
    ['capacity', 'upstream overflow'],
    ['quota', 'The gateway requires a valid credit card on file to service requests.'],
    ['bad_request', 'ModelException: Provider unavailable: {"code":2008,"message":"Invalid provider"}'],
    // Round 29: status-less network failures in hyper's, .NET's, Bun's, HTTP/2's and Go's words; a token step the
    // network broke (a log-in it broke stays auth, as does a 401); busy servers, a status page's hint, servers that
    // did not come up; a database lock of the agent's own; bodies and chat templates a server refused, whatever 500
    // it puts around them; a method before its status.
    ['transport', 'proxy: failure handling request: client error (SendRequest)'],
    ['transport', 'hyper::Error { kind: Incomplete, cause: None }'],
    ['transport', 'System.Net.Http.HttpRequestException: An error occurred while sending the request.'],
    ['transport', 'error: FailedToOpenSocket fetching "https://api.anthropic.com/v1/messages"'],
    ['transport', 'Http2StreamErrorException: HTTP/2 stream ID 5 error (REFUSED_STREAM)'],
    ['transport', 'Responses stream finished without response.completed'],
    ['transport', 'Error: the agent connection was unexpectedly closed'],
    [
      'transport',
      'Get "https://api.example.com/v1": net/http: HTTP/1.x transport connection broken: malformed HTTP status code "x"',
    ],
    [
      'transport',
      'token refresh failed: Post "https://auth.example.com/oauth/token": dial tcp 10.0.0.1:443: i/o timeout',
    ],
    ['auth', 'Failed to log in: Post "https://auth.example.com/login": dial tcp 10.0.0.1:443: i/o timeout'],
    ['auth', 'token refresh failed with 401 after a connection reset'],
    ['capacity', 'The service is currently busy, please retry shortly.'],
    ['capacity', 'No available channel for model claude-sonnet under group vip'],
    ['server', 'The API may be experiencing issues. See the status page.'],
    ['server', 'Worker failed to boot within 300 seconds'],
    ['server', 'Health check failed: the inference server did not come up'],
    ['server', 'An error occurred during streaming the response'],
    ['other', 'LockTimeoutError: database is locked'],
    [
      'other',
      'Error: permission orchestrator failed: unexpected permission response from the user (internal error)',
    ],
    ['bad_request', 'Maximum body size limit (10485760) exceeded (type: server_error)'],
    ['bad_request', 'TemplateError: Jinja: roles must alternate user/assistant (500 Internal Server Error)'],
    ['bad_request', '{"error":{"message":"model foo ratio or price not set","type":"new_api_error"}}'],
    ['server', '[POST:502] https://api.example.com/v1/chat Failed!'],
    // Found by a review of round 29: its words where they sit in other texts (a credential failure beside network
    // words, a post number, a per-minute size limit, a template file missing, a 5xx about a locked database, a
    // permission response from IAM, a relay's group multiplier 倍率, a session or Slack channel that is busy or missing).
    ['other', 'codex app-server: failed to open socket /home/dev/.codex/ipc.sock: address already in use'],
    [
      'other',
      'Session is currently busy: another prompt is still running in this session. Wait for it to finish or interrupt it.',
    ],
    ['other', 'notify hook failed: slack webhook returned "no available channel named #agent-alerts"'],
    [
      'server',
      '500 Internal Server Error: {"error":{"message":"litellm.APIError: sqlite3.OperationalError: database is locked","type":"internal_server_error"}}',
    ],
    [
      'permission',
      '403 Forbidden: permission response from IAM: principal lacks bedrock:InvokeModel on arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude',
    ],
    ['server', 'Failed to parse permission response from gateway: 502 Bad Gateway'],
    ['capacity', '当前分组倍率 1.5 的上游负载已饱和，请稍后再试'],
    ['rate_limit', '请求频率过高，请稍后再试（分组倍率：2）'],
    ['other', 'Stripe webhook handler error: price not set on subscription item si_123'],
    // Round 30: Apple's, Erlang's and Java's words for a network failure, a gateway whose backends did not answer,
    // German, Indonesian, Polish and Korean words for network, connection, address, certificate, timeout, overload,
    // unavailable and server error; a pool's saturated load; answers left empty, unfinished or out of order;
    // nginx's 408 page; a client-closed request; an open circuit, a KV cache full, a model service not ready.
    ['transport', 'Error: The operation couldn’t be completed. (NSURLErrorDomain error -1001.)'],
    [
      'transport',
      'Error Domain=NSURLErrorDomain Code=-1009 "The Internet connection appears to be offline."',
    ],
    ['transport', 'URLSessionTask failed: The network connection was lost.'],
    ['transport', 'unknown Finch Error - :nxdomain'],
    ['transport', 'java.io.IOException: HTTP/1.1 header parser received no bytes'],
    ['transport', 'gateway error: no backend responded in time'],
    ['transport', 'Netzwerkfehler: Bitte überprüfen Sie Ihre Verbindung.'],
    ['transport', 'Die Serveradresse konnte nicht aufgelöst werden.'],
    ['transport', 'Zertifikatsproblem: die sichere Verbindung zum Server schlug fehl.'],
    ['transport', 'Gagal terhubung: periksa koneksi internet Anda.'],
    ['transport', 'Przekroczono czas oczekiwania na odpowiedź serwera.'],
    ['transport', '서버와의 연결이 끊어졌습니다.'],
    ['capacity', '429 upstream load is saturated for this group, please retry later'],
    ['capacity', 'Der Dienst ist derzeit überlastet.'],
    ['capacity', 'Model jest chwilowo niedostępny.'],
    ['server', 'Empty response from provider openai-main: no choices'],
    ['server', '{"error":"incomplete_generation"}'],
    ['server', 'Keine Antwort vom Upstream-Server erhalten.'],
    ['server', 'Kesalahan server: coba lagi nanti.'],
    ['server', '<html><head><title>507 Insufficient Storage</title></head></html>'],
    ['transport', '<html><head><title>408 Request Time-out</title></head></html>'],
    ['transport', "ClientClosedRequestError: status_code: 499, body: {'message': 'client closed request'}"],
    ['server', 'AI_EmptyResponseBodyError: Empty response body'],
    ['server', 'Upstream answered 200 OK, but the response body was empty.'],
    ['server', 'Unexpected event order, got content_block_delta before "content_block_start"'],
    ['capacity', 'BrokenCircuitException: The circuit is now open and is not allowing calls.'],
    ['capacity', '[llama-cpp] backend failed: grpc service not ready'],
    ['capacity', '{"error":{"message":"no_kv_space"}}'],
    ['transport', 'The provider has been unresponsive for 120 seconds; aborting the call.'],
    // Russian and Ukrainian (Cyrillic is matched as CJK is): network, overload, server, rate, funds, key, region,
    // model, request, length, policy and a user's own cancel; round 31's sweep: Windows' 10060, an unknown host, an
    // SSL/TLS channel, an upstream server, a saturated channel, credits run out, a token expired, a blocked user, too
    // frequent, a dialogue's limit, security systems, an invalid request.
    ['transport', 'Ошибка: превышено время ожидания ответа от сервера.'],
    ['transport', 'Не удалось подключиться к api.anthropic.com: проверьте подключение к интернету.'],
    ['transport', 'System.IO.IOException: Удаленный хост принудительно разорвал существующее подключение.'],
    ['transport', 'Подключение не установлено, т.к. конечный компьютер отверг запрос на подключение.'],
    ['transport', 'Помилка мережі: не вдалося підключитися до сервера.'],
    ['capacity', 'Сервер перегружен, попробуйте позже.'],
    ['capacity', 'Сервіс тимчасово недоступний. Спробуйте пізніше.'],
    ['server', 'Внутренняя ошибка сервера. Повторите попытку позже.'],
    ['rate_limit', 'Слишком много запросов. Подождите немного.'],
    ['quota', 'Недостаточно средств на балансе. Пополните баланс, чтобы продолжить.'],
    ['auth', 'Неверный API-ключ. Проверьте ключ в настройках.'],
    ['permission', 'Доступ запрещён: модель недоступна в вашем регионе.'],
    ['bad_request', 'Модель не найдена: gpt-9.'],
    ['context_overflow', 'Сообщение слишком длинное для контекстного окна модели.'],
    ['content_filter', 'Запрос отклонён: содержимое нарушает политику использования.'],
    ['other', 'ECONNRESET: запрос отменен пользователем'],
    ['transport', 'Попытка установить соединение была безуспешной: сервер не ответил вовремя.'],
    ['transport', 'System.Net.Http.HttpRequestException: Этот хост неизвестен. (api.openai.com:443)'],
    ['transport', 'Запрос был прерван: Не удалось создать защищенный канал SSL/TLS.'],
    ['server', 'Сервер не получил ответ от вышестоящего сервера.'],
    ['capacity', 'Нагрузка канала насыщена, повторите попытку позже.'],
    ['quota', 'У вас закончились кредиты. Пополните счёт.'],
    ['auth', 'Этот токен истёк, войдите снова.'],
    ['permission', 'Пользователь заблокирован администратором.'],
    ['rate_limit', 'Запросы отправляются слишком часто, подождите 5 секунд.'],
    ['context_overflow', 'Превышен лимит диалога, начните новый чат.'],
    ['content_filter', 'Ответ отклонён системами безопасности.'],
    ['bad_request', 'Недопустимый запрос: поле messages пустое.'],
    // Found by a review of the Cyrillic phrases: their stems where they sit in other failures (a file, command or
    // session not found, a file locked, a process that ended, retries or a wait exhausted, a 429 or a 503 beside
    // authorization, moderation or censorship words, a name too long, the agent's own timeouts, hooks, MCP servers,
    // extensions and memory, a token refresh that the network broke under a Russian prefix).
    ['other', 'Ошибка инструмента Read: файл не найден: src/utils/парсер.ts'],
    ['other', 'MCP-сервер "filesystem": инструмент read_file не найден'],
    ['other', '/bin/sh: 1: codex: команда не найдена'],
    ['other', 'Помилка: файл конфігурації не знайдено: ~/.claude/settings.json'],
    ['other', "fatal: репозиторий 'https://github.com/acme/app.git/' не найден"],
    [
      'other',
      'Ошибка: сессия 3f2a9c1e не найдена. Запустите codex resume без аргумента, чтобы выбрать сессию',
    ],
    [
      'capacity',
      'API Error: 503 {"error":{"message":"Для модели gpt-4o не найдено доступных каналов, повторите попытку позже","type":"new_api_error"}}',
    ],
    [
      'capacity',
      'API Error: 503 {"error":{"message":"Не знайдено вільних акаунтів для claude-sonnet-4, спробуйте пізніше"}}',
    ],
    ['capacity', '503 Service Unavailable: upstream не найден, сервис временно недоступен'],
    ['other', 'Ошибка: файл заблокирован другим процессом: C:\\Users\\ivan\\.claude\\history.jsonl'],
    [
      'rate_limit',
      'API Error: 429 {"error":{"message":"Слишком много запросов, IP временно заблокирован на 60 секунд"}}',
    ],
    [
      'rate_limit',
      '429 Too Many Requests: ключ временно заблокирован из-за превышения лимита, повторите через 30 с',
    ],
    [
      'capacity',
      'Агент закончил работу с ошибкой: API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'server',
      '[12:04:31] INFO индексатор закончил сканирование (512 файлов)\n[12:04:33] ERROR API Error: 500 Internal Server Error',
    ],
    ['other', 'Процесс закончился с кодом 1'],
    ['transport', 'Сервер закончил соединение раньше времени: socket hang up'],
    ['rate_limit', 'API Error: 429 Превышена квота запросов в минуту (RPM: 60). Повторите через 20 секунд'],
    ['rate_limit', 'API Error: 429 Слишком много попыток авторизации, повторите через 60 секунд'],
    ['capacity', 'Сервер авторизации: 503 Service Unavailable'],
    ['transport', 'Не удалось подключиться к серверу аутентификации: connect ECONNREFUSED 10.0.0.5:443'],
    ['rate_limit', 'API Error: 429 {"error":{"message":"API-ключ превысил лимит запросов в минуту"}}'],
    ['capacity', 'Ошибка сервиса модерации: 503 Service Unavailable'],
    ['rate_limit', 'API Error: 429 Превышен лимит запросов к API модерации'],
    ['server', 'Ошибка: сервис цензуры ответил 502 Bad Gateway'],
    ['capacity', 'Исчерпано количество попыток (5/5): 503 Service Unavailable'],
    ['transport', 'Error: connect ETIMEDOUT 104.18.6.192:443 (время ожидания исчерпано)'],
    ['transport', 'Исчерпан лимит попыток переподключения к api.anthropic.com: read ECONNRESET'],
    ['other', 'Ошибка записи: имя файла слишком длинное (ENAMETOOLONG)'],
    ['transport', 'Слишком длинная пауза между чанками потока: stream idle timeout'],
    ['other', 'Превышение лимита памяти: процесс node завершён (JavaScript heap)'],
    ['rate_limit', 'API Error: 429 Превышено ограничение по токенам в минуту (TPM) для вашей организации'],
    [
      'bad_request',
      "400 Invalid 'tools[3].function.name': string too long. Имя превышает допустимую длину 64 символа",
    ],
    ['other', 'Таймаут команды: npm test выполнялся дольше 120000 мс и был остановлен'],
    ['other', 'Хук PreToolUse: таймаут 60 с превышен, хук остановлен'],
    ['other', 'Ошибка: память перегружена, процесс node завершён'],
    ['rate_limit', 'API Error: 429 {"error":{"message":"Вы перегружаете API, снизьте частоту запросов"}}'],
    ['rate_limit', 'API Error: 429 {"error":{"message":"Ваш ключ насыщен запросами, повторите через 10 с"}}'],
    ['other', 'Не удалось подключиться к MCP-серверу "github": процесс завершился'],
    ['other', 'MCP-сервер недоступен: filesystem'],
    ['other', "Внутренняя ошибка расширения: TypeError: Cannot read properties of undefined (reading 'map')"],
    ['transport', 'Ошибка: Failed to refresh token: read ECONNRESET'],
    ['transport', 'Не удалось обновить токен: token refresh failed: getaddrinfo ENOTFOUND auth.openai.com'],
    [
      'rate_limit',
      'API Error: 429 {"error":{"message":"Слишком много запросов. Квота сбрасывается каждую минуту"}}',
    ],
    // Found by a review of round 30: its words where they sit in other texts (a network or region refusal, an
    // unresolved variable or merge conflict, the agent's own tools, hooks, MCP servers and breakers, a webhook's
    // empty answer, a filter's incomplete generation, a count of errors).
    ['permission', 'Forbidden: Zugriff aus diesem Netzwerk ist für Ihre Organisation nicht erlaubt.'],
    [
      'other',
      'Fehler beim Starten des MCP-Servers „github": Netzwerkzugriff ist in der Sandbox deaktiviert.',
    ],
    ['other', 'Fehler in .mcp.json: Umgebungsvariable $GITHUB_TOKEN konnte nicht aufgelöst werden'],
    ['other', 'git merge: Konflikt in src/index.ts nicht aufgelöst; Vorgang abgebrochen.'],
    ['auth', 'Sesi Anda telah berakhir. Please login again untuk memulihkan koneksi.'],
    ['permission', 'Forbidden: koneksi dari wilayah Anda tidak diizinkan untuk model ini.'],
    ['other', 'Tool "bash" became unresponsive and was terminated after 120s.'],
    ['other', "Extension host terminated unexpectedly: extension 'anthropic.claude-code' is unresponsive"],
    ['other', 'Hook PreToolUse:Bash failed: hook script did not respond in time'],
    ['other', 'read_file: received no bytes from stdin (is the pipe closed?)'],
    ['other', 'MCP 서버 연결 실패: github (spawn npx ENOENT)'],
    ['other', 'MCP 서버 "github" 연결 실패: 명령을 찾을 수 없습니다'],
    ['auth', '401 Unauthorized: 계정 연결이 만료되었습니다'],
    ['quota', '사용 한도에 도달했습니다. 결제 계정을 연결하세요.'],
    ['permission', 'Forbidden: 이 지역에서는 연결이 허용되지 않습니다'],
    ['permission', 'Forbidden: Niedostateczne uprawnienia do projektu "prod".'],
    ['bad_request', 'Invalid model: model gpt-5 jest niedostępny dla tego klucza API'],
    [
      'bad_request',
      'Nieprawidłowe żądanie: parametr "temperature" jest niedostępny dla tego modelu (unsupported)',
    ],
    ['other', 'TypeScript language service not ready; try again after the project finishes loading.'],
    [
      'bad_request',
      'BrokenCircuitException: The circuit is now open and is not allowing calls. Inner: 400 Bad Request: messages.1: tool_use ids were found without tool_result blocks',
    ],
    [
      'other',
      'Agent tool breaker: the circuit is now open after 5 consecutive Edit failures (old_string not found in file)',
    ],
    [
      'auth',
      'BrokenCircuitException: The circuit is now open and is not allowing calls. Last failure: invalid x-api-key',
    ],
    [
      'context_overflow',
      'llama_decode failed: NO_KV_SPACE — the request exceeds the available context size (40123 > 32768 tokens)',
    ],
    ['other', 'ValueError: Empty response: webhook https://hooks.example.com/notify returned no JSON'],
    ['content_filter', 'Empty response: the model returned no content (finish_reason: content_filter)'],
    ['other', '{"tool":"web_search","status":"error","message":"empty response"}'],
    ['content_filter', '{"error":{"type":"incomplete_generation","reason":"content_filter"}}'],
    ['permission', 'Forbidden: Der Upstream-Server verweigert den Zugriff für Ihre Organisation.'],
    ['auth', 'Upstream-Server lehnte die Anfrage ab: API-Schlüssel ungültig (unauthorized)'],
    ['auth', 'Request failed with status code 401: the response body was empty'],
    ['other', 'ERROR lint: 507 errors in 40 files'],
    ['rate_limit', 'ERROR relay: 507 rate limit exceeded for this key, please slow down'],
    [
      'rate_limit',
      'Request size limit per minute exceeded for this organization (input tokens per minute). Please slow down.',
    ],
    ['server', 'Internal Server Error: jinja2.exceptions.TemplateNotFound: chat_template.jinja'],
    ['transport', 'Failed to fetch post 401 of thread: socket hang up'],
    ['other', 'GitHub MCP: could not create post 404 comments in one review, aborting'],
    ['auth', 'Error: Authentication failed. Please check your username and password. (socket hang up)'],
    ['auth', 'Token refresh failed: invalid refresh token (connection reset by peer while retrying)'],
    [
      'auth',
      'Failed to get Copilot token: your GitHub account has no Copilot access; request to api.github.com failed, reason: ECONNRESET',
    ],
    [
      'auth',
      'device_code flow failed: the user did not complete login in time (polling timed out, connection closed)',
    ],
    // Round 32: Japanese, Korean and Traditional Chinese, and other Latin-script languages (network, load, gateway,
    // too many or too often, balance, quota, key, authentication, access, safety, context, model); and where those
    // words sit in other senses (frequently, a certificate, a context menu, an MCP server).
    ['transport', 'ネットワークエラーが発生しました'],
    ['capacity', 'サーバーの負荷が高いため、しばらくしてから再試行してください'],
    ['capacity', '服務負載過高，請稍後再試'],
    ['server', 'ゲートウェイエラーが発生しました。'],
    ['server', '無法取得上游伺服器的回應'],
    ['rate_limit', 'リクエストが多すぎます。しばらく待ってください'],
    ['rate_limit', '送信が頻繁すぎます'],
    ['quota', '残高が不足しています'],
    ['quota', '할당량을 모두 사용했습니다'],
    ['auth', '無効なキーです。キーを確認してください'],
    ['auth', 'API 金鑰無效'],
    ['auth', '인증에 실패했습니다'],
    ['permission', 'アクセスが拒否されました'],
    ['permission', '이 리소스에 대한 권한이 없습니다'],
    ['content_filter', '安全設定により出力がブロックされました'],
    ['context_overflow', 'コンテキストの長さが上限を超えました'],
    ['bad_request', 'モデルが見つかりません: gpt-9'],
    ['transport', '頻繁に接続が切れます: ECONNRESET'],
    ['other', 'MCP サーバーのネットワーク エラー'],
    ['other', 'コンテキストメニューの表示に失敗しました'],
    ['transport', 'SSL 인증서 오류: 연결할 수 없습니다'],
    ['transport', 'Erreur de connexion au serveur.'],
    ['transport', 'Keine Internetverbindung. Sie scheinen offline zu sein.'],
    ['transport', 'Il server ha impiegato troppo tempo per rispondere.'],
    ['transport', 'Permintaan habis waktu'],
    ['capacity', 'Le service est indisponible pour le moment.'],
    ['capacity', 'Il server è in sovraccarico.'],
    ['capacity', 'Servidor ocupado, inténtelo más tarde.'],
    ['server', 'Error de puerta de enlace.'],
    ['server', 'Erreur du serveur, veuillez réessayer.'],
    ['server', 'Die KI hat eine ungültige Antwort zurückgegeben.'],
    // Found by a review of round 32: a load test, a per-minute quota, a balance lookup or a TLS key exchange that the
    // network broke, a lint rule or a constraint violated, an inappropriate parameter, a whitelist of values, a
    // settings section named network, a port or a file that is busy.
    ['other', 'Error: Bash(k6 run load.js) failed: 負荷テストのシナリオ 3 が閾値を超えました (exit code 99)'],
    ['rate_limit', '429 レート制限: 1分あたりのリクエスト上限 (60 RPM) を超えました。残高には影響しません。'],
    ['rate_limit', '429 Too Many Requests: 已超出每分鐘請求配額 (RPM 60)，請於 20 秒後重試'],
    ['rate_limit', '429 Too Many Requests: 분당 요청 할당량(RPM)을 초과했습니다. 잠시 후 다시 시도하세요.'],
    ['transport', '잔액 조회 실패: read ECONNRESET (api.example.kr:443)'],
    ['transport', '無法連線到 api.openai.com：TLS 金鑰交換失敗 (ECONNRESET)'],
    [
      'other',
      'PreToolUse hook がブロックしました: プロジェクトの lint ルール違反 (no-console) を修正してください',
    ],
    [
      'bad_request',
      '400 invalid_request_error: 制約違反: tool_result ブロックは直前の tool_use に対応する必要があります',
    ],
    ['bad_request', '400 INVALID_ARGUMENT: 不適切なパラメータ: "max_tokens" は整数である必要があります'],
    [
      'other',
      '設定ファイルの読み込みに失敗しました: ~/.claude/settings.json の "network" (ネットワーク) セクションの JSON が不正です',
    ],
    [
      'bad_request',
      '400 Bad Request: パラメータ "tools[0].type" はホワイトリストにない値です: "computer_2025"',
    ],
    ['other', 'Error: listen EADDRINUSE: address already in use :::3000 (el puerto 3000 ya está ocupado)'],
    [
      'other',
      'EBUSY: o arquivo está ocupado por outro processo: C:\\\\proj\\\\node_modules\\\\.bin\\\\esbuild.exe',
    ],
    // Found by a final review: a count of errors, a post's word count, a token step with a duration or an access
    // token beside network words, a Russian prefix before a token step, a Russian server error as JSON escapes.
    ['other', 'found 500 errors in 37 files'],
    ['transport', 'token refresh failed: read ECONNRESET (took 4012ms)'],
    ['transport', 'Failed to refresh access token: connect ETIMEDOUT 10.0.0.1:443'],
    ['other', 'blog post:500 words max'],
    ['server', '[POST:500] https://api.openai.com/v1/threads/runs Failed!'],
    ['server', 'Ошибка сервера'],
    ['transport', 'Ошибка: token refresh failed: read ECONNRESET'],
    [
      'server',
      '{"error": {"message": "\\u041e\\u0448\\u0438\\u0431\\u043a\\u0430 \\u0441\\u0435\\u0440\\u0432\\u0435\\u0440\\u0430"}}',
    ],
    // Round 33: a request's own limits and shapes, a tool call's arguments that are not JSON, a usage with none left,
    // a refusal under Anthropic's terms, a request too large for Copilot's API, and Node's socket read or written
    // after its end.
    [
      'content_filter',
      'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"This request has been blocked as it seems to violate Anthropic\'s Terms of Service"}}',
    ],
    ['quota', "You don't have any usage left."],
    [
      'context_overflow',
      'The request is too large to send through CAPI Responses. Try shortening the conversation or prompt.',
    ],
    [
      'bad_request',
      'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"A maximum of 4 blocks with cache_control may be provided. Found 5."}}',
    ],
    ['bad_request', "Error: 'tools' must not be an empty array"],
    ['bad_request', '* GenerateContentRequest.contents[3].parts: contents.parts must not be empty.'],
    ['bad_request', 'Tool call arguments were not valid JSON: Unexpected token } in JSON at position 212'],
    [
      'transport',
      "Error: write EOF\n    at WriteWrap.onWriteComplete [as oncomplete] (node:internal/stream_base_commons:94:16) {\n  errno: -4095,\n  code: 'EOF',\n  syscall: 'write'\n}",
    ],
    ['transport', 'Error: read EOF'],
    // Found by a review of round 33: the same words in other senses (a server's own `must not be empty` in a 500,
    // help text that says what `may be provided`, a per-minute window or a status line with `usage left`, a tip to
    // shorten the conversation beside a 429 or a 500, HTTP framing or a principle violated, a hook's pipe, a test's
    // name, a reader thread, a language server).
    [
      'server',
      '{"timestamp":"2025-06-11T08:14:22.913+00:00","status":500,"error":"Internal Server Error","message":"requestId must not be empty","path":"/v1/chat/completions"}',
    ],
    [
      'server',
      'API Error: 500 {"error":{"message":"Internal server error: field \'id\' must not be an empty string (request id: 20250611081422913)","type":"new_api_error"}}',
    ],
    [
      'server',
      '{"error":{"code":504,"message":"Deadline expired before operation could complete. Partial results, if any, may be provided in a subsequent call.","status":"DEADLINE_EXCEEDED"}}',
    ],
    [
      'transport',
      'Error: connect ECONNREFUSED 127.0.0.1:8080 (proxy). A proxy URL may be provided through HTTPS_PROXY or --proxy.',
    ],
    [
      'transport',
      'API Error: 502 upstream connect error or disconnect/reset before headers. reset reason: connection termination. Further diagnostics may be provided in the upstream access log.',
    ],
    [
      'rate_limit',
      '429 Too Many Requests: {"error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit; no usage left this minute. Please try again in 23s."}}',
    ],
    ['capacity', 'API Error: 503 No available accounts: 3 accounts have usage left but all are cooling down'],
    [
      'transport',
      'Error: connect ETIMEDOUT 104.18.32.47:443\n[statusline] 5h usage left: 64% · weekly usage left: 88%',
    ],
    [
      'rate_limit',
      '429 Rate limit reached for gpt-4.1 in organization org-abc on tokens per min (TPM): Limit 30000, Used 27410, Requested 8123. Please try again in 11.06s. Tip: shorten the conversation (e.g. /compact) to send fewer tokens per request.',
    ],
    [
      'capacity',
      'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n(telemetry: the crash report was too large to send and was saved to ~/.claude/debug/latest.txt)',
    ],
    [
      'server',
      'API Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"}}\nIf this keeps happening, try /compact to shorten the conversation, or start a new session.',
    ],
    [
      'rate_limit',
      "Warning: retrying immediately may violate the server's Retry-After (7s); waiting.\nRateLimitError: 429 Too Many Requests",
    ],
    [
      'transport',
      'upstream response appears to violate HTTP/1.1 framing (Content-Length: 18342, got 9120 bytes); connection closed',
    ],
    [
      'capacity',
      'Turn failed after partial output: "I\'ll split the handler, since keeping parsing and I/O together might violate the single-responsibility principle…"\nAPI Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'capacity',
      'ServiceUnavailableException: Bedrock is unable to process your request. Note: cross-region inference profiles might violate data residency settings for this account.',
    ],
    [
      'other',
      "PreToolUse hook failed: Error: write EOF\n    at WriteWrap.onWriteComplete [as oncomplete] (node:internal/stream_base_commons:94:16) {\n  errno: -4095,\n  code: 'EOF',\n  syscall: 'write'\n}",
    ],
    [
      'other',
      'Stop hook feedback: npm test failed:\n  ● StreamReader › handles read EOF gracefully\n\n    expect(received).toBe(expected) // Object.is equality\n    Expected: "done"\n    Received: "pending"',
    ],
    [
      'other',
      "Agent process exited with code 1. stderr reader thread EOF; last output: TypeError: Cannot read properties of undefined (reading 'map')",
    ],
    [
      'other',
      'gopls: jsonrpc2: read EOF (language server crashed; restart it with "Go: Restart Language Server")',
    ],
    ['capacity', '503 Service Unavailable: 系统维护中，暂时禁止访问，请稍后再试'],
    // Round 34: a vLLM engine process that died, a relay's system error, a connection closed before the first byte;
    // and the same words beside a stronger cause (a file system, a balance, a bad parameter, a 429).
    [
      'server',
      'ERROR 01-16 17:16:49 [core_client.py:605] Engine core proc EngineCore_DP0 died unexpectedly, shutting down client.',
    ],
    [
      'server',
      "External Error: {'message': 'An system error has occurred, please try again later.', 'type': 'system_error'}",
    ],
    ['transport', 'inner_err="the server closed connection before returning the first response byte.'],
    ['other', 'Error: file system error: could not write ~/.cache/agent/state.json (disk quota?)'],
    ['quota', "{'message': 'insufficient balance', 'type': 'system_error'}"],
    ['bad_request', '{"error":{"message":"Invalid parameter: max_tokens","type":"system_error","code":400}}'],
    [
      'rate_limit',
      '429 Too Many Requests: the gateway closed the connection before the rate limit window reset',
    ],
    // Round 35: OpenHands' own sandbox runtime, a stream that ended without its end, a provider that stopped
    // answering, DashScope's invalid parameter under its `InternalError` category; and the same words beside a
    // stronger cause (Bedrock's agent runtime, an input length, an overloaded 503, a 429).
    [
      'other',
      "Message: 'AgentRuntimeTimeoutError: Runtime failed to return execute_action before the requested timeout of 120s'",
    ],
    [
      'other',
      '19:25:47 - openhands:ERROR: runtime.py:303 - Action execution API is not alive. Response: <Response [500]>',
    ],
    [
      'bad_request',
      'amazon.bedrockagentruntime.model.ValidationException: The conversation history that you provided is incorrectly formatted.',
    ],
    ['transport', 'Did not receive done or success response in stream'],
    ['transport', '[Streaming Issue] Anthropic: Error in input stream'],
    [
      'transport',
      '⚠️ No response from provider for 180s (model: qwen/qwen3-coder-480b-a35b-instruct). Reconnecting...',
    ],
    [
      'bad_request',
      'Error: InternalError.Algo.InvalidParameter: The parameters, when provided as a dict, must confirm to a valid openai-compatible JSON schema.',
    ],
    [
      'context_overflow',
      '400 <400> InternalError.Algo.InvalidParameter: Range of input length should be [1, 983616]',
    ],
    [
      'capacity',
      'API Error: 503 {"error":{"message":"No response from provider: all upstream channels are overloaded","type":"upstream_error"}}',
    ],
    ['rate_limit', '429 Too Many Requests: Error in input stream: rate limit exceeded for this key'],
    // Classes the fixture read as `other`: a provider key that never arrived, Qianfan's IAM check, a balance too low,
    // a model retired, a feature not there for an endpoint, a 431's headers, risk control, Cloudflare's block page,
    // an inactive account.
    ['auth', 'Error: API key missing for provider "openai". Set OPENAI_API_KEY or run /connect.'],
    [
      'auth',
      '{"error":{"code":"1001","message":"Authentication parameter not received in Header, unable to authenticate"}}',
    ],
    ['auth', '{"error_code":14,"error_msg":"IAM Certification failed"}'],
    [
      'quota',
      'API Error: 403 {"error":{"message":"Your organization does not have enough balance to run this model","type":"forbidden"}}',
    ],
    [
      'bad_request',
      'Error: The model llama-3.1-70b-versatile has been decommissioned and is no longer supported. Please refer to https://console.groq.com/docs/deprecations',
    ],
    ['bad_request', 'Claude Opus 4.5 is no longer available. Please switch to Claude Opus 4.6 with /model.'],
    ['bad_request', 'Error: responses API streaming with tools is not yet implemented for this endpoint'],
    [
      'bad_request',
      '{"error":{"code":"NotFound","message":"The requested resource was not found at the provider"}}',
    ],
    ['bad_request', 'Error: 431 Request Header Fields Too Large'],
    [
      'permission',
      '{"error":{"message":"Abnormal access behavior detected by risk control, request rejected","type":"risk_control_error"}}',
    ],
    [
      'permission',
      'Error: Sorry, you have been blocked. You are unable to access api.relay-example.com. Cloudflare Ray ID: 8f2c1d3e9a7b4c21 - Your IP: 203.0.113.7',
    ],
    ['permission', 'Your account is currently inactive. Please contact support to reactivate it.'],
    // Found by a review of those words: the same words beside a stronger cause (a token step the network broke, Rust's
    // `todo!()`, a 429 that blocks for a minute, a relay that throttles as risk control, a tool's or an MCP server's
    // key, a decommissioned host, a warning line beside a 529 or a reset, a scaled-to-zero endpoint).
    [
      'transport',
      'Error: Failed to load service account credentials: request to https://oauth2.googleapis.com/token failed, reason: socket hang up',
    ],
    [
      'transport',
      "google.auth.exceptions.TransportError: HTTPSConnectionPool(host='oauth2.googleapis.com', port=443): Read timed out. (read timeout=120) while trying to load service account credentials from /secrets/sa.json",
    ],
    [
      'transport',
      'Error: Could not load service account credentials from metadata server: request to http://169.254.169.254/computeMetadata/v1/instance/service-accounts/default/token failed, reason: connect ECONNREFUSED 169.254.169.254:80',
    ],
    [
      'other',
      "thread 'tokio-runtime-worker' panicked at codex-rs/core/src/codex.rs:1432:17:\nnot yet implemented\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    ],
    [
      'server',
      'API Error: 500 {"error":{"message":"Internal Server Error: NotImplementedError: fused MoE kernel for this GPU (sm_89) is not yet implemented","type":"InternalServerError","code":500}}',
    ],
    [
      'other',
      'Error: Image paste is not yet implemented for this terminal. Use @path/to/image.png to attach images instead.',
    ],
    [
      'rate_limit',
      '429 Too Many Requests: you have been blocked for 60 seconds after 120 requests in 1 minute. Retry-After: 60',
    ],
    [
      'rate_limit',
      'WebSocket error: Unexpected server response: 429 (too many connections from this IP; you have been blocked temporarily, reconnecting in 5s)',
    ],
    [
      'transport',
      'Error: connect ETIMEDOUT 104.18.32.47:443\nIf you have been blocked by a corporate firewall or VPN, set HTTPS_PROXY and try again.',
    ],
    [
      'rate_limit',
      'API Error: 429 {"error":{"message":"Request too frequent, triggered risk control. Please retry after 30 seconds.","type":"rate_limit_error"}}',
    ],
    [
      'other',
      'Error executing tool transfer_funds: InsufficientBalanceError: account acc_12 does not have enough balance for a transfer of 250.00 USD\n    at WalletService.transfer (/srv/mcp-wallet/dist/wallet.js:88:13)',
    ],
    [
      'other',
      'Error executing tool web_search: TAVILY api key missing (set TAVILY_API_KEY in the MCP server env)',
    ],
    [
      'other',
      'MCP error -32603: GitHub api key missing; set GITHUB_PERSONAL_ACCESS_TOKEN for the github MCP server',
    ],
    [
      'server',
      'API Error: 500 {"error":{"message":"failed to load model config: the requested resource was not found in the registry cache (s3://models/cfg/llama-3.3-70b.json)","type":"server_error"}}',
    ],
    [
      'server',
      'API Error: 502 Bad Gateway: upstream host ip-10-0-4-17 has been decommissioned; the next attempt will route to a healthy host',
    ],
    [
      'server',
      'Error: 500 {"error":{"message":"The deployment\'s backing node pool has been decommissioned during maintenance; please retry","type":"server_error"}}',
    ],
    [
      'server',
      'API Error: 502 Bad Gateway: upstream sent response header fields too large (x-trace-context) while reading response header from upstream',
    ],
    [
      'capacity',
      '[mcp] brave-search: BRAVE api key missing, web search tool disabled\nAPI Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CV8sJ2"}',
    ],
    [
      'transport',
      'Telemetry: posthog api key missing, analytics disabled\nError: request to https://api.openai.com/v1/responses failed, reason: read ECONNRESET',
    ],
    [
      'capacity',
      'API Error: 503 {"error":{"code":"server_overloaded","message":"The upstream is experiencing high traffic right now. You were not charged and have enough balance; please retry in a few seconds.","type":"upstream_error"}}',
    ],
    [
      'server',
      'API Error: 500 {"error":{"message":"failed to check whether user has enough balance: dial tcp 10.0.0.5:6379: i/o timeout","type":"new_api_error","code":"get_user_quota_failed"}}',
    ],
    [
      'capacity',
      '503 Service Unavailable: {"error":{"message":"No available channel for model claude-opus-4-5 under group default (risk control passed, 0/12 channels healthy)","type":"new_api_error"}}',
    ],
    [
      'capacity',
      '503 Service Unavailable: {"error":"This endpoint\'s account is currently inactive (scaled to zero after 15 minutes idle). It is starting up; retry in about 30s."}',
    ],
    // Found by a review of rounds 34–35: those rounds' words where they are the cause, and where they sit beside a
    // stronger one (LobeHub's `AgentRuntimeError` around a reset or a timeout, a subagent's runtime error around a 529,
    // a one-api fork's `system_error` type on a refusal or a bad request, a DashScope 500 that names a parameter).
    [
      'server',
      'API Error: 500 {"code":"SystemError","message":"An system error has occured, please try again later.","request_id":"a31c"}',
    ],
    [
      'server',
      "openai.InternalServerError: Error code: 500 - {'error': {'message': 'upstream failed (request id: 2025031208451)', 'type': 'system_error'}}",
    ],
    [
      'server',
      'ERROR 03-12 08:45:11 [core_client.py:564] Engine core proc EngineCore_DP0 died unexpectedly, shutting down client.',
    ],
    [
      'transport',
      "the server closed connection before returning the first response byte. Make sure the server returns 'Connection: close' response header before closing the connection",
    ],
    [
      'transport',
      'Upstream error: do request failed: Post "https://api.anthropic.com/v1/messages": the server closed connection before returning the first response byte',
    ],
    ['transport', 'Error: Did not receive done or success response in stream.'],
    ['transport', 'Anthropic: Error in input stream'],
    ['transport', 'AI SDK Error: TypeError: Error in input stream'],
    ['transport', '⚠️ No response from provider for 180s (non-streaming, model: glm-4.6). Aborting call.'],
    ['transport', 'No response from provider for 120s. Reconnecting…'],
    [
      'bad_request',
      'Exception: 400 - {"request_id":"9109859d-1bb9-9b2b-ab66-bb3100af743a","code":"InvalidParameter","message":"<400> InternalError.Algo.InvalidParameter: The \\"function.arguments\\" parameter of the code model must be in JSON format."}',
    ],
    [
      'bad_request',
      'InternalError.Algo.InvalidParameter: The parameters `response_format.json_schema` must confirm to a valid openai-compatible JSON schema',
    ],
    ['other', 'openhands.core.exceptions.AgentRuntimeDisconnectedError: Runtime disconnected'],
    ['other', 'AgentRuntimeError: Action execution API is not alive'],
    [
      'transport',
      '{"errorType":"AgentRuntimeError","error":{"cause":{"errno":-104,"code":"ECONNRESET","syscall":"read"},"message":"Connection error.","name":"Error"},"endpoint":"https://api.deepseek.com/v1","provider":"deepseek"}',
    ],
    [
      'transport',
      'POST /webapi/chat/openai 470: {"body":{"error":{"message":"Request timed out.","name":"APIConnectionTimeoutError"},"endpoint":"https://api.openai.com/v1","provider":"openai"},"errorType":"AgentRuntimeError"}',
    ],
    [
      'transport',
      '[chat] request failed: AgentRuntimeError {"error":{"cause":{"name":"ConnectTimeoutError","code":"UND_ERR_CONNECT_TIMEOUT","message":"Connect Timeout Error"},"message":"fetch failed","name":"TypeError"},"provider":"ollama"}',
    ],
    [
      'transport',
      "Route: [anthropic] AgentRuntimeError: [TypeError: terminated] { [cause]: [Error [SocketError]: other side closed] { code: 'UND_ERR_SOCKET' } }",
    ],
    [
      'capacity',
      'SubAgentRuntimeError [CHILD_RUN_FAILED]: subagent "code-reviewer" failed: API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CV8yQ3"}',
    ],
    [
      'transport',
      'SubagentRuntimeError: delegated task "explore-repo" aborted: API Error (Connection error.) · TypeError (fetch failed) · cause: Error: read ECONNRESET',
    ],
    [
      'capacity',
      'scripts.lib.agent.AgentRuntimeError: opencode run failed (exit 1): Error: 503 Service Unavailable {"error":{"message":"The server is overloaded. Please try again later.","type":"server_error"}}',
    ],
    [
      'permission',
      '{"error":{"message":"Forbidden: this token may only be used from 10.0.0.0/8, current IP 203.0.113.9 (request id: 20250312)","type":"system_error"}}',
    ],
    [
      'bad_request',
      "{'error': {'message': \"Invalid 'messages[3].content': expected a string, got null.\", 'type': 'system_error', 'param': 'messages'}}",
    ],
    [
      'bad_request',
      '{"error":{"message":"Invalid channel ID (request id: 20250312084511923514770tHgTAk3q)","type":"system_error"}}',
    ],
    [
      'server',
      'API Error: 500 {"request_id":"9109859d-1bb9","code":"InternalError","message":"InternalError.Algo: An internal error has occured during execution, please try again later. (upstream check: InvalidParameter)"}',
    ],
    [
      'server',
      'API Error: 502 {"error":{"message":"Bad Gateway: upstream returned InvalidParameterValue while the backend was restarting","type":"upstream_error"}}',
    ],
    // Round 36: a process result's `timedOut: false`, a review bot's internal service error, a sign-in the network
    // broke (a sign-in that failed on its own stays auth).
    [
      'other',
      'Error: Command failed with exit code 1: copilot --prompt-file /tmp/prompt.md\n{\n  stderr: undefined,\n  failed: true,\n  timedOut: false,\n  isCanceled: false,\n  killed: false\n}',
    ],
    ['transport', 'hyper::Error(Io, Custom { kind: TimedOut, error: "operation timed out" })'],
    ['transport', '{"timeout": null, "error": "socket hang up"}'],
    ['transport', 'Timeout: none of the replicas answered within 30s'],
    ['other', "Tool result: {'exit_code': 1, 'timeout': None, 'stderr': 'npm ERR! missing script: lint'}"],
    [
      'server',
      "🔴 I'm not able to complete the code review at this moment because of an internal service error. Please try again later.",
    ],
    [
      'transport',
      'Failed to sign in. Message: request to https://cloudcode-pa.googleapis.com/v1internal:loadCodeAssist failed, reason: Client network socket disconnected before secure TLS connection was established',
    ],
    ['auth', 'Failed to sign in: invalid credentials for user@example.com'],
    ['auth', 'Failed to log in: the OAuth state did not match (possible CSRF); please run /login again'],
    // Round 37: the AWS SDK for Rust's dispatch failure, a Responses API item without its reasoning, OpenHands'
    // authentication status; and the same words beside a stronger cause (a monthly limit, a 529).
    [
      'transport',
      'An unexpected error occurred during the response stream:\n    CodewhispererChatResponseStream(DispatchFailure(DispatchFailure { source: ConnectorError { kind: Io, source: hyper::Error(Body, Custom { kind: InvalidData, error: DecryptError }) } }))',
    ],
    [
      'transport',
      'aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host api.openai.com:443 ssl:default [Connection reset by peer]',
    ],
    [
      'bad_request',
      "AI_APICallError: Item 'fc_0dc4d92ad113' of type 'function_call' was provided without its required 'reasoning' item: 'rs_0d12'.",
    ],
    ['auth', '15:19:52 - openhands:ERROR: loop.py:25 - STATUS$ERROR_LLM_AUTHENTICATION'],
    [
      'quota',
      'DispatchFailure: the request was not sent because the monthly limit for this account is reached',
    ],
    [
      'capacity',
      'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}} (a retried tool call was provided without its required result earlier in the turn)',
    ],
    // Round 38: an ACP agent process that failed under its client (JSON-RPC's -32603 `Internal error` is then its
    // own), a log line's `server error=` key, a model temporarily busy; and the same words beside a provider's cause
    // (a stream that disconnected inside a -32603, an upstream server that shut down in a 502, a 500 in a log line).
    [
      'other',
      'Server exited with status exit status: 1 Error: ACP error: Internal error: "failed to send response, receiver dropped"',
    ],
    ['other', 'Failed to create session: Internal error: "server shut down unexpectedly"'],
    [
      'other',
      '{"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"Internal error","data":{"details":"Query closed before response received"}}}',
    ],
    [
      'transport',
      '{"code": -32603, "message": "Internal error", "data": {"message": "stream disconnected before completion: error sending request for url (https://chatgpt.com/backend-api/codex/responses)"}}',
    ],
    ['server', 'API Error: 502 Bad Gateway: upstream server shut down unexpectedly while streaming'],
    [
      'other',
      "ERROR 2026-06-01T02:24:48 +2ms service=server error=JSON Parse error: Unrecognized token '<' at FileSystem.readJson",
    ],
    ['server', 'ERROR service=llm status=500 Internal Server Error: server error from provider'],
    ['capacity', 'Error: The model is temporarily busy. Please try again in a moment.'],
    // Rounds 39–41: a JavaScript runtime error with no status (the client's own bug, whatever its wrapper says), a
    // model named in quotes and not found, Rust's failed address lookup, an Azure token from another tenant, a timeout
    // only supposed; and the same words beside a status, the network's
    // words or an overload (a client that crashed on the error body it was given).
    [
      'other',
      "plugin:copilot:69969 Model request failed: TypeError: Cannot read properties of undefined (reading 'llm')",
    ],
    ['other', 'Error streaming response: e.startsWith is not a function'],
    [
      'server',
      'API Error: 500 {"error":{"message":"Cannot read properties of undefined (reading \'promptTokenCount\')"}}',
    ],
    [
      'transport',
      "AI response error; aborting request: TypeError: Cannot read properties of undefined (reading 'status')\n cause: Error: socket hang up",
    ],
    ['capacity', "Overloaded: TypeError: Cannot read properties of undefined (reading 'choices')"],
    ['bad_request', `{'error': "model 'maryasov/qwen2.5-coder-cline:7b-instruct-q8_0' not found"}`],
    ['bad_request', 'Error: model "qwen2.5:7b" not found'],
    ['other', 'model ratio not found: chatglm3'],
    ['other', "Error: file 'config.yaml' not found"],
    [
      'transport',
      '2025-09-17T12:28:00.453Z ERROR [sm_agent::activation_loop] Polling activation loop failed: requesting api key: connecting to wss://stream.supermaven.com/complete-link: IO error: failed to lookup address information: Try again',
    ],
    [
      'capacity',
      '503 Server Error: Service Unavailable for url: https://api-inference.huggingface.co/models/x',
    ],
    ['auth', 'Error: Token tenant 50e5a815-5d7a-4cfc-af9a-d6ab3d6641de does not match resource tenant'],
    [
      'context_overflow',
      'openai.error.APIError: The message you submitted was too long, please reload the conversation and submit something shorter.',
    ],
    [
      'quota',
      "ERROR:root:Model Run Async: Error in running for model_process: {'error': 'err.not_enough_balance'}",
    ],
    [
      'capacity',
      'FailureReason: "CapacityError: Unable to provision requested ML compute capacity. Please retry using a different ML instance type."',
    ],
    [
      'other',
      '2025-03-12 19:56:29,657 - camel.camel.toolkits.web_toolkit - WARNING - Error while executing the action: no element matched the description. If timeout, please recheck whether you have provided the correct identifier.',
    ],
    ['transport', 'Error: request timeout after 60000ms; if timeout persists, check your network'],
    // Rounds 42–43: network failures in other stacks' words (Go, urllib3, Google api_core, WinHTTP, gRPC, .NET's TLS
    // handshake named an authentication failure), Python's OverflowError, a SOCKS proxy without its package, an output
    // cap; and the same words where they are not that (a 401 beside .NET's TLS namespace, a context overflow).
    ['transport', 'Context deadline reached'],
    ['transport', "urllib3.exceptions.InvalidChunkLength: InvalidChunkLength(got length b'', 0 bytes read)"],
    [
      'transport',
      'langchain_google_genai._common.GoogleGenerativeAIError: Error embedding content: Deadline of 60.0s exceeded while calling target function',
    ],
    ['transport', 'Error sending data: (12029) A connection with the server could not be established'],
    ['transport', 'Task Failed: Stream removed'],
    [
      'transport',
      'System.Net.Http.HttpRequestException: An error occurred while sending the request.\n---> System.IO.IOException: The read operation failed, see inner exception.\n---> System.Security.Authentication.AuthenticationException: Authentication failed, see inner exception.',
    ],
    [
      'auth',
      'HTTP 401 Unauthorized: Authentication failed: invalid API key (System.Security.Authentication is not involved)',
    ],
    ['other', "OverflowError: timeout doesn't fit into C timeval"],
    [
      'context_overflow',
      'ContextOverflowError: prompt is too long: 210000 tokens > 200000 maximum (connection timeout 600s)',
    ],
    ['other', 'ChatGPT API error: Error communicating with OpenAI: Missing dependencies for SOCKS support.'],
    [
      'bad_request',
      'max_tokens: 16000 > 8192, which is the maximum allowed number of output tokens for claude-3-5-sonnet-20241022',
    ],
    // Found by a review of rounds 39–44: their words in other senses or beside a stronger cause (a provider's 5xx body
    // the client crashed on, a fallback model missing beside a 529, a provider's own `is not a function`, an app's own
    // CapacityError, a setting's `context deadline=`, .NET's AuthenticationException for a bad key, an OverflowError
    // raised while handling a connection reset).
    [
      'other',
      'Error: Unexpected server error. Check server logs for details.\n    at <anonymous> (/$bunfs/root/chunk-v811hc8j.js:8:7615)\ntimestamp=2026-09-17T01:35:14.941Z level=ERROR run=427286d0 message=failed ref=err_f5c05ba7 error="TypeError: undefined is not an object (evaluating \'a.name\')" cause="TypeError: undefined is not an object (evaluating \'a.name\')\\n    at resolve (/$bunfs/root/chunk-2txybz4b.js:2:1659)\\n    at SystemPrompt.environment (/$bunfs/root/chunk-bea263sy.js:50:13096)"',
    ],
    [
      'server',
      "Error: Internal Server Error\nTypeError: Cannot read properties of undefined (reading 'choices')\n    at OpenAiHandler.createMessage (/home/u/.vscode/extensions/kilocode.kilo-code-4.86.0/dist/extension.js:1422:5120)",
    ],
    [
      'server',
      '{"type":"error","error":{"type":"server_error","message":"Cannot read properties of undefined (reading \'input_tokens\')"}}',
    ],
    [
      'server',
      "Bad Gateway\nTypeError: Cannot read properties of undefined (reading 'map')\n    at parseChatResponse (/usr/lib/node_modules/some-agent/dist/llm.js:301:44)",
    ],
    [
      'bad_request',
      '{"error":{"message":"Invalid value for \'tool_choice\': \'get_weather\' is not a function in the provided tools.","type":"invalid_request_error","param":"tool_choice"}}',
    ],
    [
      'other',
      "TypeError: Cannot read properties of undefined (reading 'choices')\n    at parseCompletion (/app/dist/agent.js:212:31)\n[gateway] forwarded POST /v1/chat/completions (context deadline: 300s, retries: 2)",
    ],
    [
      'other',
      "TypeError: Cannot read properties of undefined (reading 'text')\n    at renderToolResult (/app/dist/ui.js:77:12)\n[mcp] debug: notification stream removed (session closed by client)",
    ],
    [
      'capacity',
      'All attempts failed.\n  primary claude-sonnet-4-5: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n  fallback: model \'claude-3-5-haiku-latest\' not found',
    ],
    [
      'transport',
      "Warning: tokenizer for model 'gpt-5.1-codex' not found, falling back to o200k_base\nopenai.APIConnectionError: Connection error.",
    ],
    [
      'transport',
      "Local model 'BAAI/bge-small-en-v1.5' not found in cache, downloading...\nrequests.exceptions.ConnectionError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /BAAI/bge-small-en-v1.5/resolve/main/config.json (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 111] Connection refused'))",
    ],
    [
      'capacity',
      'ValueError: Error for Training job sagemaker-test-2020-03-03-22-36-18-979: Failed Reason: CapacityError: Unable to provision requested ML compute capacity. Please retry using a different ML instance type.',
    ],
    ['other', 'WorkspaceCapabilityCapacityError: Workspace capability capacity is full.'],
    [
      'capacity',
      '[rectifier] lowered max_tokens 16000 -> 8192 after: max_tokens: 16000 > 8192, which is the maximum allowed number of output tokens for claude-3-5-haiku-20241022\n[rectifier] retry failed: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    ['transport', 'google.api_core.exceptions.Unknown: None Stream removed'],
    [
      'transport',
      "Microsoft.SemanticKernel.HttpOperationException: The SSL connection could not be established, see inner exception.\n---> System.ClientModel.ClientResultException: The SSL connection could not be established, see inner exception.\n---> System.Net.Http.HttpRequestException: The SSL connection could not be established, see inner exception.\n---> System.Security.Authentication.AuthenticationException: Authentication failed, see inner exception.\n---> Interop+AndroidCrypto+SslException: Exception of type 'Interop+AndroidCrypto+SslException' was thrown.",
    ],
    [
      'auth',
      'Unhandled exception. System.Security.Authentication.AuthenticationException: Invalid API key format\n   at LegacyBaaS.Client.LegacyBaaSClient..ctor(String apiKey, LegacyBaaSOptions options, ILogger`1 logger)\n   at Program.<Main>$(String[] args) in /src/Program.cs:line 12',
    ],
    [
      'other',
      'Error: Agent stopped: max turns (50) reached.\n[debug] llm client: model=gpt-5, context deadline=600s, retries=3',
    ],
    [
      'capacity',
      "anthropic.InternalServerError: Error code: 529 - {'type': 'error', 'error': {'type': 'overloaded_error', 'message': 'Overloaded'}}\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File \"/app/agent/retry.py\", line 44, in backoff\n    time.sleep(min(2 ** attempt, float(retry_after)))\nOverflowError: cannot convert float infinity to integer",
    ],
    [
      'transport',
      "requests.exceptions.ConnectionError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File \"/venv/lib/python3.11/site-packages/tenacity/wait.py\", line 171, in __call__\n    exp = self.exp_base ** (retry_state.attempt_number - 1)\nOverflowError: (34, 'Numerical result out of range')",
    ],
    [
      'server',
      "openai.InternalServerError: Error code: 500 - {'object': 'error', 'message': 'OverflowError: out of range integral type conversion attempted', 'type': 'InternalServerError', 'param': None, 'code': 500}",
    ],
    ['other', 'error: OpenAICodexResourceLimitExceeded'],
    // Round 44: a tool's or a job's own time cap, and a server's memory overloaded (not a local model's).
    [
      'other',
      'RipgrepTimeoutError: Ripgrep search timed out after 20 seconds. The search may have matched files but did not complete in time.',
    ],
    ['other', 'Agent Timed Out: The agent job exceeded the maximum allowed execution time (30 minutes).'],
    ['capacity', 'API call failed after 3 retries: HTTP 503: system memory overloaded'],
    ['other', 'Error: model requires more system memory (164.8 GiB) than is available (13.4 GiB)'],
    // Round 46: apps' own words in Italian, Turkish, French and Dutch; a Turkish server error around a rate limit
    // stays the rate limit.
    ['server', 'Errore del server API Cerebras (500). Riprova più tardi.'],
    ['server', 'Erreur de passerelle, veuillez réessayer plus tard.'],
    [
      'capacity',
      'Sorry, de server kan je verzoek momenteel niet verwerken, mogelijk door overbelasting of onderhoud. Probeer het later opnieuw.',
    ],
    ['transport', 'Errore di connessione. Assicurati di avere una connessione Internet funzionante.'],
    ['server', 'Error de la API de Cerebras: Sin cuerpo de respuesta'],
    [
      'rate_limit',
      'Ne yazık ki hızınız sınırlandırıldı. Sunucu Hatası: rate limit exceeded Hata Kodu: rate_limited',
    ],
    // Round 47: the AI SDK's tool-input error, whatever its log line calls it.
    [
      'other',
      'ERROR 2025-07-15T03:22:05 +0ms service=tui message=AI_InvalidToolInputError: Invalid input for tool bash: Type validation failed: Value: {"command":"ls"}. name=UnknownError Server error',
    ],
    // Found by a review of rounds 44–47: their words where a provider's own failure, a rate limit or a quota is said too
    // (a search or a proxy function timing out upstream, an AI SDK retry that lists a tool error beside the overload,
    // `to prevent overload` as a limit's reason, a payment gateway, an app's server error around a rate limit).
    [
      'server',
      '504 Gateway Timeout: {"error":{"message":"Upstream search timed out","type":"server_error","code":504}}',
    ],
    [
      'server',
      '502 Bad Gateway: {"error":{"message":"Upstream request exceeded the maximum allowed execution time (60s) of the edge function proxy","type":"upstream_error"}}',
    ],
    [
      'capacity',
      'AI_RetryError: Failed after 3 attempts. Last error: Overloaded\n  previous: AI_InvalidToolInputError: Invalid input for tool edit\n  cause: AI_APICallError: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}} statusCode: 529',
    ],
    [
      'transport',
      'AI_InvalidToolInputError: Invalid input for tool write: JSON parsing failed: Text: {"filePath":"src/a.ts","content":"export const. Error message: Unexpected end of JSON input\nAI_APICallError: terminated: other side closed (UND_ERR_SOCKET)',
    ],
    [
      'rate_limit',
      'Te veel verzoeken. Om overbelasting te voorkomen kun je maximaal 20 verzoeken per minuut doen.',
    ],
    [
      'other',
      'Error: 500 Internal Server Error: not enough system memory to load model (needs 18.2 GiB, 11.0 GiB free)',
    ],
    ['auth', 'Ongeldige API-sleutel. Controleer je instellingen en netwerkverbinding.'],
    ['rate_limit', 'Errore del server: troppe richieste, riprova tra 30 secondi'],
    ['quota', 'Erreur de passerelle de paiement : solde insuffisant'],
    // Round 45: an ACP client asking for an agent its agent does not have.
    [
      'other',
      '[error] [ACP opencode STDERR]: Error handling request {\n  method: "session/set_mode",\n  modeId: "default",\n} {\n  code: -32603,\n  message: "Internal error",\n  data: {\n    details: "Agent not found: default",\n  },\n}',
    ],
    // Found by a review of rounds 27–28: words of those rounds that are too wide where they sit in other texts.
    [
      'capacity',
      'Claude Code process exited with exit code 1. stderr: API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'transport',
      'Codex app-server error: stream disconnected before completion: error sending request for url',
    ],
    ['server', 'Upstream error: invalid provider response (connection reset by peer)'],
    [
      'transport',
      'stream disconnected before completion: websocket closed: the server does not support permessage-deflate',
    ],
    [
      'capacity',
      "We're experiencing high demand. Add a credit card to get priority access, or try again in a few minutes.",
    ],
    ['other', 'Permission request for Bash(rm -rf dist) cancelled: the user did not respond'],
    ['auth', 'Your session was signed out for safety reasons. Please sign in again.'],
    ['rate_limit', 'Concurrency limit saturated: max 5 concurrent requests per API key'],
    ['rate_limit', 'Das Ratenlimit setzt zurück in 30 Sekunden'],
    // An agent's own tools: a browser tool's local dev server that is down, a session file another process holds.
    ['other', 'Error: ### Result\nError: page.goto: net::ERR_CONNECTION_REFUSED at http://localhost:3001/'],
    ['transport', 'Page.goto: net::ERR_TIMED_OUT at https://chat.z.ai/'],
    [
      'other',
      'openai/gpt-5: session file locked (timeout 10000ms): pid=68 /data/sessions/7d8b.jsonl.lock (timeout)',
    ],
    // A gateway's 502 around a connection it could not make or keep; a timeout behind it stays the gateway's.
    ['transport', '[502]: fetch failed (cause: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8317)'],
    ['transport', '[502]: terminated'],
    ['transport', '502 upstream stream closed before [DONE]'],
    ['server', 'API Error: 504 upstream request timeout'],
    // A denial before quota words: Claude Code's 429 is a rate limit, and its 529 an overload.
    [
      'rate_limit',
      'API Error: Server is temporarily limiting requests (not your usage limit) · Rate limited',
    ],
    ['capacity', 'API Error: Server is temporarily limiting requests (not your usage limit) · Overloaded'],
    ['quota', "You've hit your usage limit. Upgrade to Pro or try again later."],
    // Overflow and billing in Chinese, from relays.
    ['context_overflow', 'API Error: 500 内部错误：上下文长度超过限制'],
    ['context_overflow', 'API Error: 500 internal error: 输入内容过长'],
    ['quota', '{"error":{"message":"余额不足","code":"insufficient_user_quota"}}'],
    // A wrapper's 400 around an overload, and a real bad request that mentions overloading.
    [
      'capacity',
      'sub-agent error: API error (400): Our servers are currently overloaded. Please try again later.',
    ],
    ['bad_request', '400 invalid_request_error: the tool schema overloads the name "read"'],
    // Throttling that speaks of tokens, and an overflow that does.
    ['rate_limit', 'API Error (429 Too many tokens, please wait before trying again.)'],
    ['context_overflow', 'ValidationException: Input has too many tokens for this model'],
    [
      'rate_limit',
      "Error code: 429 - {'error': {'code': 'rate_limit_error', 'type': 'invalid_request_error'}}",
    ],
    // Statuses after an error class name, after `failed`, and before OpenRouter's `Provider returned error`.
    ['bad_request', 'Execution failed: CAPIError: 400 Tool name is required for Gemini requests'],
    ['bad_request', 'API request failed 400 One or more parameters specified in the request are not valid.'],
    ['server', 'Error in OpenRouter API call (Attempt 1/3): 502 Provider returned error'],
    // Routing settings, local errors, and the network as browsers and IDEs report it.
    ['bad_request', 'HTTP 502 - Paid model training violation (account settings): 1 endpoint excluded'],
    ['other', "litellm.APIConnectionError: 'name' Traceback (most recent call last): KeyError: 'name'"],
    [
      'transport',
      'Reason: Please check your firewall rules and network connection. Error Code: net::ERR_FAILED.',
    ],
    ['transport', "We're having trouble connecting to the model provider. Please try again in a moment."],
    ['content_filter', '{"candidates":[{"finishReason":"BLOCKLIST"}]}'],
    // Plan caps in their own words, and Chinese relays (matched outside the automaton).
    ['quota', '5 hour limit reached'],
    ['quota', "You're out of extra usage · resets 10am"],
    [
      'quota',
      'You have exhausted your capacity on this model. Your quota will reset after 8h44m7s. (HTTP 429)',
    ],
    [
      'quota',
      'insufficient_user_quota user quota is not enough (request id: 2024040323172594066980027391365)',
    ],
    ['capacity', 'API Error: 429 {"error":{"code":"1305","message":"该模型当前访问量过大，请您稍后再试"}}'],
    ['rate_limit', '[ERROR] Failed to process response: Too many tokens, please wait before trying again.'],
    // A credentials file named in a log line is no auth failure; credentials that fail are.
    [
      'capacity',
      'Streaming request failed (status=429), credentials: gen-lang-client.json, response: No capacity available for model',
    ],
    ['auth', 'DefaultAzureCredential failed to retrieve a token from the included credentials.'],
    ['auth', 'Token exchange failed: error sending request for url (https://auth.openai.com/oauth/token)'],
    // Network failures as other runtimes word them.
    [
      'transport',
      'java.net.UnknownHostException: Unable to resolve host "api.openai.com": No address associated with hostname',
    ],
    ['transport', 'javax.net.ssl.SSLHandshakeException: Remote host terminated the handshake'],
    ['transport', 'curl: (35) OpenSSL SSL_connect: SSL_ERROR_SYSCALL'],
    [
      'transport',
      "Reason: It appears you're not connected to the internet, please check your network connection.",
    ],
    // Round 9: an AWS event-stream frame's exception type outranks the frame's 400.
    [
      'server',
      "ValueError: Bad response code, expected 200: {'status_code': 400, 'headers': {':exception-type': 'internalServerException', ':message-type': 'exception'}}",
    ],
    [
      'capacity',
      "Bad response code, expected 200: {'status_code': 400, 'headers': {':exception-type': 'serviceUnavailableException'}}",
    ],
    ['bad_request', "ValidationException: 400 {'status_code': 400, 'message': 'messages: field required'}"],
    // Validation paths, input lengths, and words for accounts, money, filters and concurrency.
    ['bad_request', 'tools.3.custom.input_schema: JSON schema is invalid'],
    [
      'bad_request',
      '(OperationNotSupported) The chatCompletion operation does not work with the specified model',
    ],
    ['context_overflow', '400 Input length 72054 exceeds the maximum length 65536'],
    [
      'transport',
      'Streaming request timeout after 48s. Try reducing input length or increasing timeout in config.',
    ],
    ['auth', 'Authorization failed, please check your API key'],
    ['quota', '1113 | Your account is in arrears, please recharge and try again'],
    ['permission', 'Your account has been locked, please contact customer service to unlock'],
    ['permission', 'Tool "run_shell_command" is denied by permission rules.'],
    [
      'permission',
      '404 Your account has not activated the model doubao-seed-1-6. Please activate the model service in the Ark console.',
    ],
    ['content_filter', 'The request failed because the input text may contain sensitive information.'],
    ['transport', 'OpenAI: Network Problem'],
    ['server', 'openai.APIError: Provider returned error'],
    ['rate_limit', '请求速率超过限制，请稍后再试'],
    ['rate_limit', '您当前的账号已达到平台并发限制，请控制单并发使用'],
    // Round 10: a guess at a region block is no block; the agent's own tools, updater and SDK plumbing are other.
    [
      'transport',
      'Unable to connect to Anthropic services\n\nFailed to connect to api.anthropic.com: UNABLE_TO_GET_ISSUER_CERT_LOCALLY\n\nNote: Claude Code might not be available in your country. Check supported countries at https://anthropic.com/supported-countries',
    ],
    ['permission', 'This model is not available in your country.'],
    // A refusal that says where to look is still one.
    ['permission', "Error: request failed. Please check your organization's policy on model access."],
    ['permission', 'Request blocked. Check your valid license to use Copilot'],
    [
      'other',
      'Error: Streamable HTTP error: Error POSTing to endpoint: <html>503 Service Unavailable</html>',
    ],
    [
      'other',
      'Error: Failed to fetch version from https://storage.googleapis.com/releases/latest: ECONNRESET',
    ],
    ['other', 'Exception: Control request timeout: initialize'],
    [
      'other',
      "NoSuchToolError [AI_NoSuchToolError]: Model tried to call unavailable tool 'multi_tool_use.parallel'.",
    ],
    ['other', 'error creating directory: mkdir /workspace: permission denied'],
    ['other', 'yaml.scanner.ScannerError: mapping values are not allowed here'],
    ['other', 'Error: File does not exist. Note: your current working directory is /home/dev/app.'],
    ['permission', 'Disabled by org admin'],
    ['permission', "You're restricted from using Gemini Code Assist for individuals in your organization."],
    [
      'permission',
      '{"success": false, "message": "You do not have enough permissions to execute this request"}',
    ],
    ['context_overflow', 'Context low · Run /compact to compact & continue'],
    ['context_overflow', 'Zhipu AI API error 400: Prompt exceeds max length'],
    ['transport', 'curl: (18) transfer closed with outstanding read data remaining'],
    ['auth', 'jose.exceptions.JWSError: Not enough segments'],
    [
      'bad_request',
      'Provider returned error: {"error":{"message":"thinking is enabled but reasoning_content is missing in assistant tool call message at index 3"}}',
    ],
    ['bad_request', 'messages.N: `tool_use` ids were found without `tool_result` blocks immediately after'],
    ['server', '{"success":false,"error":[{"code":2005,"message":"Failed to get response from provider"}]}'],
    // Round 11: desktop apps' outage and length screens, Rust SDK stream failures.
    ['capacity', 'Claude will return soon. Claude is currently experiencing a temporary service disruption.'],
    [
      'context_overflow',
      'Your message will exceed the length limit for this chat. Try shortening your message.',
    ],
    [
      'context_overflow',
      'Claude hit the maximum length for this conversation. Please start a new conversation.',
    ],
    ['transport', 'Your connection was interrupted. Please try again in a moment.'],
    ['transport', 'error: dispatch failure (io error): request or response body error'],
    ['server', 'Warning: received an unexpected error from the model after 151.44s'],
    // Rounds 48-50: the never-retried classes' boundaries, the agent's own failures, the newest threads.
    [
      'other',
      'Internal error: {\n  "error": "Unknown error: module \'acp.schema\' has no attribute \'ToolCallUpdate\'"\n}',
    ],
    [
      'server',
      'Internal Server Error (500) · {"error":{"message":"\'NoneType\' object has no attribute \'get\'"}}',
    ],
    ['server', "[API Error: <500> InternalError.Algo: 'dict' object has no attribute 'content']"],
    [
      'other',
      'Caught panic:\n\nruntime error: invalid memory address or nil pointer dereference\n\nRestoring terminal...',
    ],
    [
      'other',
      'The glob tool was called with invalid arguments: SchemaError(Missing key\n  at ["pattern"]).\nPlease rewrite the input so it satisfies the expected schema.',
    ],
    ['other', '⚠ Found invalid settings files: ~/.claude/settings.json. They will be ignored.'],
    ['other', 'Timed out when attempting to restore checkpoint.'],
    ['transport', 'Error: connect EHOSTDOWN 192.168.1.1:443'],
    ['transport', 'Error: read ENETRESET'],
    ['transport', 'LLM request failed: DNS lookup for the provider endpoint failed.'],
    [
      'bad_request',
      'Failed to deserialize the JSON body into the target type: messages[2]: data did not match any variant of untagged enum ChatCompletionRequestContent at line 1 column 18254',
    ],
    [
      'bad_request',
      "Uncaught OpenAI\\Exceptions\\ErrorException: 'json_object' is not of type 'object' - 'response_format'",
    ],
    [
      'bad_request',
      'The first message (except the system message) of deepseek-reasoner must be a user message,  but an assistant message detected.',
    ],
    [
      'bad_request',
      'Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.',
    ],
    ['bad_request', 'Codex API endpoint not found.'],
    ['auth', "Couldn't authenticate with provider. Please check your API key configuration."],
    ['permission', "No permission to use default group. You don't have a Key with default group"],
    [
      'permission',
      'Execution failed: No model available. Check policy enablement under GitHub Settings > Copilot',
    ],
    ['permission', '"API Key 不允许使用该模型"'],
    ['quota', 'You are using a Trial key, which is limited to 1000 API calls / month.'],
    ['context_overflow', 'Input token length is too long'],
    // Round 58: Windows' and corporate networks' words.
    ['transport', 'WIN32[0x00002EE2]WinHttpReceiveResponse'],
    [
      'transport',
      '- Node.js https: Error (3 ms): Failed to establish a socket connection to proxies: PROXY 127.0.0.1:9000',
    ],
    ['transport', 'GPST Dead Peer Detection detected dead peer!'],
    [
      'transport',
      'SSL_do_handshake() failed (SSL: error:1408F10B:SSL routines:ssl3_get_record:wrong version number) while SSL handshaking to upstream',
    ],
    // Round 57: statuses in unusual places, and the words beside them.
    ['transport', "I'm sorry, I couldn't respond in time. Please try again. Error code: A1000"],
    ['transport', 'API request failed - Error: certificate has expired'],
    ['permission', 'AI features are not enabled on this plan'],
    [
      'quota',
      'No GitLab Credits remain for this billing period. To continue using Code Review Flow, contact your administrator. Error code: DCR4002',
    ],
    // A review of rounds 53-56's words: the same words of a tool's, an app's or the agent's own, and a provider's
    // 529 below a sign-in line.
    [
      'capacity',
      '[statusline] copilot: not signed in · main · ctx 41%\nAPI Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CX9bq2Jr7cX1y"}',
    ],
    [
      'other',
      '$ gh pr create --fill\nTo get started with GitHub CLI, please run:  gh auth login\nerror: not signed in to github.com',
    ],
    [
      'other',
      '$ aws ec2 describe-instances --region us-east-1\nAn error occurred (AuthFailure) when calling the DescribeInstances operation: AWS was not able to validate the provided access credentials',
    ],
    [
      'other',
      '$ curl -s -X GET http://127.0.0.1:8000/users/me -H "Authorization: Bearer $TOKEN"\n{"detail":"Credentials could not be validated"}',
    ],
    [
      'other',
      'ERROR:  P0001: Driver Analytics is only available to the Driver or an administrator\nCONTEXT:  PL/pgSQL function get_driver_analytics(uuid,date,date) line 9 at RAISE',
    ],
    [
      'other',
      'Traceback (most recent call last):\n  File "/usr/local/lib/python3.4/site-packages/botocore/regions.py", line 70, in construct_endpoint\n    raise NoRegionError()\nbotocore.exceptions.NoRegionError: You must specify a region.',
    ],
    ['other', '{"code":107,"msg":"账号已被锁定,请联系管理员"}'],
    ['other', 'sqlite3.OperationalError: 数据库已被锁定 (database is locked)'],
    [
      'other',
      'Error:java.io.EOFException: Detect premature EOF\nError:Execution failed for task \':app:transformDexWithInstantRunDependenciesApkForDebug\'.\n> com.android.tools.build.api.transform.TransformException: com.android.ide.common.signing.KeytoolException: Failed to read key AndroidDebugKey from store "C:\\Users\\Lenovo\\.android\\debug.keystore": Detect premature EOF',
    ],
    [
      'other',
      "> Could not get resource 'https://maven.terraformersmc.com/releases/com/terraformersmc/modmenu/7.2.2/modmenu-7.2.2.jar'.\n   > Premature end of chunk coded message body: closing chunk expected\n\nBUILD FAILED in 41s",
    ],
    [
      'other',
      '## User\n\nexport transcript from this session and write it to transcript.md\n\n_This request was interrupted before completion._',
    ],
    ['other', '$ curl -s localhost:3000/api/careers\n{"error":"Upstream service error"}'],
    [
      'other',
      '$ curl -s -X POST localhost:8080/api/sms/code -d "telephone=13800000000"\n{"success":false,"message":"服务忙，请稍后重试"}',
    ],
    ['other', 'Response Budget: 已达到 Agent 调用次数限额 (64/64)，任务已停止'],
    ['other', 'PreToolUse hook blocked Write: 检测到 License 合规问题 (GPL-3.0 依赖 left-pad-gpl)'],
    ['other', '配置错误: MODEL_NAME 模型名称不能为空。请在 config.json 中检查。'],
    // Round 56: streams cut in the middle of a turn, in every client stack's words.
    [
      'transport',
      'Error while making a request hyper::Error(Http2, Error { kind: Reset(StreamId(1), PROTOCOL_ERROR, Remote) })',
    ],
    [
      'transport',
      'System.Net.Http.HttpIOException: net_http_invalid_response_premature_eof_bytecount, 1374192 (ResponseEnded)',
    ],
    [
      'transport',
      'com.github.kevinsawicki.http.HttpRequest$HttpRequestException: java.io.IOException: Premature EOF',
    ],
    ['transport', 'Error getting response stream (ReadDone2): ReceiveFailure'],
    [
      'transport',
      '<ConnectionTerminated error_code:ErrorCodes.NO_ERROR, last_stream_id:1999, additional_data:None>',
    ],
    ['server', '{"error":"an error was encountered while running the model"}'],
    [
      'auth',
      'api error: The API Key appears to be invalid or may have expired. Please verify your credentials and try again.',
    ],
    // Round 55: sign-in and credential failures.
    ['auth', 'Claude Code credentials are unavailable or expired. Run `claude` to refresh them.'],
    [
      'auth',
      'Token exchange failed (400): {"error": "invalid_grant", "error_description": "Invalid \'code\' in request."}',
    ],
    ['auth', 'Cody by Sourcegraph: █ AuthProvider:init: No token found in secretStorage'],
    ['auth', '█ CodyCompletionProvider:notSignedIn: You are not signed in.'],
    // Round 53: vendors' error tables and forum threads.
    ['capacity', '服务忙,请稍后再试'],
    ['permission', '您的账户已被锁定,请联系客服解锁'],
    ['auth', 'Authentication Token 已过期,请重新生成/获取'],
    ['rate_limit', 'Total API QPS limit exceeded'],
    ['permission', 'This model is only available to Pro users'],
    ['server', 'Model generation failed'],
    [
      'auth',
      '{ "Response": { "Error": { "Code": "AuthFailure.SignatureFailure", "Message": "The provided credentials could not be validated." } } }',
    ],
    // Round 54: relays' and account pools' own messages.
    ['capacity', 'No available channel keys'],
    ['capacity', 'no account has capacity for it right now'],
    ['transport', 'upstream request was interrupted before completion'],
    [
      'permission',
      '{"type":"RegionError","message":"The latest version of this model is only available hosted in China and requires explicit opt in: ..."}',
    ],
    ['bad_request', '无效的请求，无法解析模型'],
    // A review of rounds 51-52's words: the surroundings' own statuses, a provider's failure printed below them,
    // PostgreSQL's closed connection, bans and keys that are not the account's.
    [
      'capacity',
      '14:02:11 - openhands:DEBUG: action_execution_client.py:215 - POST http://localhost:30412/execute_action 200 (2.1s)\n14:02:40 - openhands:ERROR: agent_controller.py:268 - Error while running the agent: litellm.InternalServerError: AnthropicException - {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'other',
      'Error response from daemon: Get https://registry-1.docker.io/v2/library/nginx/manifests/latest: received unexpected HTTP status: 503 Service Unavailable',
    ],
    ['other', '(HTTP code 500) server error - Get https://registry-1.docker.io/v2/: Service Unavailable'],
    [
      'other',
      "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ResponseError('too many 503 error responses')': /simple/torch/\nERROR: Could not find a version that satisfies the requirement torch (from versions: none)\nERROR: No matching distribution found for torch",
    ],
    [
      'other',
      'AssertionError: expected status 200 but got 500\nResponse body: Server was not able to process your request',
    ],
    [
      'other',
      'django.db.utils.OperationalError: server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n\tbefore or while processing the request.',
    ],
    [
      'other',
      'ERROR:  Error on receive from seg0 10.10.247.122:50000 pid=570505: server closed the connection unexpectedly\n        This probably means the server terminated abnormally\n        before or while processing the request.',
    ],
    [
      'other',
      'Your IP address has been temporarily banned for excessive pageloads which indicates that you are using automated mirroring/harvesting software. The ban expires in 2 hours and 13 minutes',
    ],
    ['other', "This subreddit doesn't exist or has been banned."],
    [
      'rate_limit',
      'Quota Exceeded: Your Free Tier Gemini API key has reached its limit. Please wait 1 minute or try a new API key.',
    ],
    [
      'other',
      'WARNING youtube_fetch: The following API key has reached its limit <AIzaSyD-xxxx>\nINFO youtube_fetch: Marking key as expired\nRuntimeError: no usable YouTube API keys left',
    ],
    // Round 52: the newer agents' and platforms' own wrappers (n8n's messages among them); round 51's weighing.
    ['server', 'The service failed to process your request'],
    ['transport', 'The service refused the connection - perhaps it is offline'],
    [
      'transport',
      'The connection cannot be established, this usually occurs due to an incorrect host(domain) value',
    ],
    ['transport', 'The server closed the connection unexpectedly'],
    ['other', 'An error occurred while processing the file.'],
    ['server', 'Gateway timed out - perhaps try again later?'],
    ['bad_request', 'Method not allowed - please check you are using the right HTTP method'],
    ['permission', 'Your account has been temporarily banned due to violations of our service.'],
    ['auth', 'Invalid key provided. Please provide a valid key and try again.'],
    [
      'other',
      "Request failed with status code 500\nHTTPConnectionPool(host='host.docker.internal', port=33817): Max retries exceeded with url: /execute_action (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0xffff644c1460>: Failed to establish a new connection: [Errno 111] Connection refused'))",
    ],
    [
      'other',
      'Error: 14 UNAVAILABLE: No connection established. Last error: Error: connect ECONNREFUSED ::1:4317',
    ],
    [
      'capacity',
      'Loaded cached credentials.\nhopping into sandbox (command: docker) ...\nChecking for sandbox image: us-docker.pkg.dev/gemini-code-dev/gemini-cli/sandbox:0.1.14\n✕ [API Error: got status: 503 Service Unavailable. {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}]',
    ],
    // Round 51: the network failures of the agent's surroundings, in their programs' own words.
    [
      'other',
      'npm error code ENOTFOUND\nnpm error syscall getaddrinfo\nnpm error errno ENOTFOUND\nnpm error network request to https://registry.npmjs.org/@astrojs%2fstarlight failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org',
    ],
    [
      'other',
      'error: RPC failed; HTTP 503 curl 22 The requested URL returned error: 503 Service Unavailable\nfatal: The remote end hung up unexpectedly',
    ],
    [
      'other',
      'warning: spurious network error (2 tries remaining): curl error: Could not resolve host: github.com',
    ],
    ['other', 'Error response from daemon: Get "https://us-docker.pkg.dev/v2/": context deadline exceeded'],
    [
      'other',
      '✕ 🔴 Disconnected: Failed to connect to IDE companion extension. Please ensure the extension is running. To install the extension, run /ide install.',
    ],
    [
      'other',
      'TimeoutError: Timed out after 30000 ms while trying to connect to the browser! Only Chrome at revision r869685 is guaranteed to work.',
    ],
    ['other', 'Timed out waiting for LSP tasks'],
    ['other', 'Context server request timeout'],
    // A review of rounds 48-50's words: the agent's warning above the provider's failure, the same words in a
    // provider's answer or another program's, a server's own crash.
    [
      'capacity',
      '⚠ Found invalid settings files. They will be ignored. Run /doctor for details.\nAPI Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CZAZLPuVRisJc8oe4zrKo"}',
    ],
    [
      'rate_limit',
      'Invalid MCP settings format. Please ensure your settings follow the correct JSON format.\nAPI Request Failed\n429 {"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization of 40,000 input tokens per minute."}}',
    ],
    [
      'server',
      'PostToolUse:Edit hook returned exit code 1 (non-blocking): eslint found 2 problems\nAPI Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"},"request_id":"req_011CXnukXFhq5zC25S7ev2cy"}',
    ],
    [
      'bad_request',
      '400 {"error":{"message":"Invalid settings: reasoning_effort \'minimal\' is not supported with this model.","type":"invalid_request_error","param":"reasoning_effort"}}',
    ],
    [
      'rate_limit',
      'UnifiedDiffNoMatch: hunk failed to apply!\n\nlitellm.RateLimitError: AnthropicException - {"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}',
    ],
    [
      'capacity',
      "Warning: File lock timeout or error on sessions_log.json read: [Errno 11] Resource temporarily unavailable\nanthropic.InternalServerError: Error code: 529 - {'type': 'error', 'error': {'type': 'overloaded_error', 'message': 'Overloaded'}}",
    ],
    [
      'server',
      '500 Internal Server Error: model cache file lock timeout after 30s (another worker is loading the model)',
    ],
    ['server', 'API Request Failed\n502 Bad Gateway: cloudflare\n[Retry] [Restore Checkpoint]'],
    [
      'permission',
      '403 Forbidden: your organization has disabled this model. Choose an allowed model in your settings files or contact your admin.',
    ],
    [
      'server',
      'Error: llama runner process has terminated: error:invalid memory address or nil pointer dereference\n[signal 0xc0000005 code=0x0 addr=0x0 pc=0x7ff730f4edf9]',
    ],
    ['other', 'Error: Resend root must be a user message entry'],
    ['other', '⚠ Azure OpenAI endpoint not found in deployment outputs'],
    ['other', "sudo: couldn't authenticate non-interactively (a password is required)"],
    ['rate_limit', 'Rate limit reached: 50 requests per minute included in your plan. Please retry in 20s.'],
    [
      'rate_limit',
      'Too many requests: your plan allows 60 calls / minute and 1,000,000 calls / month; the per-minute limit was exceeded, retry after 14s.',
    ],
    [
      'transport',
      'Usage this cycle: 3,412 of 10,000 calls / month\nupstream connect error or disconnect/reset before headers. reset reason: connection failure',
    ],
    ['other', 'TokenLengthException: Token length is too long: 300 characters. Max length is 255.'],
    ['other', 'WebFetch https://www.example.de/preise -> Seitenfehler: 404 Seite nicht gefunden'],
    ['server', 'OpenAI Codex service error. Please try again later.'],
    [
      'transport',
      'data: {"error":{"message":"stream error: stream disconnected before completion: stream closed before response.completed","type":"invalid_request_error"}}',
    ],
    [
      'bad_request',
      "stream disconnected before completion: [ObjectParam] [input[67].encrypted_content] [missing_required_parameter] Missing required parameter: 'input[67].encrypted_content'.",
    ],
  ] as const)('reads %s in %j', expectRead);
});

describe('a thing unavailable', () => {
  it.each([
    ['capacity', 'Service temporarily unavailable'],
    ['capacity', 'The selected model is currently unavailable. Please try again or select another model.'],
    [
      'capacity',
      'litellm.ServiceUnavailableError: ServiceUnavailableError: OpenAIException - Loading model.',
    ],
    ['transport', '14 UNAVAILABLE: No connection established'],
    [
      'transport',
      'Rendezvous: <_Rendezvous of RPC that terminated with (StatusCode.UNAVAILABLE, Connect Failed)>',
    ],
    [
      'transport',
      'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial tcp 10.0.0.7:443: connect: connection refused"',
    ],
    [
      'transport',
      "Run failed: [models] Server Unavailable Error, HTTPConnectionPool(host='10.0.0.7', port=8888): Max retries exceeded with url: /api/chat (Caused by ConnectTimeoutError(<urllib3.connection.HTTPConnection object at 0x7f55438eaa50>, 'Connection to 10.0.0.7 timed out.'))",
    ],
  ] as const)('reads %s in %j: short of capacity, unless the connection to it failed', expectRead);
});

describe('a review of rounds 59-60: the surroundings, a thing unavailable and the new words at their edges', () => {
  it.each([
    [
      'transport',
      'Error: 14 UNAVAILABLE: Connection dropped\n    at callErrorFromStatus (/app/node_modules/@grpc/grpc-js/build/src/call.js:32:19)\n    at Object.onReceiveStatus (/app/node_modules/@grpc/grpc-js/build/src/client.js:359:73)',
    ],
    [
      'transport',
      'google.api_core.exceptions.ServiceUnavailable: 503 DNS resolution failed for generativelanguage.googleapis.com:443',
    ],
    [
      'other',
      'curl -s -X POST http://localhost:3000/api/checkout\n{"error":"Payment service error. Please try again in a moment."}',
    ],
    [
      'transport',
      'unexpected status 408 Request Timeout: {"error":{"message":"stream error: stream disconnected before completion: stream closed before response.completed","type":"invalid_request_error"}}',
    ],
    [
      'other',
      'Deploy check failed: GET https://my-app-preview.vercel.app/api/health returned a 5xx error (attempt 3/3)',
    ],
    ['server', '{"error":{"code":"1230","message":"API 调用流程出错"}}'],
    ['rate_limit', '{"error":{"code":"1302","message":"请求频率过高，请稍后再试"}}'],
    ['bad_request', '{"error":{"code":"1215","message":"temperature 与 top_p 不能同时设置，请检查文档"}}'],
    [
      'transport',
      'Error: reading streaming LLM response: doRequest: error sending request: Post "https://generativelanguage.googleapis.com//v1beta/models/gemini-2.5-pro-preview-03-25:streamGenerateContent?alt=sse": dial tcp 142.251.215.234:443: i/o timeout\n/tmp/kubectl-ai.log\nLog file created at: 2025/05/09 18:28:37\nI0509 18:28:37.896898 3382599 main.go:327] Application startedpid3382599\nI0509 18:29:11.741097 3382599 conversation.go:146] "Starting iteration" iteration=0',
    ],
    [
      'transport',
      'Traceback (most recent call last):\n  File "/virtualenvs/venv/lib/python3.11/site-packages/langchain_community/vectorstores/qdrant.py", line 187, in add_texts\n    for batch_ids, points in self._generate_rest_batches(\n  File "/virtualenvs/venv/lib/python3.11/site-packages/langchain_community/vectorstores/qdrant.py", line 2198, in _generate_rest_batches\n    batch_embeddings = self._embed_texts(batch_texts)\n  File "/virtualenvs/venv/lib/python3.11/site-packages/langchain_openai/embeddings/base.py", line 324, in _get_len_safe_embeddings\n    response = self.client.create(\n  File "/virtualenvs/venv/lib/python3.11/site-packages/openai/_base_client.py", line 1010, in _request\n    raise APITimeoutError(request=request) from err\nopenai.APITimeoutError: Request timed out.',
    ],
    [
      'capacity',
      "Traceback (most recent call last):\n  File \"/app/venv/lib/python3.11/site-packages/langchain_milvus/vectorstores/milvus.py\", line 1211, in add_texts\n    embeddings = self.embedding_func.embed_documents(texts)\n  File \"/app/venv/lib/python3.11/site-packages/openai/_base_client.py\", line 1047, in request\n    raise self._make_status_error_from_response(err.response) from None\nopenai.InternalServerError: Error code: 503 - {'error': {'message': 'Service Unavailable', 'type': 'cf_service_unavailable'}}",
    ],
    [
      'capacity',
      "OpenAI HTTP Error (spotted in ruby-openai 6.5.0): <html><head><title>503 Service Temporarily Unavailable</title></head></html>\n/usr/local/lib/ruby/gems/3.2.0/gems/faraday-2.9.2/lib/faraday/response/raise_error.rb:38:in `on_complete': the server responded with status 503 (Faraday::ServerError)\n\tfrom /usr/local/lib/ruby/gems/3.2.0/gems/ruby-openai-6.5.0/lib/openai/http.rb:22:in `json_post'\n\tfrom script/import_products.rb:14:in `<top (required)>'\n\tfrom <internal:/usr/local/lib/ruby/3.2.0/rubygems/core_ext/kernel_require.rb>:38:in `require'",
    ],
    [
      'other',
      'Gem::RemoteFetcher::FetchError: Errno::ETIMEDOUT: Connection timed out - connect(2) for "bb-m.rubygems.org" port 443 (https://rubygems.org/gems/fastercsv-1.5.5.gem)\nAn error occurred while installing fastercsv (1.5.5), and Bundler cannot\ncontinue.',
    ],
    [
      'capacity',
      'unexpected status 503 Service Unavailable: {"error_code":"TEMPORARILY_UNAVAILABLE","message":"Endpoint chat is temporarily unavailable: upstream provider returned 503"}, url: http://mlflow.internal:5000/api/2.0/mlflow/gateway-proxy/chat/completions',
    ],
    [
      'other',
      '[PANIC]failed to init dify plugin db: failed to connect to `host=db user=postgres database=postgres`: dial error (dial tcp 172.19.0.3:5432: connect: connection refused)',
    ],
    [
      'transport',
      'Warning: could not connect to the Redis server at localhost:6379, response cache disabled\nTraceback (most recent call last):\n  File "/app/agent/llm.py", line 58, in complete\n    resp = client.chat.completions.create(**kwargs)\n  File "/app/.venv/lib/python3.12/site-packages/openai/_base_client.py", line 1010, in _request\n    raise APITimeoutError(request=request) from err\nopenai.APITimeoutError: Request timed out.',
    ],
  ] as const)('reads %s in %j', expectRead);
});

describe('a review of rounds 61-64: the surroundings before and after a model call failed, and the new words at their edges', () => {
  it.each([
    ['other', 'ConfigurationException: Error attempting to connect to to the database'],
    [
      'server',
      'API Error: API returned an empty or malformed response (HTTP 200) — check for a proxy or gateway intercepting the request. Response: content-type html, body is an HTML page, 1270 bytes, request-id absent. This was the non-streaming retry of streaming request (no Anthropic request-id), which failed with: no_events, StreamNoEventsError; 0 stream events received.',
    ],
    ['capacity', '分組 F4-AWS-Kiro-2 下模型 claude-fable-5 無可用管道（distributor）'],
    ['other', '⚠ 權重下載無可用管道：私有 repo 需 GITHUB_TOKEN / GH_TOKEN 或 git 憑證'],
    ['server', 'vscode报错504网关超时'],
    [
      'other',
      "fatal: unable to access 'https://github.com/...': \n       Failed to connect to 21.0.0.123 port 15004 after 127004 ms",
    ],
    [
      'other',
      'npm ERR! fetch failed http://registry.npmjs.org/pako/-/pako-0.2.5.tgz\nnpm ERR! fetch failed http://registry.npmjs.org/pako/-/pako-0.2.5.tgz\nnpm ERR! Error: 503 Service Unavailable\nnpm ERR!     at WriteStream.<anonymous> (C:\\Program Files\\nodejs\\node_modules\\npm\\lib\\utils\\fetch.js:58:12)',
    ],
    [
      'other',
      'thrown: "Exceeded timeout of 5000 ms for a test.\n    Use jest.setTimeout(newTimeout) to increase the timeout value, if this is a long-running test."',
    ],
    [
      'other',
      "Consistently getting 'Test timeout of 30000ms exceeded.' error although playwright.config.js has the following timeout settings",
    ],
    [
      'other',
      'SlowDown: Please reduce your request rate. (Service: Amazon S3; Status Code: 503; Error Code: SlowDown; Request ID: 7Q3R0XV5F9K2B1AD; S3 Extended Request ID: null; Proxy: null)',
    ],
    [
      'other',
      'MongoServerSelectionError: connection <monitor> to 10.0.3.17:27017 closed\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)',
    ],
    [
      'transport',
      '● Bash(kubectl rollout status deploy/api -n prod)\n  ⎿  Waiting for deployment "api" rollout to finish: 1 of 3 updated replicas are available...\n  ⎿  API Error (Connection error.) · Retrying in 1 seconds… (attempt 1/10)\n    ⎿  TypeError (fetch failed)\n  ⎿  API Error: Connection error.',
    ],
    [
      'transport',
      "● I'll add shared fixtures for the test suite and then run it.\n  ⎿  API Error: Connection error.",
    ],
    ['transport', 'Unable to fetch latest version from npm registry\nAPI Error: Connection error.'],
    [
      'transport',
      'Running: kubectl get pods -n default\n\nError: reading streaming LLM response: doRequest: error sending request: Post "https://generativelanguage.googleapis.com//v1beta/models/gemini-2.5-pro-preview-03-25:streamGenerateContent?alt=sse": dial tcp 142.251.215.234:443: i/o timeout',
    ],
    [
      'capacity',
      'Execution failed: Error: Failed to get response from the AI model; retried 5 times (total retry wait time: 30.56 seconds) (Request-ID 9DD0:329977:76A6DF:80D0C6:6A18A998) Last error: CAPIError: 503 {"error":{"message":"Claude Opus 4.8 is currently experiencing issues. We are actively working to resolve the issue. In the meantime, you might want to use a different model.","code":"model_degraded"}}',
    ],
    [
      'transport',
      'hopping into sandbox (command: docker) ...\nChecking for sandbox image: us-docker.pkg.dev/gemini-code-dev/gemini-cli/sandbox:0.1.14\n✕ [API Error: exception TypeError: fetch failed sending request]',
    ],
  ] as const)('reads %s in %j', expectRead);
});

describe("the agent's own failure above a model call that failed after it", () => {
  it.each([
    [
      'transport',
      '● Bash(npm install)\n  ⎿  npm ERR! code ETIMEDOUT\n     npm ERR! network request to https://registry.npmjs.org/vite failed, reason: connect ETIMEDOUT 104.16.19.35:443\n  ⎿  API Error (Request timed out.) · Retrying in 1 seconds… (attempt 1/10)\n  ⎿  API Error: Request timed out.',
    ],
    ['transport', 'npm install\nAPI Error: Request timed out.'],
    [
      'capacity',
      'child process exited with code 1\nAPI Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    ['other', "API Error: npm install failed: EACCES: permission denied, mkdir '/usr/lib/node_modules'"],
    [
      'auth',
      'npm install\nAPI Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
    ],
  ] as const)("reads %s in %j: the last model call's line decides when it is retried", expectRead);
});
describe('rounds 65-68: the surroundings of apps and bots, and the new words', () => {
  it.each([
    [
      'other',
      "{ Error: ETELEGRAM: 502 Bad Gateway\n    at request.then.resp (/root/node/node_modules/node-telegram-bot-api/src/telegram.js:280:15)\n    at tryCatcher (/root/node/node_modules/bluebird/js/release/util.js:16:23)\n    at Promise._settlePromiseFromHandler (/root/node/node_modules/bluebird/js/release/promise.js:512:31)\n  code: 'ETELEGRAM',",
    ],
    [
      'other',
      'telebot.apihelper.ApiTelegramException: A request to the Telegram API was unsuccessful. Error code: 502. Description: Bad Gateway',
    ],
    [
      'other',
      '  File "/home/telegram_bot/lib/python3.11/site-packages/telegram/request/_baserequest.py", line 274, in _request_wrapper\n    code, payload = await self.do_request(\n                    ^^^^^^^^^^^^^^^^^^^^^^\n  File "/home/telegram_bot/lib/python3.11/site-packages/telegram/request/_httpxrequest.py", line 233, in do_request\n    raise TimedOut from err\ntelegram.error.TimedOut: Timed out',
    ],
    ['other', "HTTPSConnectionPool(host='api.telegram.org', port=443): Read timed out. (read timeout=25)"],
    [
      'other',
      'Error: PineconeClient: Error calling upsert: Error: PineconeClient: Error calling upsertRaw: no healthy upstream',
    ],
    [
      'other',
      'PineconeInternalServerError: An internal server error occured while calling the REDACTED-starter.pinecone.io/vectors/upsert endpoint. To see overall service health and learn whether this seems like a large-scale problem or one specific to your request, please go to https://status.pinecone.io/ to view our status page. If you believe the error reflects a problem with this client, please file a bug report in the github issue tracker at https://github.com/pinecone-io/pinecone-ts-client\\n    at mapHt',
    ],
    [
      'other',
      'genai-stack-loader-1      |   File "/usr/local/lib/python3.11/site-packages/neo4j/_sync/io/_pool.py", line 804, in update_routing_table\ngenai-stack-loader-1      |     raise ServiceUnavailable("Unable to retrieve routing information")\ngenai-stack-loader-1      | neo4j.exceptions.ServiceUnavailable: Unable to retrieve routing information\ngenai-stack-loader-1      |\ngenai-stack-loader-1      | During handling of the above exception, another exception occurred:\ngenai-stack-loader-1      |\ngenai-sta',
    ],
    ['other', 'elastic_transport.ConnectionTimeout: Connection timed out'],
    [
      'other',
      ' > [builder 5/7] RUN go mod download:\n99.92 go: github.com/chromedp/cdproto@v0.0.0-20231011050154-1d073bb38998: read "https://goproxy.cn/github.com/chromedp/cdproto/@v/v0.0.0-20231011050154-1d073bb38998.zip": stream error: stream ID 1549; INTERNAL_ERROR; received from peer\n99.92 go: github.com/chromedp/chromedp@v0.9.3: read "https://goproxy.cn/github.com/chromedp/chromedp/@v/v0.9.3.zip": stream error: stream ID 1551; INTERNAL_ERROR; received from peer\n------\nDockerfile:8\nfailed to solve: process',
    ],
    [
      'other',
      'MatchError: no match of right hand side value: {:error, %Mint.HTTP1{host: "gateway.discord.gg", port: 443, request: nil, streaming_request: nil, socket: {:sslsocket, {:gen_tcp, #Port<0.4538>, :tls_connection, :undefined}, [#PID<0.6407.0>, #PID<0.6406.0>]}, transport: Mint.Core.Transport.SSL, mode: :active, scheme_as_string: "https", case_sensitive_headers: false, requests: {[], []}, state: :open, buffer: "", proxy_headers: [], private: %{scheme: :wss, mode: :active, extensions: [], sec_websocket',
    ],
    [
      'other',
      '[ERROR] Failed to execute goal on project buildtools: Could not resolve dependencies for project org.apache.pulsar:buildtools:jar:2.6.0-SNAPSHOT: Could not transfer artifact org.apache-extras.beanshell:bsh:jar:2.0b6 from/to central (https://repo.maven.apache.org/maven2): Transfer failed for https://repo.maven.apache.org/maven2/org/apache-extras/beanshell/bsh/2.0b6/bsh-2.0b6.jar 503 between bytes timeout -> [Help 1]',
    ],
    [
      'other',
      '[otel.javaagent 2026-03-04 03:54:10:387 +0000] [OkHttp https://telemetry.googleapis.com/...] ERROR io.opentelemetry.exporter.internal.grpc.GrpcExporter - Failed to export metrics. The request could not be executed. Error message: stream was reset: PROTOCOL_ERROR',
    ],
    ['transport', '### error: Connection to remote host was lost.'],
    ['transport', 'error = { name: "UnknownError", data: { message: "terminated" } }'],
    [
      'capacity',
      'Received HTTP response headers after 9571ms - 503\nReceived HTTP response headers after 1047ms - 503',
    ],
    ['capacity', 'Désolée ma chérie 🌸 Le système est un peu surchargé...'],
    ['capacity', '申し訳ございません、現在メンテナンス中です。しばらくしてから再度お試しください！'],
  ] as const)('reads %s in %j', expectRead);
});
describe('a review of rounds 65-68: the surroundings named, not mentioned; the overloads of a compiler; a state that is terminated', () => {
  it.each([
    [
      'rate_limit',
      "neo4j_graphrag.exceptions.LLMGenerationError: Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o-mini in organization org-dNfBRrJWjIK4BH4BTZ4a3dyB on tokens per min (TPM): Limit 200000, Used 199748, Requested 15538. Please try again in 4.585s. Visit https://platform.openai.com/account/rate-limits to learn more.', 'type': 'tokens', 'param': None, 'code': 'rate_limit_exceeded'}}",
    ],
    [
      'other',
      '{\n...\n "state": "TERMINATED",\n            "state_message": "Spark encountered an error during startup. databricks_error_message: Spark error: Driver down"\n}',
    ],
    ['other', 'error TS2769: No overload matches this call'],
    [
      'other',
      'UserSessionMatcher.kt: (86, 52): Overload resolution ambiguity: \npublic open fun contains(@Nullable element: TagIdAndCategory): Boolean defined in java.util.HashSet\npublic open fun contains(@Nullable element: TagIdAndCategory!): Boolean defined in java.util.HashSet',
    ],
    [
      'other',
      "Error CS1501: No overload for method `PopulateWithData' takes `2' arguments (CS1501) (CoffeeFilter.iOS).",
    ],
    ['other', 'Aucune surcharge ne correspond à cet appel.'],
    [
      'other',
      'Unhandled rejection Error: read ECONNRESET\n    at exports._errnoException (util.js:907:11)\n    at TLSWrap.onread (net.js:557:26)\nFrom previous event:\n    at TelegramBotPolling._getUpdates',
    ],
    [
      'other',
      '2024-10-11 15:02:01 = ERROR = discord.app_commands.tree = Ignoring exception in autocomplete for \'iam\'\nTraceback (most recent call last):\n  File "/usr/local/lib/python3.9/site-packages/discord/app_commands/tree.py", line 1302, in _call\n    await command._invoke_autocomplete(interaction, focused, namespace)\n  File "/usr/local/lib/python3.9/site-packages/discord/app_commands/commands.py", line 927, in _invoke_autocomplete\n    await interaction.response.autocomplete(choices)\n  File "/usr/local/lib/',
    ],
    [
      'other',
      '[23:23:44 WARN]: github.scarsz.discordsrv.dependencies.jda.api.exceptions.ErrorResponseException: 0: 503: Service Unavailable\n[23:23:44 WARN]:        at DiscordSRV-Build-1.26.2.jar//github.scarsz.discordsrv.dependencies.jda.internal.requests.RestActionImpl.complete(RestActionImpl.java:227)\n[23:23:44 WARN]:        at DiscordSRV-Build-1.26.2.jar//github.scarsz.discordsrv.dependencies.jda.api.requests.RestAction.complete(RestAction.java:633)\n[23:23:44 WARN]:        at DiscordSRV-Build-1.26.2.jar//m',
    ],
    [
      'other',
      'PostgrestException(message: upstream connect error or disconnect/reset before headers. reset reason: connection termination, code: 503, details: Service Unavailable, hint: null',
    ],
    [
      'other',
      'Error: Failed to upload to Pinecone: Failed to upload document to Pinecone: An unexpected error occured while calling the https://ai-chatbot-index-2-hr1kwcq.svc.aped-4627-b74a.pinecone.io/vectors/upsert endpoint. upstream request timeout Status: 504.',
    ],
    [
      'other',
      "ERROR:    Exception in ASGI application\nTraceback (most recent call last):\n...\nneo4j.exceptions.ServiceUnavailable: Couldn't connect to neo4j:7687 (resolved to ('172.18.0.3:7687',)):\nFailed to establish connection to ResolvedIPv4Address(('172.18.0.3', 7687)) (reason [Errno 99] Cannot assign requested address)",
    ],
    [
      'other',
      ' - `ETELEGRAM: 502 Bad Gateway`\n - `connect ETIMEDOUT 149.154.167.220:443`\n - `connect ENETUNREACH 149.154.167.220:443`\n - `read ETIMEDOUT`',
    ],
    ['other', 'telegram.error.RetryAfter: Flood control exceeded. Retry in 497 seconds'],
  ] as const)('reads %s in %j', expectRead);
});
describe('rounds 69 and 71: the most-used agents and the relays between them and providers', () => {
  it.each([
    ['server', 'ChatGPT Codex response failed'],
    ['permission', 'unavailable for your plan'],
    [
      'transport',
      '2026-06-24 17:10:21.704 event=upstream_send_error ... elapsed_ms=5004 error=error_sending_request_for_url_(https://chatgpt.com/backend-api/codex/responses)',
    ],
    [
      'transport',
      'session.go:79: openAIClient.CreateChatCompletion err=error, EOF\nhandler.go:54: [text] Response: 抱歉，出错了，请稍后重试~',
    ],
    [
      'capacity',
      'error_code: account_pool_exhausted\nerror_message: no_eligible_accounts soonest=0s\nvm_id: null\naccount_id: null',
    ],
    ['capacity', '当前会话所属官网账号超负荷,请更换账号并新建会话'],
    [
      'other',
      '2025-05-09T11:59:12+02:00 ERROR [auto_update] auto-update failed: error:error sending request for url (https://zed.dev/api/releases/latest?asset=zed&os=linux&arch=x86_64)',
    ],
  ] as const)('reads %s in %j', expectRead);
});
describe("rounds 72-74: fix notes, run logs and Asian providers' apps", () => {
  it.each([
    ['other', "Error: P1001: Can't reach database server at `db.ycfxudvobatbwgakplie.supabase.co:5432`"],
    ['other', 'ValueError: Could not connect to tenant default_tenant. Are you sure it exists?'],
    [
      'other',
      '2025-02-20 10:36:49,961 dingtalk_stream.card_replier ERROR    AICardReplier.streaming failed, error=500 Server Error: Server Error for url: https://api.dingtalk.com/v1.0/card/streaming, response.text={"requestid":"7928FDCB-AC1E-761A-90C2-A714BA1AB29A","code":"unknownError","message":"未知错误"} [card_replier.py:768]',
    ],
    [
      'other',
      "'details': \"RequestError: HTTPConnectionPool(host='xx.oss-cn-hangzhou.aliyuncs.com', port=80): Read timed out. (read timeout=60)\", 'status': -2",
    ],
    [
      'other',
      'Error reading URL: Error: Request timed out\n    at ClientRequest.<anonymous> (/app/dist/tools/read.js:84:20)\n    at Object.onceWrapper (node:events:638:28)\n    at ClientRequest.emit (node:events:524:28)\n    at TLSSocket.emitRequestTimeout (node:_http_client:849:9)\n    at Object.onceWrapper (node:events:638:28)\n    at TLSSocket.emit (node:events:536:35)\n    at Socket._onTimeout (node:net:595:8)',
    ],
    ['other', '"is_resolved": true,\n"failure_mode": "agent_timeout",'],
    [
      'other',
      "Error encountered for metric linguistic_acceptability at dataset index 0: Error: __init__() got an unexpected keyword argument 'timeout'",
    ],
  ] as const)('reads %s in %j', expectRead);
});
describe('rounds 75-78: coding editors, agent frameworks, inference servers and cloud model APIs', () => {
  it.each([
    [
      'transport',
      "I'm sorry, I couldn't complete that request.\n\nRequest failed with error: Transport(reqwest::Error { kind: Decode, source: hyper::Error(Body, Error { kind: Io(Kind(ConnectionReset)) }) })",
    ],
    [
      'transport',
      "I'm sorry, I couldn't complete that request.\n\nRequest failed with error: Transport(reqwest::Error { kind: Decode, source: hyper::Error(Body, Error { kind: Io(Kind(AddrNotAvailable)) }) })",
    ],
    [
      'other',
      'E0517 13:07:29.597358 10826 unleash.go:60] Unleash error: Get "https://unleash.codeium.com/api/client/features": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
    ],
    [
      'other',
      "Request failed: Error retrieving embeddings: Error: Embeddings.Search http status 500: error searching embedding index: getting repo embedding index for repo 'path/to/my/repo': downloading repo embedding index: 2 errors occurred: * failed to get object: NoSuchKey: * fa.",
    ],
    ['other', 'Error While fetching extensions. Server returned 503'],
    [
      'other',
      "⚠  Could not verify auth status with `/home/muddles/.local/bin/agent status`: Command \n'['/home/muddles/.local/bin/agent', 'status']' timed out after 3.0 seconds",
    ],
    [
      'server',
      'Something went wrong while generating the response. If this issue persists please contact us through our help center at help.openai.com.',
    ],
    [
      'transport',
      'ProviderAdapterRequestError: Provider adapter request failed (cursor) for session/prompt: Cursor reported a transport failure.\n    at Array.<anonymous> (file:///Applications/T3%20Code%20(Alpha).app/Contents/Resources/app.asar/apps/server/dist/bin.mjs:146304:98)\n    at next (<anonymous>)\n    at sendTurn (Alpha)',
    ],
    ['server', '服务内部未知错误，请稍后重试'],
    [
      'server',
      'Malformed JSON sent from server: {"error":{"message":"Chat completion aborted. Please check the server console.","trace":"Traceback (most recent call last):\\n  File \\"/media/npetro/nvme_1/tabbyAPI/endpoints/OAI/utils/chat_completion.py\\", line 275, in stream_generate_chat_completion\\n    raise generation\\n  File \\"/media/npetro/nvme_1/tabbyAPI/endpoints/OAI/utils/chat_completion.py\\", line 229, in',
    ],
    [
      'server',
      '    raise ModelError(prediction.error)\nreplicate.exceptions.ModelError: Prediction interrupted; please retry (code: PA)',
    ],
    [
      'server',
      'openai.APIError: Could not parse header: too many tokens remaining after extracting content-type and recipient',
    ],
    [
      'server',
      '[1704891429] update_slots : failed to decode the batch, n_batch = 1, ret = 1\n[1704891429] unexpected error in llama server update_slots - exiting main loop\n[1704891429] \nllama server shutting down',
    ],
    [
      'other',
      '{"success":false,"error":"(Internal server error) - All scraping engines failed! -- Double check the URL to make sure it\'s not broken. If the issue persists, contact us at help@REDACTED.example."}',
    ],
    [
      'other',
      'requests.exceptions.HTTPError: 502 Server Error: Bad Gateway for url: https://api.tavily.com/search',
    ],
    [
      'other',
      'Failed to transform agent message: PluginInvokeError: {"args":{},"error_type":"Exception","message":"invoke tool failed: request failed with status code: 500 and respond with: {\\n \\"message\\": \\"Internal Server Error\\",\\n \\"code\\": \\"unknown\\"\\n}\\n"}',
    ],
    [
      'other',
      "WARNING:langsmith.client:Failed to batch ingest runs: LangSmithConnectionError('Connection error caused failure to POST https://api.smith.langchain.com/runs/batch  in LangSmith API. Please confirm your internet connection.. SSLError(MaxRetryError(\"HTTPSConnectionPool(host=\\'api.smith.langchain.com\\', port=443): Max retries exceeded with url: /runs/batch (Caused by SSLError(SSLEOFError(8, \\'EOF occ",
    ],
    [
      'other',
      "2024-03-03 22:26:23 +0000   24957 execution          ERROR    Node test in line 0 failed. Exception: Execution failure in 'test': (ResponseHandlingException) timed out.",
    ],
    [
      'content_filter',
      "An error occurred: Error code: 500 - {'detail': '{\\'target_service\\': \\'generative_ai_inference\\', \\'status\\': 400, \\'code\\': \\'400\\', \\'opc-request-id\\': \\'B0D3887E455841B5A4550F9A5E976B23/5C7AAC456AA93EC4F19CCE61DB2D9BCC/DC64FD2C8DB3E80CFC36EE0C0FB8B01C\\', \\'message\\': \\'Inappropriate output content detected in output blocklist\\', \\'operation_name\\': \\'chat\\', \\'timestamp\\': \\'2024-11-27T23:20:4",
    ],
    [
      'other',
      '503 Failed to execute query because not enough resources were available to cover 100% of the index',
    ],
    [
      'auth',
      '2026-05-20 10:28:14,716 WARNING agent.auxiliary_client: Auxiliary Nous client unavailable: no Nous authentication found (run: hermes auth).',
    ],
  ] as const)('reads %s in %j', expectRead);
});
describe('rounds 79-81: Asian coding agents, headless runs and their orchestrators, chat-bot gateways', () => {
  it.each([
    [
      'other',
      'WARN    task/init.go:32 failed to update price info: Get "https://models.dev/api.json": net/http: TLS handshake timeout',
    ],
    [
      'server',
      'プロバイダー サーバー エラー。プロバイダー側に問題があり、リクエスト自体に問題はありません。',
    ],
    [
      'server',
      'サービスで予期しない問題が発生し、リクエストを完了できませんでした。時間を置いて再試行してください',
    ],
    ['server', '서버 내부 오류가 발생했습니다. 잠시 후 다시 시도하세요'],
    [
      'transport',
      '연결이 시간 초과되었습니다(네트워크가 불안정하거나 서비스에 액세스할 수 없음). 잠시 후 다시 시도하세요',
    ],
    ['quota', '订阅积分已用尽，暂时无法使用该功能。你可以升级计划，或配置自定义模型 API 后继续'],
    [
      'other',
      'ERROR:2025/06/17 15:00:25 list.go:292: could not get repo name: cannot get repo name for instance that has not been started\nERROR:2025/06/17 15:00:25 app.go:668: failed to start new session: timed out waiting for tmux session claudesquad_foo: <nil> (cleanup error: error killing tmux session: exit status 1)',
    ],
    [
      'other',
      'ACP protocol error: Internal error: { "details": "Claude native binary not found for win32-x64. Reinstall @anthropic-ai/claude-agent-sdk without --omit=optional, or set CLAUDE_CODE_EXECUTABLE." }',
    ],
    [
      'other',
      'Error · RuntimeError\nClaude SDK connect failed: Failed to start Claude Code: [Errno 8] Exec format error\nCLI stderr:\n(no CLI stderr captured)',
    ],
    [
      'other',
      '2026-04-20 10:26:51,727 [   7605]   WARN - #c.i.m.l.a.a.c.AcpSessionLifecycleManager - Failed to initialize ACP session for chat 8fdba51d-7f90-4e6c-a81b-d0d421c9abcc, error: com.agentclientprotocol.protocol.JsonRpcException: Internal error\ncom.agentclientprotocol.protocol.JsonRpcException: Internal error\n\tat com.agentclientprotocol.protocol.Protocol.handleResponse(Protocol.kt:465)',
    ],
    [
      'other',
      'Agent rejected session/set_config_option for "timeout"="120": "Method not found": session/set_config_option (ACP -32601)',
    ],
    [
      'other',
      '23:50:22.014 › [ACP] claude --prefer-offline failed, retrying with fresh registry lookup: Request initialize timed out after 60 seconds\n23:50:22.311 › [ACP claude] Process exited with code: 143, signal: null\n23:50:31.578 › [ACP] First connect attempt failed, retrying once: Connection timeout after 70 seconds',
    ],
    [
      'other',
      '[22:08:36.495] [Core] [ERRO] [v4.19.2] [utils.llm_metadata:65]: Failed to fetch LLM metadata: Cannot connect to host models.dev:443 ssl:default [None]',
    ],
    [
      'other',
      '10:21:47 INFO PuppetService messageSendFile(R:10861257334220843, FileBox#Url<1725589303mHkD.png>) about to call grpc\n10:21:48 ERR 处理元素时出错: Error: 13 INTERNAL: WorkproErrorCode: 20001, Feature temporarily unavailable.',
    ],
  ] as const)('reads %s in %j', expectRead);
});
describe('rounds 82-83: agents in CI and users writing in their own languages', () => {
  it.each([
    [
      'other',
      'workflow-keepalive\nThe job was not acquired by Runner of type hosted even after multiple attempts\n\ncheck-version\nThe job was not acquired by Runner of type hosted even after multiple attempts\n\nLatest version\nInternal server error. Correlation ID: aca2277b-824a-48a5-ab8d-c40202a1ffb3',
    ],
    ['other', 'GitHub Actions has encountered an internal error when running your job.'],
    [
      'other',
      '##### Begin Diagnostic HTTP information #####\nStatus Code: 500\nStatus Message: Internal Server Error\nHeader Information: {\n  "content-length": "232",\n  "content-type": "application/json; charset=utf-8",\n  "date": "Thu, 15 Dec 2022 15:07:20 GMT",\n  "server": "Kestrel",\n  "cache-control": "no-store,no-cache",\n  "pragma": "no-cache",\n  "x-tfs-processid": "59f5a285-025e-4850-8497-3834cf13d4cf",\n  "act',
    ],
    [
      'other',
      '$ gh run view 40XXXXXXX --log -R OWNER/REPO\nfailed to get run log: HTTP 500 (https://api.github.com/repos/OWNER/REPO/actions/runs/40XXXXXXX/logs)',
    ],
    [
      'other',
      'org.jetbrains.plugins.github.exceptions.GithubStatusCodeException: 500 Internal Server Error - Failed to generate URL to download logs',
    ],
    [
      'server',
      'Fehler auf dem Server des Anbieters. Es stimmt etwas mit der Anbieterseite nicht, mit deiner Anfrage stimmt alles.',
    ],
    [
      'server',
      'Error del servidor del proveedor. Algo está mal en el lado del proveedor, no hay nada mal con tu solicitud.',
    ],
    [
      'server',
      'Erro do servidor do provedor. Algo está errado do lado do provedor, não há nada de errado com sua solicitação.',
    ],
    [
      'other',
      'Strona internetowa ładowała się zbyt długo (timeout). Może to być spowodowane wolnym połączeniem, ciężką stroną lub tymczasową niedostępnością. Możesz spróbować ponownie później lub sprawdzić, czy URL jest poprawny.',
    ],
    ['other', 'Przekroczono limit czasu wykonania polecenia po {{seconds}} sekundach'],
    ['other', 'Komut çalıştırma {{seconds}} saniye sonra zaman aşımına uğradı'],
    ['other', 'Не удалось подключиться к расширению Kilo Code'],
  ] as const)('reads %s in %j', expectRead);
});
describe("a review of rounds 79-83 and the languages' lists: a reviewer's texts for the new words, what they catch and what they must not", () => {
  it.each([
    [
      'quota',
      'Fehler beim Aufruf des Modells: Ihr Guthaben ist nicht ausreichend, um diese Anfrage auszuführen. Bitte laden Sie Guthaben auf.',
    ],
    [
      'quota',
      'Errore: credito insufficiente sul tuo account. Aggiungi credito per continuare a usare il modello.',
    ],
    [
      'transport',
      'Impossible de récupérer la longueur du contexte du modèle « qwen2.5-coder:32b » : Failed to fetch (http://localhost:11434/api/show) – connect ECONNREFUSED 127.0.0.1:11434',
    ],
    [
      'transport',
      'Kontextlänge des Modells konnte nicht ermittelt werden: Zeitüberschreitung der Anfrage nach 30000 ms (POST https://openrouter.ai/api/v1/models)',
    ],
    [
      'transport',
      'No se pudo obtener la longitud máxima del contexto del modelo: tiempo de espera agotado al conectar con https://api.deepseek.com/models',
    ],
    [
      'auth',
      'Sorry, the server seems to be lost and is temporarily unable to provide service. Please try again later.\n{"error":{"message":"Incorrect API key provided: sk-proj-****abcd","type":"invalid_request_error","code":"invalid_api_key"}}',
    ],
    [
      'permission',
      '{"error":{"code":"unsupported_country_region_territory","message":"申し訳ありませんが、お客様の国または地域ではサービスを提供できません。"}}',
    ],
    [
      'permission',
      '{"error":{"message":"抱歉，您所在的地区暂时无法提供服务","type":"unsupported_region","code":403}}',
    ],
    ['quota', '您的账户已欠费，暂时无法提供服务，请充值后重试。'],
    [
      'other',
      'Configuração inválida: "Tempo limite da requisição da API" deve ser um número entre 0 e 3600.',
    ],
    [
      'other',
      'ERROR lsp: gopls: accept tcp 127.0.0.1:4389: use of closed network connection\nlsp: server stopped',
    ],
    [
      'other',
      '2025-10-02 14:11:07,412 - mcp.client.streamable_http - ERROR - Error in post_writer: httpx.ReadError\n2025-10-02 14:11:07,413 - mcp.client.session - WARNING - MCP server "context7" disconnected',
    ],
    ['other', '명령 실행 시간 초과: npm run test (120초 후 종료됨)'],
    ['other', '테스트 실행 시간이 초과되었습니다 (5000ms): src/api.test.ts'],
    ['other', 'Komut 600 saniye içinde tamamlanmadı; işlem zorla kapatıldı (PID 4312): npm run dev'],
    ['other', 'MCP sunucusu "github" 30 saniye içinde yanıt vermediğinden araç çağrısı iptal edildi.'],
    [
      'capacity',
      'Ostrzeżenie: błąd wykonania polecenia `git status` zignorowany.\nŻądanie API nie powiodło się: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'transport',
      '[claude-squad] instance "refactor-db" (tmux session claudesquad_refactor-db): stream error: stream disconnected before completion: error sending request for url (https://chatgpt.com/backend-api/codex/responses)',
    ],
    [
      'transport',
      'WARN codex_core::tools: rg binary not found in PATH; falling back to grep\nERROR codex_core::codex: stream disconnected before completion: Transport error: error decoding response body',
    ],
    ['other', 'Error: {"code":-32601,"message":"Method not found","data":{"method":"session/set_model"}}'],
    ['other', '{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"Method not found: tools/call"}}'],
    [
      'capacity',
      'Tool execution failed: Task subagent error: API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'server',
      'Claude Code action failed. To inspect this run: gh run view 18200455123 --log\nAPI Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"},"request_id":"req_011CU2xAbc"}',
    ],
    ['capacity', '503 서비스를 사용할 수 없음: 잠시 후 다시 시도하세요.'],
    ['auth', 'API anahtarınız yönetici tarafından sıfırlandı. Lütfen ayarlardan yeni anahtarı girin.'],
  ] as const)('reads %s in %j', expectRead);
});
describe("a review of rounds 75-78: a reviewer's texts for the new words, what they catch and what they must not", () => {
  it.each([
    [
      'content_filter',
      "oci.exceptions.ServiceError: {'target_service': 'generative_ai_inference', 'status': 400, 'code': 'InvalidParameter', 'opc-request-id': 'D1A0F1C2E3/7A7B', 'message': 'Inappropriate output content detected in output blocklist.', 'operation_name': 'chat', 'timestamp': '2025-09-12T08:14:03.112Z'}",
    ],
    ['auth', 'error: No authentication found. Run `codex login` or set OPENAI_API_KEY in your environment.'],
    ['other', "psutil.TimeoutExpired: timeout after 5 seconds (pid=48211, name='node')"],
    ['capacity', 'RuntimeError: [address=0.0.0.0:41797, pid=2211] No available slot found for the model'],
    ['server', 'error: Something went wrong while generating a response. Please try again.'],
    [
      'other',
      'jira_search failed: {"errorMessages":["We are experiencing technical difficulties. Please try again later."],"errors":{}}',
    ],
    [
      'other',
      '^C\nKeyboardInterrupt\nPrediction interrupted by user; partial results saved to out/preds.csv',
    ],
    [
      'other',
      'Error: S3 multipart upload stream failed before completion: part 7 of 12 (key=artifacts/build-4411.tar.gz)',
    ],
    ['transport', 'hyper_util::client::legacy::Error(SendRequest, hyper::Error(Io, Kind(ConnectionReset)))'],
    [
      'other',
      'error[E0599]: no variant or associated item named `ConnectionAbort` found for enum `ErrorKind` in the current scope\n  --> src/net.rs:44:30\n   |\n44 |         io::ErrorKind::ConnectionAborted => retry(),\nhelp: there is a variant with a similar name: `ConnectionAborted`',
    ],
    [
      'other',
      '%3|1727339612.201|FAIL|rdkafka#producer-1| [thrd:kafka:9092/bootstrap]: kafka:9092/bootstrap: Disconnected while requesting ApiVersion\nKafkaError{code=_TRANSPORT,val=-195,str="Local: Broker transport failure"}',
    ],
    ['other', 'WARN pr-status: GitHub API unresponsive, skipping check run update for acme/web#412'],
    [
      'other',
      '[unleash] Unleash error: Get "https://flags.internal/api/client/features": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
    ],
    [
      'transport',
      'pulling manifest\nverifying sha256 digest\nsuccess\nError: POST predict: Post "http://127.0.0.1:39425/completion": EOF',
    ],
    [
      'other',
      'Failed to update embedding index: request to https://repo42.cursor.sh/v1/embed failed, reason: socket hang up',
    ],
    [
      'capacity',
      'Loaded embedding index (12,403 chunks) from .cache/index.faiss\nAPI Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'other',
      "Error: Tavily search failed: HTTPSConnectionPool(host='api.tavily.com', port=443): Read timed out. (read timeout=60)",
    ],
    ['other', 'Error: Failed to scrape URL. Status code: 408. Error: Request timed out'],
    [
      'other',
      '{"success":false,"code":"SCRAPE_TIMEOUT","error":"Scrape timed out after waiting in the concurrency limit queue"}',
    ],
    [
      'other',
      "HTTPSConnectionPool(host='telemetry.crewai.com', port=4319): Max retries exceeded with url: /v1/traces (Caused by ConnectTimeoutError(<urllib3.connection.HTTPSConnection object at 0x7f>, 'Connection to telemetry.crewai.com timed out. (connect timeout=30)'))",
    ],
    [
      'other',
      'databricks.sql.exc.RequestError: Error during request to server: THttpException: HTTP 503 Service Unavailable (attempt 5/30)',
    ],
    [
      'other',
      'confluent_kafka: Message delivery failed: KafkaError{code=_MSG_TIMED_OUT,val=-192,str="Local: Message timed out"}',
    ],
    ['other', '[discord] Failed to deliver message after multiple attempts: 502 Bad Gateway'],
    ['server', 'خطاي سرور: لطفا بعدا دوباره امتحان كنيد'],
  ] as const)('reads %s in %j', expectRead);
});
describe('Vietnamese and Thai, read by the second automaton', () => {
  it.each([
    ['transport', 'Hết thời gian kết nối, không thể nhận cuộc trò chuyện.'],
    ['transport', 'Lỗi proxy, không thể nhận cuộc trò chuyện.'],
    ['capacity', 'Tải upstream của nhóm hiện tại đã bão hòa, vui lòng thử lại sau'],
    ['capacity', 'Không có khóa kênh khả dụng'],
    [
      'capacity',
      'Xin lỗi, máy chủ hiện không thể xử lý yêu cầu của bạn, có thể do quá tải hoặc đang bảo trì. Vui lòng thử lại sau.',
    ],
    [
      'permission',
      'Bạn không có quyền truy cập GPT-4, [tìm hiểu thêm](https://github.com/GaiZhenbiao/ChuanhuChatGPT/issues/843)',
    ],
    [
      'quota',
      'Xin lỗi, hạn mức của khóa này đã đạt giới hạn. Vui lòng kiểm tra số dư tài khoản hoặc tăng hạn mức khóa rồi thử lại.',
    ],
    ['other', 'Đã xảy ra lỗi, vui lòng thử lại sau'],
    ['transport', 'เกิดข้อผิดพลาดในการเชื่อมต่อกับเซิร์ฟเวอร์ ลองรีเฟรชหน้า'],
    ['auth', 'คีย์ที่ให้มาไม่ถูกต้อง โปรดให้คีย์ที่ถูกต้องและลองอีกครั้ง'],
    [
      'context_overflow',
      'จำนวนโทเค็นของข้อความล่าสุดยาวเกินไป เกินขีดจำกัดโทเค็น ({{0}}) โปรดย่อข้อความของคุณ ปรับขนาดบริบทสูงสุดจากพารามิเตอร์การสนทนา หรือแยกการสนทนาเพื่อดำเนินการต่อ',
    ],
  ] as const)('reads %s in %j', expectRead);
});
describe("European languages' words with accents, read by the second automaton", () => {
  it.each([
    ['transport', 'Anforderung Zeitüberschreitung'],
    ['transport', 'Bağlantı hatası. Çalışan bir internet bağlantınız olduğundan emin olun.'],
    [
      'capacity',
      'Üzgünüz, sunucu şu anda isteğinizi işleyemiyor. Bu, aşırı yüklenme veya bakım nedeniyle olabilir. Lütfen daha sonra tekrar deneyin.',
    ],
    ['server', "Délai d'expiration de la passerelle, veuillez réessayer plus tard."],
    [
      'server',
      'Model nie dostarczył żadnej odpowiedzi. Może to wskazywać na problem z API lub wyjściem modelu.',
    ],
    [
      'capacity',
      'El servidor está ocupado o la indicación contiene palabras con derechos de autor o palabras sensibles. Por favor, inténtelo de nuevo.',
    ],
    ['other', 'Café: the naïve résumé parser failed on line 3'],
  ] as const)('reads %s in %j', expectRead);
});

describe("a review of the languages' phrases: their examples of what the words also say", () => {
  it.each([
    ['other', 'ไม่พบคีย์ "choices" ในการตอบกลับ'],
    ['other', 'Doğrulama bağlantısı e-postanıza gönderildi'],
    ['transport', 'Bağlantı kesildi'],
    ['transport', 'ZAMAN AŞIMI'],
    ['rate_limit', 'Bạn đã đạt giới hạn tốc độ. Đăng nhập để có giới hạn cao hơn.'],
    ['rate_limit', 'Đã vượt quá hạn mức yêu cầu mỗi phút, vui lòng thử lại sau 20 giây'],
    ['capacity', 'Máy chủ đang bận, vui lòng thử lại sau'],
    ['server', 'Interner Serverfehler'],
    ['transport', 'Tempo di attesa scaduto'],
    ['other', 'Échec de la connexion : identifiants incorrects'],
    ['other', 'Bu model bölgenizde kullanılamıyor'],
    ['transport', 'Le serveur ne répond pas'],
    ['capacity', 'Przeciążenie serwera, spróbuj ponownie później'],
    ['auth', 'เซสชันหมดเวลา โปรดเข้าสู่ระบบอีกครั้ง'],
  ] as const)('reads %s in %j', expectRead);
});
describe("Greek, Hebrew, Arabic, Persian, Hindi and Bengali, read by the second automaton: a reviewer's examples", () => {
  it.each([
    ['transport', 'خطأ في الشبكة: تعذر الوصول إلى الخادم'],
    ['capacity', 'الخادم مشغول حاليًا، يرجى المحاولة مرة أخرى لاحقًا'],
    ['server', 'خطأ داخلي في الخادم'],
    ['auth', 'مفتاح API غير صالح. يرجى التحقق من الإعدادات'],
    ['other', 'تم الاتصال بنجاح بالخادم'],
    ['transport', 'خطای شبکه: اتصال به سرور برقرار نشد'],
    ['capacity', 'سرور شلوغ است، لطفاً بعداً دوباره تلاش کنید'],
    ['server', 'خطای داخلی سرور (500)'],
    ['auth', 'کلید API نامعتبر است'],
    ['other', 'اتصال با موفقیت برقرار شد'],
    ['transport', 'שגיאת רשת: לא ניתן להתחבר לשרת'],
    ['capacity', 'השרת עמוס כרגע, נסה שוב מאוחר יותר'],
    ['server', 'שגיאת שרת פנימית'],
    ['auth', 'מפתח API לא תקין'],
    ['other', 'החיבור הצליח'],
    ['transport', 'नेटवर्क त्रुटि: सर्वर से कनेक्ट नहीं हो सका'],
    ['capacity', 'सर्वर व्यस्त है, कृपया बाद में पुनः प्रयास करें'],
    ['server', 'आंतरिक सर्वर त्रुटि'],
    ['auth', 'अमान्य API कुंजी'],
    ['other', 'कनेक्शन सफल'],
    ['transport', 'Σφάλμα δικτύου: δεν ήταν δυνατή η σύνδεση με τον διακομιστή'],
    ['capacity', 'Ο διακομιστής είναι απασχολημένος, δοκιμάστε ξανά αργότερα'],
    ['server', 'Εσωτερικό σφάλμα διακομιστή'],
    ['auth', 'Μη έγκυρο κλειδί API'],
    ['other', 'Η σύνδεση ολοκληρώθηκε με επιτυχία'],
    ['transport', 'নেটওয়ার্ক ত্রুটি: সার্ভারের সাথে সংযোগ ব্যর্থ'],
    ['capacity', 'সার্ভার ব্যস্ত, পরে আবার চেষ্টা করুন'],
    ['server', 'অভ্যন্তরীণ সার্ভার ত্রুটি'],
    ['auth', 'অবৈধ API কী'],
    ['other', 'সংযোগ সফল হয়েছে'],
    ['transport', 'Request timed out after 30000μs'],
    ['capacity', 'Δ=3 tokens; API Error: 529 Overloaded'],
  ] as const)('reads %s in %j', expectRead);
});
// Windows' own messages for a socket that was reset (10054), refused (10061), not answered (10060) and a host not found
// (11001), as a localised Windows prints them under .NET's and Python's exceptions.
// Each platform's own words for a connection that failed, a gateway's 5xx, and the never-retried classes' usual
// messages from the big providers' SDKs and an agent's tools: a list written from the runtimes' and SDKs' messages, not
// from the sweeps (docs/performance.md, section 1, "Rounds 75-81").
describe("every platform's network failures and the providers' usual refusals", () => {
  it.each([
    'read tcp 10.0.0.5:51234->104.18.6.192:443: read: connection reset by peer',
    'dial tcp 104.18.6.192:443: connect: connection refused',
    'dial tcp: lookup api.anthropic.com: no such host',
    'dial tcp 104.18.6.192:443: i/o timeout',
    'write tcp 10.0.0.5:51234->104.18.6.192:443: use of closed network connection',
    'http2: client connection lost',
    'http2: server sent GOAWAY and closed the connection; LastStreamID=1999, ErrCode=NO_ERROR, debug=""',
    'unexpected EOF',
    'stream error: stream ID 3; INTERNAL_ERROR; received from peer',
    'Post "https://api.openai.com/v1/chat/completions": net/http: request canceled (Client.Timeout exceeded while awaiting headers)',
    'remote error: tls: bad record MAC',
    'connect: network is unreachable',
    'connect: no route to host',
    'java.net.SocketTimeoutException: Read timed out',
    'java.net.ConnectException: Connection refused',
    'java.net.SocketException: Connection reset',
    'javax.net.ssl.SSLHandshakeException: Remote host terminated the handshake',
    'java.net.UnknownHostException: api.openai.com',
    'java.net.http.HttpTimeoutException: request timed out',
    'java.net.http.HttpConnectTimeoutException: HTTP connect timed out',
    'java.io.IOException: HTTP/1.1 header parser received no bytes',
    'java.io.IOException: unexpected end of stream on https://api.openai.com/...',
    'okhttp3.internal.http2.StreamResetException: stream was reset: INTERNAL_ERROR',
    'reactor.netty.http.client.PrematureCloseException: Connection prematurely closed BEFORE response',
    'java.io.EOFException: \\n not found: limit=0 content=…',
    'httpx.RemoteProtocolError: Server disconnected without sending a response.',
    'httpx.RemoteProtocolError: peer closed connection without sending complete message body (incomplete chunked read)',
    'aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected',
    'aiohttp.client_exceptions.ClientOSError: [Errno 104] Connection reset by peer',
    "requests.exceptions.ChunkedEncodingError: (\"Connection broken: InvalidChunkLength(got length b'', 0 bytes read)\", InvalidChunkLength(got length b'', 0 bytes read))",
    "urllib3.exceptions.ProtocolError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))",
    'ssl.SSLEOFError: EOF occurred in violation of protocol (_ssl.c:2426)',
    'socket.gaierror: [Errno -3] Temporary failure in name resolution',
    'urllib.error.URLError: <urlopen error [Errno 8] nodename nor servname provided, or not known>',
    'TimeoutError: timed out',
    'httpcore.ReadError',
    'httpx.ConnectTimeout',
    'httpx.PoolTimeout',
    'httpx.ReadTimeout: The read operation timed out',
    'Error: socket hang up',
    'TypeError: fetch failed (cause: SocketError: other side closed)',
    'UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error (attempted address: api.anthropic.com:443, timeout: 10000ms)',
    'HeadersTimeoutError: Headers Timeout Error',
    'BodyTimeoutError: Body Timeout Error',
    'Error [ERR_STREAM_PREMATURE_CLOSE]: Premature close',
    'Error: getaddrinfo EAI_AGAIN api.openai.com',
    'Error: Client network socket disconnected before secure TLS connection was established',
    'Error: read ETIMEDOUT',
    'Error: connect ENETUNREACH 2606:4700::6812:6c0:443',
    'Error: connect EHOSTUNREACH 104.18.6.192:443',
    'Error [ERR_HTTP2_STREAM_ERROR]: Stream closed with error code NGHTTP2_INTERNAL_ERROR',
    'error sending request for url (https://api.openai.com/v1/responses): operation timed out',
    'connection closed before message completed',
    'error trying to connect: tcp connect error: Connection refused (os error 111)',
    'error trying to connect: dns error: failed to lookup address information: nodename nor servname provided, or not known',
    'hyper::Error(IncompleteMessage)',
    'error decoding response body: error reading a body from connection: unexpected end of file',
    'h2 protocol error: error reading a body from connection',
    'System.Net.Http.HttpRequestException: The SSL connection could not be established, see inner exception.',
    'System.Threading.Tasks.TaskCanceledException: The request was canceled due to the configured HttpClient.Timeout of 100 seconds elapsing.',
    'System.Net.Http.HttpIOException: The response ended prematurely. (ResponseEnded)',
    'System.Net.Http.HttpRequestException: Error while copying content to a stream.',
    'curl: (56) Recv failure: Connection reset by peer',
    'curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received',
    'curl: (35) OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to api.openai.com:443',
    'curl: (52) Empty reply from server',
    'curl: (18) transfer closed with outstanding read data remaining',
    'TypeError: Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'TypeError: Load failed',
    'net::ERR_CONNECTION_RESET',
    'net::ERR_NETWORK_CHANGED',
    'net::ERR_INTERNET_DISCONNECTED',
    'net::ERR_HTTP2_PROTOCOL_ERROR',
    'net::ERR_INCOMPLETE_CHUNKED_ENCODING',
    'net::ERR_TIMED_OUT',
    'net::ERR_NAME_NOT_RESOLVED',
    'net::ERR_QUIC_PROTOCOL_ERROR',
    '14 UNAVAILABLE: No connection established',
    '4 DEADLINE_EXCEEDED: Deadline exceeded',
    '13 INTERNAL: Received RST_STREAM with code 2',
    '520 Web server is returning an unknown error',
    'Error 521: Web server is down',
    'Error 522: Connection timed out',
    '524: A timeout occurred',
    'upstream connect error or disconnect/reset before headers. reset reason: connection termination',
    'upstream request timeout',
    'no healthy upstream',
    '503 Service Temporarily Unavailable',
    '504 Gateway Time-out',
    '502 Bad Gateway',
    'The operation timed out.',
    'Operation timed out',
    'Software caused connection abort',
    '[Errno 32] Broken pipe',
    '[Errno 110] Connection timed out',
    'OSError: [Errno 101] Network is unreachable',
    'ConnectionResetError: [WinError 10054] An existing connection was forcibly closed by the remote host',
    'NSURLErrorDomain Code=-1001 "The request timed out."',
    'NSURLErrorDomain Code=-1005 "The network connection was lost."',
    'NSURLErrorDomain Code=-1009 "The Internet connection appears to be offline."',
    'Error Domain=NSPOSIXErrorDomain Code=54 "Connection reset by peer"',
  ])('retries %j', (text) => {
    expect(classify({ message: text }).retry).not.toBeNull();
  });

  it.each([
    ['auth', '401 Unauthorized'],
    [
      'auth',
      'Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
    ],
    [
      'auth',
      "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: sk-proj-****. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'code': 'invalid_api_key'}}",
    ],
    ['auth', 'OAuth token has expired. Please obtain a new token or refresh your existing token.'],
    [
      'auth',
      "google.auth.exceptions.RefreshError: ('invalid_grant: Token has been expired or revoked.', {'error': 'invalid_grant'})",
    ],
    ['auth', 'botocore.exceptions.NoCredentialsError: Unable to locate credentials'],
    [
      'auth',
      'An error occurred (ExpiredTokenException) when calling the InvokeModel operation: The security token included in the request is expired',
    ],
    [
      'auth',
      'An error occurred (UnrecognizedClientException) when calling the Converse operation: The security token included in the request is invalid.',
    ],
    ['permission', '403 Forbidden'],
    [
      'permission',
      "openai.PermissionDeniedError: Error code: 403 - {'error': {'message': 'Project `proj_abc` does not have access to model `gpt-5`', 'type': 'invalid_request_error', 'code': 'model_not_found'}}",
    ],
    [
      'permission',
      "An error occurred (AccessDeniedException) when calling the InvokeModel operation: You don't have access to the model with the specified model ID.",
    ],
    [
      'permission',
      '{"error":{"code":"unsupported_country_region_territory","message":"Country, region, or territory not supported","type":"request_forbidden"}}',
    ],
    [
      'permission',
      'Your organization must be verified to stream this model. Please go to: https://platform.openai.com/settings/organization/general',
    ],
    ['bad_request', "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"],
    [
      'bad_request',
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    ],
    [
      'bad_request',
      'ValidationException: Malformed input request: #: extraneous key [foo] is not permitted, please reformat your input and try again.',
    ],
    [
      'bad_request',
      '404 {"type":"error","error":{"type":"not_found_error","message":"model: claude-4-opus"}}',
    ],
    ['bad_request', '413 Request Entity Too Large'],
    ['bad_request', 'messages: text content blocks must be non-empty'],
    [
      'bad_request',
      '400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A"}}',
    ],
    ['quota', 'You exceeded your current quota, please check your plan and billing details.'],
    [
      'quota',
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
    ],
    [
      'quota',
      "Error code: 429 - {'error': {'message': 'You exceeded your current quota', 'type': 'insufficient_quota', 'code': 'insufficient_quota'}}",
    ],
    ['quota', 'Claude usage limit reached. Your limit will reset at 5pm (Europe/Berlin).'],
    [
      'quota',
      "429 RESOURCE_EXHAUSTED. Quota exceeded for quota metric 'Generate Content API requests per day' and limit 'GenerateContent request limit per day'",
    ],
    ['rate_limit', '429 Too Many Requests'],
    [
      'rate_limit',
      'Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000. Please try again in 2s.',
    ],
    [
      'rate_limit',
      'An error occurred (ThrottlingException) when calling the InvokeModel operation (reached max retries: 4): Too many requests, please wait before trying again.',
    ],
    [
      'rate_limit',
      '429 {"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization of 80,000 input tokens per minute."}}',
    ],
    [
      'context_overflow',
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
    ],
    [
      'context_overflow',
      'input length and `max_tokens` exceed context limit: 190000 + 32000 > 200000, decrease input length or `max_tokens` and try again',
    ],
    ['context_overflow', 'Input is too long for requested model.'],
    [
      'context_overflow',
      'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
    ],
    [
      'content_filter',
      "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
    ],
    ['content_filter', 'Output blocked by content filtering policy'],
    ['content_filter', 'Your request was rejected as a result of our safety system.'],
    ['content_filter', 'Candidate was blocked due to SAFETY'],
    ['other', 'Interrupted by user'],
    ['other', 'Request was aborted.'],
    ['other', "Error: ENOENT: no such file or directory, open '/app/config.json'"],
    ['other', "Error: EACCES: permission denied, mkdir '/usr/local/lib/node_modules/@anthropic-ai'"],
    ['other', "Error: Cannot find module '@anthropic-ai/claude-code/cli.js'"],
    ['other', 'KeyboardInterrupt'],
    ['other', 'npm ERR! code E404'],
    ['other', 'fatal: not a git repository (or any of the parent directories): .git'],
    ['other', 'zsh: command not found: claude'],
    ['other', 'MCP server "github" failed to start: spawn npx ENOENT'],
    [
      'other',
      "Error: Command failed: git push origin main\nfatal: unable to access 'https://github.com/x/y.git/': Could not resolve host: github.com",
    ],
    ['other', 'Error: Bash command timed out after 120000ms'],
    [
      'other',
      'Tool execution failed: Request failed with status code 503 (url: https://api.github.com/repos/x/y/pulls)',
    ],
    ['other', 'WebFetch failed: 503 Service Unavailable for https://docs.example.com'],
    [
      'other',
      'psycopg2.OperationalError: could not connect to server: Connection refused. Is the server running on host "localhost" (127.0.0.1) and accepting TCP/IP connections on port 5432?',
    ],
    [
      'other',
      'redis.exceptions.ConnectionError: Error 111 connecting to localhost:6379. Connection refused.',
    ],
    [
      'other',
      'docker: Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection',
    ],
  ] as const)('reads %s in %j', expectRead);
});
// The providers' documented errors (Anthropic's, OpenAI's, Gemini's, Bedrock's exceptions, Azure OpenAI's, Mistral's,
// DeepSeek's, OpenRouter's, Groq's) and Codex's lines for them: each retried exactly when its class is.
describe("the providers' documented errors", () => {
  it.each([
    [
      'bad_request',
      '413 {"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}',
    ],
    [
      'server',
      '500 {"type":"error","error":{"type":"api_error","message":"An unexpected error has occurred internal to Anthropic\'s systems."}}',
    ],
    [
      'capacity',
      '529 {"type":"error","error":{"type":"overloaded_error","message":"Anthropic\'s API is temporarily overloaded."}}',
    ],
    [
      'permission',
      '403 {"type":"error","error":{"type":"permission_error","message":"Your API key does not have permission to use the specified resource."}}',
    ],
    ['auth', '401 Invalid Authentication'],
    [
      'auth',
      'You must be a member of an organization to use the API. Please contact us through our help center at help.openai.com.',
    ],
    ['server', 'The server had an error while processing your request. Sorry about that!'],
    ['capacity', 'The engine is currently overloaded, please try again later.'],
    ['capacity', '503 Slow Down: Please reduce your request rate.'],
    ['bad_request', '400 INVALID_ARGUMENT: Request contains an invalid argument.'],
    ['permission', '400 FAILED_PRECONDITION: User location is not supported for the API use.'],
    ['permission', "403 PERMISSION_DENIED: Your API key doesn't have the required permissions."],
    [
      'bad_request',
      '404 NOT_FOUND: models/gemini-9 is not found for API version v1beta, or is not supported for generateContent.',
    ],
    ['rate_limit', "429 RESOURCE_EXHAUSTED: You've exceeded the rate limit."],
    [
      'server',
      '500 INTERNAL: An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    ],
    ['capacity', '503 UNAVAILABLE: The service may be temporarily overloaded or down.'],
    ['transport', '504 DEADLINE_EXCEEDED: The service is unable to finish processing within the deadline.'],
    [
      'server',
      'An error occurred (InternalServerException) when calling the InvokeModel operation: An internal server error occurred.',
    ],
    [
      'server',
      'An error occurred (ModelErrorException) when calling the InvokeModel operation: The model encountered an error while processing the request.',
    ],
    [
      'capacity',
      'An error occurred (ModelNotReadyException) when calling the InvokeModel operation: Model is not ready to serve inference requests.',
    ],
    [
      'server',
      'An error occurred (ModelStreamErrorException) when calling the ConverseStream operation: The model stream encountered an error.',
    ],
    [
      'transport',
      'An error occurred (ModelTimeoutException) when calling the InvokeModel operation: The request took too long to process.',
    ],
    [
      'bad_request',
      'An error occurred (ResourceNotFoundException) when calling the InvokeModel operation: Could not resolve the foundation model from the provided model identifier.',
    ],
    [
      'quota',
      'An error occurred (ServiceQuotaExceededException) when calling the InvokeModel operation: Your request exceeds the service quota for your account.',
    ],
    [
      'capacity',
      'An error occurred (ServiceUnavailableException) when calling the InvokeModel operation: Service is unavailable. Please try again later.',
    ],
    [
      'bad_request',
      'An error occurred (ValidationException) when calling the Converse operation: The provided model identifier is invalid.',
    ],
    [
      'rate_limit',
      'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-02-01 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 6 seconds.',
    ],
    [
      'bad_request',
      'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
    ],
    [
      'auth',
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
    ],
    ['permission', 'Principal does not have access to API/Operation.'],
    ['capacity', 'Service tier capacity exceeded for this model.'],
    ['quota', "Error code: 402 - {'error': {'message': 'Insufficient Balance', 'type': 'unknown_error'}}"],
    ['bad_request', "Error code: 422 - {'error': {'message': 'Invalid Parameters'}}"],
    ['capacity', "Error code: 503 - {'error': {'message': 'Server Overloaded'}}"],
    [
      'quota',
      '402 {"error":{"message":"Insufficient credits. Add more using https://openrouter.ai/settings/credits","code":402}}',
    ],
    ['transport', '408 {"error":{"message":"Your request timed out","code":408}}'],
    [
      'server',
      '502 {"error":{"message":"Your chosen model is down or we received an invalid response from it","code":502}}',
    ],
    [
      'capacity',
      '503 {"error":{"message":"There is no available model provider that meets your routing requirements","code":503}}',
    ],
    [
      'bad_request',
      '{"error":{"message":"The model `llama3-70b-8192` has been decommissioned and is no longer supported.","type":"invalid_request_error","code":"model_decommissioned"}}',
    ],
    [
      'capacity',
      '498 {"error":{"message":"Flex tier capacity exceeded. Please try again later.","type":"capacity_exceeded"}}',
    ],
    [
      'capacity',
      'Error: 503 {"error":{"message":"The model is overloaded. Please try again later.","code":503,"status":"UNAVAILABLE"}}',
    ],
    [
      'server',
      'Error: 500 {"error":{"code":500,"message":"Internal error encountered.","status":"INTERNAL"}}',
    ],
    [
      'context_overflow',
      'Error: 400 {"error":{"code":400,"message":"The input token count exceeds the maximum number of tokens allowed 1048576.","status":"INVALID_ARGUMENT"}}',
    ],
    [
      'rate_limit',
      '{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}',
    ],
    ['server', 'stream error: stream ID 1; INTERNAL_ERROR; received from peer'],
    [
      'server',
      'Error: {"type":"error","error":{"details":null,"type":"api_error","message":"Internal server error"},"request_id":"req_011CY"}',
    ],
    [
      'capacity',
      '{"error":{"message":"Our servers are currently overloaded. Please try again later.","type":"server_error"}}',
    ],
    [
      'server',
      '{"error":{"message":"An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists. Please include the request ID req_123 in your message.","type":"server_error","param":null,"code":"server_error"}}',
    ],
    ['transport', '{"type":"error","error":{"type":"timeout_error","message":"Request timed out"}}'],
    [
      'capacity',
      "codex: stream error: We're currently experiencing high demand, which may cause temporary errors.",
    ],
    ['capacity', "■ We're currently experiencing high demand, which may cause temporary errors."],
    ['server', 'stream disconnected before completion: An error occurred while processing your request.'],
    [
      'transport',
      'stream disconnected before completion: error sending request for url (https://chatgpt.com/backend-api/codex/responses)',
    ],
    [
      'quota',
      "■ You've hit your usage limit. Upgrade to Pro (https://openai.com/chatgpt/pricing) or try again in 3 days 2 hours.",
    ],
    ['rate_limit', '■ exceeded retry limit, last status: 429 Too Many Requests'],
  ] as const)('decides as %s for %j', (label, text) => {
    expect(classify({ message: text }).retry !== null).toBe(retryFor(label) !== null);
  });
});
// A status in the positions clients print it, numbers that are not one, and streams that broke or failed as the
// providers send them: each retried exactly when its class is.
describe('statuses where clients print them, numbers that are not one, and streams that broke', () => {
  it.each([
    ['capacity', 'HTTP/1.1 503 Service Unavailable'],
    ['server', 'AxiosError: Request failed with status code 502'],
    ['capacity', 'HTTPError: Response code 529 (Site is overloaded)'],
    ['capacity', 'StatusCodeError: 503 - "Service Unavailable"'],
    [
      'server',
      'requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: https://api.anthropic.com/v1/messages',
    ],
    ['server', 'Unexpected status code: 500'],
    ['capacity', 'upstream returned status=503'],
    ['server', 'HTTP 504'],
    ['capacity', 'POST https://api.openai.com/v1/chat/completions returned 503'],
    ['capacity', 'got status 503 from upstream'],
    ['server', 'LLM call failed (502)'],
    ['capacity', '{"code": 529, "msg": "overloaded"}'],
    ['capacity', 'statusCode: 503'],
    ['server', "status_code=500 body=''"],
    ['capacity', 'error: 503'],
    ['server', '[500] Internal Server Error'],
    ['capacity', 'Error 529'],
    ['capacity', 'Error: Request failed with status 529'],
    [
      'server',
      "ClientResponseError: 502, message='Bad Gateway', url='https://api.openai.com/v1/chat/completions'",
    ],
    [
      'capacity',
      "openai.InternalServerError: Error code: 503 - {'error': {'message': 'Service Unavailable'}}",
    ],
    [
      'server',
      "anthropic.InternalServerError: Error code: 500 - {'type': 'error', 'error': {'type': 'api_error', 'message': 'Internal server error'}}",
    ],
    ['capacity', 'APIStatusError: Error code: 529'],
    ['other', 'The tool took 500ms and printed 503 lines'],
    ['other', 'Listening on port 5030'],
    ['other', 'Build 5.0.3 finished in 502 seconds'],
    ['other', 'Error at line 502: unexpected token'],
    ['other', 'Found 503 files matching the pattern'],
    ['other', 'Saved 529 records to the database'],
    ['other', 'test_http_503_is_retried passed'],
    ['other', 'Processed 500 of 1000 items'],
    ['rate_limit', 'Please retry after 503 seconds. Rate limit exceeded.'],
    ['bad_request', "400 Bad Request: the field 'max_tokens' must be less than 500"],
    ['auth', '401 Unauthorized (request id: req_500abc)'],
    ['other', "Error: ENOENT: no such file or directory, open '/tmp/503.json'"],
    ['bad_request', "Invalid value for 'timeout': 502 is above the maximum of 300"],
    [
      'capacity',
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ],
    [
      'server',
      'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Internal server error"}}',
    ],
    [
      'server',
      '{"type":"response.failed","response":{"status":"failed","error":{"code":"server_error","message":"The model produced invalid content."}}}',
    ],
    [
      'server',
      '{"type":"error","sequence_number":2,"error":{"type":"server_error","code":"server_error","message":"An error occurred while processing your request."}}',
    ],
    ['transport', 'stream ended without [DONE]'],
    ['transport', 'Stream ended unexpectedly'],
    ['transport', 'SSE stream closed before message_stop'],
    ['transport', 'Error: The stream was interrupted before completion'],
    ['transport', 'stream disconnected before completion: Transport error: error decoding response body'],
    ['transport', 'Premature end of stream'],
    ['transport', 'incomplete chunked read'],
    [
      'transport',
      "Response payload is not completed: <TransferEncodingError: 400, message='Not enough data for satisfy transfer length header.'>",
    ],
    ['server', 'data: {"error":{"message":"upstream error","code":502}}'],
    [
      'capacity',
      'data: {"error": {"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}}',
    ],
    [
      'rate_limit',
      'data: {"error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}',
    ],
    [
      'context_overflow',
      'data: {"error":{"message":"This model\'s maximum context length is 200000 tokens","type":"invalid_request_error","code":"context_length_exceeded"}}',
    ],
    ['transport', 'aiohttp.client_exceptions.ClientPayloadError: Response payload is not completed'],
    ['transport', 'openai.APITimeoutError: Request timed out.'],
    ['transport', 'anthropic.APIConnectionError: Connection error.'],
    ['transport', 'APIConnectionError: Connection error. (cause: ECONNRESET)'],
    ['transport', 'Error: terminated\n    at Fetch.onAborted (node:internal/deps/undici/undici:11190:53)'],
    ['transport', 'TypeError: terminated\n  [cause]: SocketError: other side closed'],
    ['transport', 'Error: aborted\n    at connResetException (node:internal/errors:787:14)'],
    ['other', 'Error: The operation was aborted by the user'],
    ['other', 'AbortError: This operation was aborted (user pressed Esc)'],
  ] as const)('decides as %s for %j', (label, text) => {
    expect(classify({ message: text }).retry !== null).toBe(retryFor(label) !== null);
  });
});
describe("Windows' socket errors in its languages", () => {
  it.each([
    'System.Net.Http.HttpRequestException: Se ha forzado la interrupción de una conexión existente por el host remoto.',
    'IOException: Eine vorhandene Verbindung wurde vom Remotehost geschlossen.',
    "Une connexion existante a dû être fermée par l'hôte distant",
    '현재 연결은 원격 호스트에 의해 강제로 끊겼습니다',
    "Connessione in corso interrotta forzatamente dall'host remoto",
    'Istniejące połączenie zostało gwałtownie zamknięte przez zdalnego hosta',
    'Varolan bir bağlantı uzaktaki bir ana bilgisayar tarafından zorla kapatıldı',
    'Foi forçado o cancelamento de uma conexão existente pelo host remoto',
    'Eine bestehende Verbindung wurde softwaregesteuert durch den Hostcomputer abgebrochen',
    'No se puede establecer una conexión ya que el equipo de destino denegó expresamente dicha conexión.',
    'Impossibile stabilire la connessione. Rifiuto persistente del computer di destinazione.',
    "Aucune connexion n'a pu être établie car l'ordinateur cible l'a expressément refusée",
    '대상 컴퓨터에서 연결을 거부했으므로 연결하지 못했습니다',
    'Nenhuma conexão pôde ser feita porque a máquina de destino as recusou ativamente',
    'A connection attempt failed because the connected party did not properly respond after a period of time',
    'Verbindungsversuch ist fehlgeschlagen, da die Gegenstelle nach einer bestimmten Zeitspanne nicht richtig reagiert hat',
    'Se produjo un error durante el intento de conexión ya que la parte conectada no respondió adecuadamente tras un periodo de tiempo',
    "Une tentative de connexion a échoué car le parti connecté n'a pas répondu convenablement au-delà d'une certaine durée",
    'Uma tentativa de conexão falhou porque o componente conectado não respondeu corretamente após um período de tempo',
    'Impossibile stabilire la connessione. Risposta non corretta della parte connessa dopo un determinato intervallo di tempo',
    'Próba połączenia nie powiodła się, ponieważ połączona strona nie odpowiedziała poprawnie po ustalonym czasie',
    'Bir bağlantı girişimi, bağlanılan uygun şekilde belirli bir süre içinde yanıt vermediğinden başarısız oldu',
    "The remote name could not be resolved: 'api.openai.com'",
    'Der angegebene Host ist unbekannt.',
    '不知道这样的主机。',
    'そのようなホストは不明です。',
  ])('reads %j as a transport failure', (text) => expectRead('transport', text));
});
// HTTP's reasons and the usual refusals in other languages: each read as its class.
describe("HTTP's reasons and the usual refusals in other languages", () => {
  it.each([
    ['capacity', '503 Service indisponible'],
    ['capacity', '503 Dienst nicht verfügbar'],
    ['capacity', '503 Servicio no disponible'],
    ['capacity', '503 Serviço indisponível'],
    ['capacity', '503 Servizio non disponibile'],
    ['capacity', 'Сервис временно недоступен'],
    ['capacity', 'サービスが利用できません'],
    ['capacity', '일시적으로 서비스를 사용할 수 없습니다'],
    ['server', 'Erreur interne du serveur'],
    ['server', 'Error interno del servidor'],
    ['server', 'Erro interno do servidor'],
    ['server', 'Errore interno del server'],
    ['server', 'Внутренняя ошибка сервера'],
    ['server', '内部服务器错误'],
    ['rate_limit', 'Zu viele Anfragen'],
    ['rate_limit', 'Trop de requêtes'],
    ['rate_limit', 'Demasiadas solicitudes'],
    ['rate_limit', 'Muitas solicitações'],
    ['rate_limit', 'Troppe richieste'],
    ['rate_limit', 'Слишком много запросов'],
    ['auth', 'Nicht autorisiert'],
    ['auth', 'Non autorisé'],
    ['auth', 'No autorizado'],
    ['auth', 'Não autorizado'],
    ['auth', 'Non autorizzato'],
    ['auth', 'Не авторизован'],
    ['permission', 'Zugriff verweigert'],
    ['permission', 'Accès refusé'],
    ['permission', 'Acceso denegado'],
    ['permission', 'Acesso negado'],
    ['permission', 'Accesso negato'],
    ['permission', 'Доступ запрещён'],
    ['bad_request', 'Ungültige Anfrage'],
    ['bad_request', 'Requête invalide'],
    ['bad_request', 'Solicitud incorrecta'],
    ['bad_request', 'Requisição inválida'],
    ['bad_request', 'Richiesta non valida'],
    ['bad_request', 'Неверный запрос'],
    ['capacity', 'El modelo está sobrecargado'],
    ['capacity', 'O modelo está sobrecarregado'],
    ['capacity', 'Il modello è sovraccarico'],
    ['capacity', 'Модель перегружена'],
    ['capacity', 'Der Server ist überlastet'],
    ['capacity', 'Le serveur est surchargé'],
    ['transport', 'Zeitüberschreitung der Anfrage'],
    ['transport', "Délai d'attente de la requête dépassé"],
    ['transport', 'Tiempo de espera agotado'],
    ['transport', 'Tempo limite da requisição esgotado'],
    ['transport', 'Timeout della richiesta'],
    ['transport', 'Время ожидания запроса истекло'],
    ['quota', 'Guthaben nicht ausreichend'],
    ['quota', 'Solde insuffisant'],
    ['quota', 'Saldo insuficiente'],
    ['quota', 'Saldo insufficiente'],
    ['quota', 'Недостаточно средств на балансе'],
    ['context_overflow', 'Die Eingabe überschreitet die maximale Kontextlänge'],
    ['context_overflow', 'La longueur du contexte dépasse la limite'],
    ['context_overflow', 'Se superó la longitud máxima del contexto'],
    ['context_overflow', 'Превышена максимальная длина контекста'],
  ] as const)('reads %s in %j', expectRead);
});
// LobeHub's message for a provider's failure in its languages, and Ukrainian's usual failures (not an agent's own
// command that ran out of time).
describe("LobeHub's lost server and Ukrainian's failures", () => {
  it.each([
    ['capacity', 'サーバーが混雑しています。しばらくしてから再試行してください'],
    ['capacity', 'ただいま混み合っております。しばらくしてから再度お試しください'],
    [
      'server',
      'Sorry, the server seems to be lost and is temporarily unable to provide service. Please try again later.',
    ],
    ['transport', 'Час очікування запиту вичерпано. Будь ласка, спробуйте знову.'],
    ['transport', "З'єднання скинуто"],
    ['rate_limit', 'Перевищено ліміт запитів'],
    ['auth', 'Недійсний ключ API'],
    ['other', 'Виконання команди перевищило час очікування після 30 секунд'],
  ] as const)('reads %s in %j', expectRead);
});
// Linux's own messages for the same (glibc's strerror, as curl and Python print them under a localised LANG).
describe("Linux's socket errors in its languages", () => {
  it.each([
    'curl: (56) Recv failure: Verbindung vom Kommunikationspartner zurückgesetzt',
    'curl: (7) Failed to connect to localhost port 8080: Verbindungsaufbau abgelehnt',
    'Die Wartezeit für die Verbindung ist abgelaufen',
    'Keine Route zum Zielrechner',
    'Netzwerk ist nicht erreichbar',
    'Connexion ré-initialisée par le correspondant',
    'Connexion refusée',
    "Connexion terminée par expiration du délai d'attente",
    "Le réseau n'est pas accessible",
    'Conexión reinicializada por la máquina remota',
    'Conexión rehusada',
    'Expiró el tiempo de conexión',
    'Соединение разорвано другой стороной',
    'В соединении отказано',
    'Превышено время ожидания соединения',
    'Нет маршрута до узла',
    '连接被对方重设',
    '拒绝连接',
    '连接超时',
    '没有到主机的路由',
    '接続が相手からリセットされました',
    '接続を拒否されました',
    '接続がタイムアウトしました',
    'Conexão recusada',
    'Tempo esgotado para conexão',
    'Conexão reiniciada pela outra ponta',
    'Connessione interrotta dal corrispondente',
    'Connessione rifiutata',
    'Connessione scaduta',
    'Połączenie zerwane przez drugą stronę',
    'Połączenie odrzucone',
    'Przekroczony czas oczekiwania na połączenie',
    'Bağlantı karşı taraf tarafından sıfırlandı',
    'Bağlantı reddedildi',
    'Bağlantı zaman aşımına uğradı',
    '연결이 상대편에 의해 끊어짐',
    '연결이 거부됨',
    'Không thể kết nối tới máy chủ',
    'Kết nối bị từ chối',
    'Hết thời gian chờ kết nối',
  ])('reads %j as a transport failure', (text) => expectRead('transport', text));
});
describe('the same words spelled otherwise', () => {
  it.each([
    // Python's json.dumps escapes every letter past ASCII, capitals too: `Σ` as `\u03a3`.
    [
      'transport',
      '{"error": "\\u03a3\\u03c6\\u03ac\\u03bb\\u03bc\\u03b1 \\u03b4\\u03b9\\u03ba\\u03c4\\u03cd\\u03bf\\u03c5"}',
    ],
    // …and a word-final capital sigma, which an escape lowers to `σ` where the text's own lowering gives `ς`.
    [
      'transport',
      '{"error": "\\u03a3\\u03a6\\u0391\\u039b\\u039c\\u0391 \\u03a3\\u03a5\\u039d\\u0394\\u0395\\u03a3\\u0397\\u03a3"}',
    ],
    // Persian typed on an Arabic keyboard (ي, ك for ی, ک), and Arabic with a hamza its phrase leaves out.
    ['transport', 'خطاي شبكه: اتصال به سرور برقرار نشد'],
    ['auth', 'كليد API نامعتبر است'],
    ['transport', 'فشل في الإتصال بالخادم'],
    ['other', 'اتصال با موفقيت برقرار شد'],
  ] as const)('reads %s in %j', expectRead);
});
