import type { Classification, Failure, FailureClass, RetryReason } from './types';

// The classifier reads a failure text in one linear pass: a phrase automaton (Aho–Corasick, as a table of
// next states by character class) marks which signals occur, and the same loop folds JSON escapes, curly
// quotes and whitespace where the automaton meets them. Bounded readers then look at the few places that need
// it: the duration after each retry-hint phrase, and the digit runs that could be HTTP statuses (found from
// the first three digits in a row, the one regular expression that runs over the text). Every character costs
// a bounded amount of work, so a 256 KiB body costs about the same as its length whatever its shape.
// Scratch space (`pending`, `folding`) lives at module level and is reused; `classify` is synchronous, so two
// calls never share it.

type Signal =
  | 'denied'
  | 'userAbort'
  | 'content'
  | 'contentWeak'
  | 'quota'
  | 'quotaBare'
  | 'resetsAt'
  | 'daily'
  | 'perMinute'
  | 'context'
  | 'contextWeak'
  | 'auth'
  | 'authStep'
  | 'localOther'
  | 'modelNotFound'
  | 'permission'
  | 'permissionWeak'
  | 'capacity'
  | 'overload'
  | 'routing'
  | 'badRequest'
  | 'outputCap'
  | 'upsell'
  | 'rate'
  | 'server'
  | 'transport'
  | 'transportWrapper'
  | 'timeoutWord'
  | 'limitWord'
  | 'invalid'
  | 'cjk';

/** The CJK character whose class every CJK character shares (see `cjk` below); no phrase holds another. */
const CJK_MARK = '一';

/**
 * Auth phrases that name a background token step rather than a verdict on the credentials: a network failure
 * inside one (`OAuth request to https://…/oauth/token failed: fetch failed: Connect Timeout Error`) is the
 * network's, and `classify` reads it so when no status or other auth phrase says more. A failed log-in (`Failed to
 * login. Message: … ECONNREFUSED`) stays auth: the person who started it is there to try again.
 */
// biome-ignore format: a table reads better packed
const AUTH_STEPS = [
  'oauth token', 'oauth/token', 'oauth2.googleapis.com/token', 'token refresh', 'refresh token', 'refresh_token',
  'credential refresh', 'retrieving credentials', 'failed to get token', 'failed to retrieve a token', 'access token',
  // Round 36: a sign-in the network broke (`Failed to sign in. Message: request to https://cloudcode-pa.googleapis.com/…
  // failed, reason: Client network socket disconnected`); with no network words, a failed sign-in stays auth.
  'failed to login', 'failed to log in', 'failed to sign in',
];

/** Phrases per signal, lowercase, matched anywhere after whitespace and JSON escapes are folded. */
// biome-ignore format: phrase tables read better packed than one phrase a line
const PHRASES: Record<Signal, readonly string[]> = {
  // Permission, decided before anything else the text says: the user refused a tool, or the account or client
  // is blocked (whatever `unauthorized` or 401 wraps it).
  denied: [
    'tool use was rejected', "doesn't want to proceed", 'does not want to proceed',
    "doesn't want to take this action", 'user denied', 'denied tool use', 'user rejected',
    'rejected by the user', 'rejected by user', 'has been denied', "haven't granted", 'have not granted',
    'user declined', 'declined by the user', 'rule which prevents', 'not approved by the user', 'not approved by user',
    'suspicious activity', 'unusual activity', 'can only be used from within', 'prevent abuse', 'only accepts requests', 'principal does not have access',
    "client error '403", 'official clients', 'group only allows', 'locked your account',
    'user is disabled', 'disabled by team', 'is not eligible for', 'workspace_disabled', 'unavailable for account',
    'not available in your region', 'unavailable in your region', 'not available in your country',
    'location is not supported', 'region is not supported', 'unsupported_country', 'has been restricted',
  ],
  userAbort: [
    'interrupted by user', 'request interrupted', 'request was aborted', 'operation was aborted',
    'aborterror:', 'user aborted', 'aborted by user', 'aborted by the user', 'cancelled by user',
    'canceled by user', 'cancelled by the user', 'canceled by the user', 'user cancelled', 'user canceled',
    'request was cancelled', 'request was canceled', 'keyboardinterrupt', 'ctrl-c', 'turn aborted', 'client_gone',
    'rejected by user',
  ],
  content: [
    // OpenAI's cyber-abuse safety checks: `re-routed to reduce cyber-abuse risk`, `not permitted … - Cyber Abuse`.
    'cyber-abuse', 'cyber abuse',
    'content filter', 'content_filter', 'content-filter', 'content management policy', 'content_policy',
    'content policy', 'contentpolicy', 'responsibleaipolicy', 'output blocked', 'prompt was blocked',
    'response was blocked', 'candidate was blocked', 'blocked by safety', 'blocked by content',
    'blocked by the safety', 'blocked due to', 'blockreason', 'block_reason', 'blocked_reason',
    'prompt_feedback', 'promptfeedback', 'prohibited_content', 'safety settings', 'safety filter',
    'safety system', 'finish_reason: safety', 'finishreason: safety', 'finish reason: safety', '(safety)',
    'harm_category', 'recitation', 'flagged as', 'was flagged', 'flagged by', 'usage policy',
    'usage policies', 'acceptable use policy', 'violate our', 'violates our', 'violating our', 'refusal',
    'guardrail', 'moderation', 'inappropriate content', 'input data may contain', 'sensitive_words', 'data_inspection_failed',
    '"blocklist"', '"spii"', 'response was filter', 'responsible ai service',
    // Rounds 75-78: OCI Generative AI's `Inappropriate output content detected in output blocklist` (under a proxy's 500).
    'inappropriate output content', 'in output blocklist',
    // Round 33: `blocked as it seems to violate Anthropic's Terms of Service` (not `may violate` or `appears to
    // violate` alone: HTTP framing, an invariant, a lint rule or sanctions are violated too).
    'violate anthropic',
    // Copilot's Responsible AI filter in other languages: `Serviço de IA Responsável`, `servicio de IA responsable`.
    ' ia respons', "d'ia respons", 'verantwortungsvolle ki', 'content exists risk',
    'safeguards flagged', 'flagged this', 'prohibited content', 'declined to respond', 'sensitive content',
    // A refusal that points at Anthropic's usage policy (`can't help with this … anthropic.com/legal/aup`).
    '/legal/aup',
    'safety_check', 'usage guidelines', 'new_sensitive', 'output sensitive', 'input sensitive', 'nsfw',
    'considered high risk', "content can't be shown", 'content cannot be shown', 'based on the content',
    'matched public code', 'unsafe_generation', 'unsafe generation', 'got filtered',
    'contain sensitive', 'contains sensitive', 'sensitive word', 'forbidden content', 'violation information',
    'is sensitive',
    'content blocked',
    'content was blocked', ' csam ', 'text that is not allowed',
    // OpenAI's `invalid_prompt`: `we've limited access to this content for safety reasons`.
    'limited access to this content',
    // German `Sicherheitseinstellungen` (safety settings) and `Inhaltsrichtlinien` (content policy).
    'sicherheitseinstellungen', 'inhaltsrichtlinien',
  ],
  contentWeak: ['safety', 'blocked by'],
  quota: [
    // HTTP's reasons and common refusals in other languages, where their words are ASCII (a list of the languages' usual
    // wordings checked after rounds 79-83).
    'guthaben nicht ausreichend', 'guthaben ist nicht ausreichend', 'saldo insufficiente', 'credito insufficiente',
    'insufficient_quota', 'insufficient quota', 'exceeded your current quota', 'billing details',
    'plan and billing', 'billing_hard_limit', 'billing hard limit', 'billing_not_active',
    'billing not active', 'check your billing', 'credit balance', 'out of credits', 'more credits',
    'add credits', 'insufficient credits', 'insufficient_credits', 'not enough credits', 'credits exhausted',
    // Round 57: `No GitLab Credits remain for this billing period`.
    'credits remain',
    // A model billed apart from the plan: `Fable 5 runs on usage credits — you have $0.00`, `/usage-credits`.
    'usage credits', 'usage-credits',
    // Round 33: `You don't have any usage left.` (not `usage left` alone: a per-minute window's `no usage left this
    // minute`, a status line's `5h usage left: 64%`).
    "don't have any usage left", 'do not have any usage left',
    // Replicate's `You need to set up billing to run this model`.
    'set up billing',
    'no credits left', 'no credits remaining', 'no credits available', 'have no credits', 'insufficient balance', 'insufficient_balance', 'insufficient funds', 'balance to complete',
    // `Your organization does not have enough balance to request this action` (not `enough balance` alone: a
    // relay's note that a key has enough balance sits beside its 503s and resets).
    'not have enough balance to',
    // Round 40: aiXplain's `{'error': 'err.not_enough_balance'}`; an AWS account-level limit as botocore names it
    // (`An error occurred (ResourceLimitExceeded) when calling the CreateEndpoint operation`).
    'not_enough_balance', '(resourcelimitexceeded)',
    // A balance or credit used up in Turkish, Italian and French, a payment gateway's refusal, a Dutch daily limit.
    'yetersiz bakiye', 'credito esaurito', 'solde insuffisant', 'passerelle de paiement', 'dagelijkse limiet',
    'balance is insufficient', 'account balance', 'payment required', 'payment_required', 'usage limit',
    'usage_limit', 'hit your limit', 'reached your limit', 'monthly limit', 'monthly spend', 'monthly quota', 'reached your monthly', 'hit your monthly', 'exceeded your monthly', 'monthly_', 'monthly request', 'spending cap', 'spend cap', "you're out of", 'billing charges', 'complete the payment',
    'spend limit', 'spending limit', 'spend_limit', 'plan limit', "plan's limit", 'budget has been',
    'budget exceeded', 'exceeded budget', 'budgetexceeded', 'max budget', 'over budget', 'exceededbudget', 'depleted', 'key limit exceeded',
    'servicequotaexceeded', 'daily limit', 'weekly limit', 'session limit', '-hour limit',
    'quota has been exhausted', 'any credits',
    'purchase credits', 'buy credits', 'extra usage', 'out of usage', 'premium request', 'overages', 'overage limit',
    'out of funds',
    'allowance', 'hour limit reached', 'quota is not enough', 'quota not enough', 'insufficient_user_quota',
    'preconsumedquota', 'daily quota', 'usage quota', 'good standing', 'arrearage',
    'overdue-payment', 'overdue payment', 'credits_balance', 'credits balance', 'credits cannot cover',
    'inference limit', 'limit to reset', 'overdue', 'for this month', 'quotalimit', 'billing issue',
    'billing error', 'used all of', "you've used all", 'you have used all', 'usage will reset', 'included credits', 'free allocation', 'credits required',
    'in arrears', 'recharge', 'top up',
    'insufficientquota', 'bigger than available capacity', 'bigger than the current available capacity', 'billing disabled', 'billing to be enabled', 'enable billing', 'billing_disabled', 'no payment method', 'creditserror',
    'pre-consumed quota', 'need quota',
    'usage has reached', 'your message limit', 'outstanding invoice',
    // Portuguese, French and German usage limits (`Você atingiu o limite de mensagens`; Copilot's `limite de uso` is
    // its rate limit).
    'limite de mensagens', "limite d'utilisation", 'nutzungslimit',
    // German `5-Stunden-Limit`, Spanish `se ha alcanzado la cuota`, Portuguese `ficou sem fundos/créditos`.
    'stunden-limit', 'alcanzado la cuota', 'sem fundos',
    // Round 32: Spanish and Portuguese `saldo insuficiente` (insufficient balance).
    'saldo insuficiente',
    // A gateway that wants a card on file: `AI Gateway requires a valid credit card on file`.
    'credit card on file',
  ],
  // Upsell alone reads as a plan cap, but not beside a provider's own high demand (`…try again in a few moments`).
  upsell: ['upgrade your plan', 'upgrading your plan', 'upgrade to plus', 'upgrade to pro'],
  quotaBare: [
    'quota exceeded', 'exceeded quota', 'quota_exceeded', 'quotaexceeded', 'exceeded the quota',
    'out of quota', 'quota reached', 'quota limit', 'exhausted your capacity', 'quota will reset',
    'quota exhausted',
    // A cap without its window: a per-minute one is a rate limit (`usage exceeded … per minute`).
    'usage exceeded',
    // Round 53: `Daily free quota per user for AI Search exceeded`.
    'daily free quota',
    // Round 52: an app's shared key spent (`The default API key has reached its limit`; a free tier's `… has reached its
    // limit. Please wait 1 minute` is a rate limit).
    'default api key has reached its limit', 'your api key has reached its limit',
    // Round 48: Cohere's trial key (`limited to 1000 API calls / month`; its `calls / minute` is a rate limit).
    'api calls / month',
  ],
  resetsAt: [
    'resets at', 'reset at', 'resets on', 'reset on', 'will reset', 'available again at', 'resets_at',
    // Spanish `se restablece el 26 may 2026` (resets on …).
    'se restablece el',
  ],
  daily: ['per day', 'per-day', 'perday', 'per_day', 'daily', '/day', '(tpd)', '(rpd)'],
  perMinute: ['per minute', 'per-minute', 'perminute', 'per_minute', 'per min', '/min', '(tpm)', '(rpm)',
    // Rounds 48 and 52: Cohere's `calls / minute`, a free tier's `Please wait 1 minute`.
    '/ minute', 'wait 1 minute'],
  context: [
    'prompt is too long', 'prompt too long', 'context length', 'context_length', 'maximum context',
    // Round 33: Copilot's `The request is too large to send through CAPI Responses. Try shortening the
    // conversation or prompt.` (not `too large to send` or `shorten the conversation` alone: a crash report, an
    // attachment or a tip beside a 429 or a 500 say them).
    'too large to send through', 'try shortening the conversation',
    'context window', 'context_window', 'contextwindow', 'context limit', 'context_limit',
    'input token length is too long', 'prompt token length is too long',
    'input is too long', 'input too long', 'input length and', 'input length exceeds',
    // llama.cpp's `n_keep: 847,741 >= n_ctx: 33,024`, TGI's `inputs tokens + max_new_tokens must be <= 2048`.
    '>= n_ctx', '> n_ctx', 'tokens + max_new_tokens', 'model max length', 'session max length',
    // Volcengine Ark: `Input length 72054 exceeds the maximum length 65536` (not `reduce input length`).
    ...[...'123456789'].map((digit) => `input length ${digit}`), 'exceeds the context', 'exceed context',
    'exceeds the maximum number of tokens', 'input token count', 'too many input tokens',
    'maximum prompt length', 'reduce the length of the messages',
    'conversation is too long', 'conversation too long', 'context overflow', 'context_overflow',
    'exceeds the model', 'maximum input length', 'too long and exceeds', 'tokens) is too long',
    'cannot truncate prompt', 'context size', 'exceed_context_size', 'maximum model length',
    'prompt token count of', 'max_prompt_tokens_exceeded', 'exceeds token limit', 'exceed model token limit',
    'exceeded model token limit', 'input tokens exceed', 'max_new_tokens` must be', 'range of input length',
    'maximum sequence length', 'sequence length is longer', 'tokens) exceeds', 'context exceeds model limit',
    'too large to compact', 'tokens too long', 'max_seq_len', 'max_prompt_tokens', 'max tokens allowed', '`inputs` must have less than', 'message is too long', 'conversation is too large', 'context exceeds',
    'context too large', 'token count exceeds', 'contextoverflow', 'context became too large', 'max tokens limit',
    'context low', 'prompt exceeds', 'exceed the length limit', 'length limit for this', 'maximum length for this',
    'context too long',
    'hit a token limit',
    'tokens_limit_reached', 'request body too large for',
    // FastChat: `Prompt tokens (9471) + max-sampled tokens (512) exceeds max (9216)`.
    ') exceeds max',
    // Claude Code's compaction breaker: `Autocompact is thrashing: the context refilled to the limit …`.
    'autocompact',
    'context is too large',
    // German `Längenlimit` (length limit).
    'ngenlimit',
    // Round 39: ChatGPT's `The message you submitted was too long, please reload the conversation …`.
    'message you submitted was too long',
  ],
  contextWeak: ['too many tokens', 'token limit exceeded'],
  auth: [
    // HTTP's reasons and common refusals in other languages, where their words are ASCII (a list of the languages' usual
    // wordings checked after rounds 79-83).
    'nicht autorisiert', 'no autorizado', 'non autorizzato',
    'authentication_error', 'authenticationerror', 'authentication error',
    'authentication_failed', 'failed to authenticate', 'invalid authentication', 'invalid api key',
    // Round 59: a token not sent (`[请求step失败]: token is missing`).
    'token is missing',
    // Rounds 75-78: a client with no sign-in (`no Nous authentication found (run: hermes auth)`; not `existing
    // authentication found`, a review).
    'no authentication found', 'authentication found (run',
    // OpenAI's 401 for a key outside any organization (`You must be a member of an organization to use the API`).
    'member of an organization to use the api',
    'invalid_api_key', 'invalid api-key', 'incorrect api key', 'invalid x-api-key', 'x-api-key header',
    'api key not valid', 'api_key_invalid', 'api key is invalid', 'api key expired', 'api_key_expired',
    'api key not found', 'missing api key', 'no api key', 'api key is missing', 'api key is required',
    // Round 48: `Couldn't authenticate with provider. Please check your API key configuration.`; round 52: n8n's
    // `Invalid key provided. Please provide a valid key`.
    "couldn't authenticate with provider", 'could not authenticate with provider', 'invalid key provided. please',
    // Round 55: credentials missing or not loaded (`Claude Code credentials are unavailable or expired`, `Unable to
    // load SSO token`, Cody's `No token found in secretStorage`, `You are not signed in`, `Failed to authorize`); not a
    // tool's credentials or `gh`'s sign-in beside a provider's 529 (a review). Round 56: `The API Key appears to be
    // invalid`.
    'key appears to be invalid', 'credentials are unavailable or expired', 'unable to load sso token',
    'no token found in', 'you are not signed in', 'failed to authorize',
    // Round 53: Tencent Cloud's `AuthFailure.SignatureFailure` (not the AWS CLI's `(AuthFailure)`).
    'authfailure.', 'provided credentials could not be validated',
    // A key that never reached the provider (`API key missing for provider openai`, Zhipu's `Authentication parameter
    // not received in Header`) and Qianfan's `IAM Certification failed`. Narrowed after a review: `api key missing`
    // alone is also an MCP server's or a telemetry client's key in a warning beside a 529 or a reset, and so are
    // `key not provided`, `token not provided`, `no key found` or `enter a valid`.
    'api key missing for provider', 'authentication parameter not received', 'iam certification failed',
    // Round 37: OpenHands' status id `STATUS$ERROR_LLM_AUTHENTICATION`.
    'error_llm_authentication',
    'provide an api key', 'not logged in', '/login', 'log in again', 'login again', 'sign in again',
    'signing in again', 'please log in', 'please login', 'login required',
    'token has expired', 'token expired', 'token is expired', 'token_expired', 'expired token',
    'expiredtoken', 'revoked', 'token included in the request is', 'unrecognizedclient', 'invalidsignature',
    'signaturedoesnotmatch', 'unauthenticated',
    // `Erro de autenticação`, `Error de autenticación`.
    ' de autentica', 'unauthorized',
    'load credentials', 'credentials found', 'credentials not found', 'invalid credential', 'getting api key',
    'bad credentials', 'missing credentials', 'no credentials', 'expired credentials', 'credentials expired',
    'credentials have expired', 'credentials are invalid', 'locate credentials', 'check your credentials',
    'check its credentials', 'reauthentication',
    'set an auth method', 'resolve authentication method', 'authentication cancelled', 'no api key available',
    'default credentials', 'credentialunavailable', 'authenticationfailed',
    'token is invalid', 'credential is invalid',
    'api_key is not set', 'api key is not set', 'api_key must be set', 'api_key client option must be set',
    'jwt_expired', 'jwt expired', 'authenticationrequired', 'not authenticated',
    'login expired', 're-auth', 'need to be signed in', "client error '401",
    'auth_error', 'invalid bearer', 'invalid token', 'invalid_token',
    're-authenticate', 'reauthenticate', 'user not found', 'invalid_grant',
    'invalid subscription key', 'subscription key is invalid', 'key has expired',
    'need to sign in', 'sign_in_required', 'key not configured',
    'authentication required', 'session is invalid',
    'session expired', 'session has expired', 'authorization error', 'please sign in',
    'authentication expired', 'authentication has expired', 'auth expired', 'authorization header',
    'missing bearer', 'api_key environment variable',
    'authorization failed', 'api key is incorrect', 'wrong api key', 'jwserror', 'not enough segments',
    'authorization required', 'credentials could not be verified',
    'invalid apikey',
    'sso session', 'sso login',
    'does not exist in our records', 'token is required',
    'api key is not valid', 'invalid authorization', 'virtual key expected', 'missing subscription key', 'malformed api key',
    'invalid oauth', 'please authenticate', 'oauth error', 'token exchange failed', 'exchange authorization code',
    'sign in failed', 'error signing in', 'login fail:',
    'authentication failed', 'error authenticating', 'device_code', 'failed to get copilot token',
    'failed to get authorization',
    // German `Authentifizierung fehlgeschlagen`, French `Échec de l'authentification`.
    'authentifizierung fehlgeschlagen', "de l'authentification",
    // A key in Italian, Turkish and Dutch (`chiave API non valida`, `API anahtarı`, `API-sleutel`), Italian
    // `credenziali non valide`, French `jeton d'authentification` and `clé API invalide`.
    'chiave api', 'api anahtar', 'api-sleutel', 'credenziali non valide', "jeton d'authentification", 'api invalide',
    // Round 40: Azure's token from another tenant (`Tenant provided in token does not match resource token`; and
    // `Token tenant … does not match resource tenant`, judged in place: not an app's `Caller tenant [x] …`).
    'tenant provided in token',
  ],
  authStep: AUTH_STEPS,
  localOther: [
    // A browser tool's local page that would not load (`page.goto: net::ERR_CONNECTION_REFUSED at
    // http://localhost:3001/`, a dev server that is down) and an agent's own session file held by another process:
    // the agent's tools, not its model.
    'net::err_connection_refused at http://localhost', 'net::err_connection_refused at http://127.0.0.1',
    'session file locked',
    // A compiler's overloads (TypeScript's `No overload matches this call` and its French `Aucune surcharge ne
    // correspond`, Kotlin's `Overload resolution ambiguity`, C#'s `No overload for method`): a build's error, not an
    // overloaded server (a review of rounds 65-68).
    'no overload', 'overload resolution', 'aucune surcharge',
    // Python's call with a keyword its library does not take (`__init__() got an unexpected keyword argument 'timeout'`,
    // httpx 0.28's `'proxies'`): the client's own code, whatever the keyword's name.
    'unexpected keyword argument',
    // Rounds 75-78: Python's subprocess that ran out of time (`subprocess.TimeoutExpired`, `Command '['agent', 'status']'
    // timed out after 3.0 seconds`): the agent's own command.
    'timeoutexpired', "]' timed out after",
    // Go's own listener that shut down (`accept tcp [::]:8080: use of closed network connection`; a review).
    'accept tcp',
    // Rounds 79-81: an orchestrator's own processes (claude-squad's `timed out waiting for tmux session`), an agent that
    // would not start (`Claude native binary not found`, `Failed to start Claude Code: [Errno 8] Exec format error`, an
    // ACP session that would not initialise: `Request initialize timed out after 60 seconds`, the Agent SDK's `Control
    // request timeout: initialize`) and a JSON-RPC method the agent does not have (`"Method not found" (ACP -32601)`).
    // (Narrowed by a review: an orchestrator names its tmux session in every line, and an MCP server's `Method not found`
    // for an optional method or a missing helper binary's warning beside a model's failure would outweigh it.)
    'waiting for tmux session', 'start tmux session', 'create tmux session', 'native binary not found',
    'exec format error', 'failed to start claude code', 'failed to initialize acp session', 'request initialize timed out',
    'control request timeout', '"method not found": session/',
    // Round 83: Polish's `Przekroczono limit czasu wykonania polecenia` (a command's own timeout, in Roo Code's words).
    'limit czasu wykonania polecenia',
    // `EACCES` (and `ENOTFOUND` below) as a word (`Error: EACCES:`, `code: 'EACCES'`), not inside
    // `ResourceAccessException` (or `ResourceNotFoundException`).
    ' eacces', "'eacces", '"eacces', 'eperm', 'enoent', 'enospc', 'emfile', 'no such file or directory', 'operation not permitted',
    'read-only file system', 'npm install', 'global npm', 'more system memory', 'enough system memory',
    'insufficient system memory', 'unable to allocate',
    'out of memory', 'serialization error', 'failed to serialize',
    'previous query still processing', 'child process', 'command timed out', 'error executing tool',
    'not found in registry', 'keyerror', 'attributeerror', 'indexerror', 'nameerror',
    // Round 33: an agent's hook, its own command, failed (`PreToolUse hook failed: Error: write EOF`).
    'hook failed', 'hook error',
    // Round 35: OpenHands' sandbox, the agent's own runtime (`AgentRuntimeTimeoutError: Runtime failed to return
    // execute_action before the requested timeout of 120s`, `Action execution API is not alive`). Not a bare
    // `AgentRuntimeError`: LobeHub types its provider's network failures so (and `SubAgentRuntimeError` holds it), nor
    // Bedrock's `bedrockagentruntime`.
    'agentruntimetimeouterror', 'agentruntimedisconnectederror', 'agentruntimeunavailableerror',
    'agentruntimenotreadyerror', 'action execution api is not alive',
    // Round 38: an ACP agent process that failed under its client (`Internal error: "server shut down unexpectedly"`,
    // `failed to send response, receiver dropped`, the Agent SDK's `Query closed before response received`):
    // JSON-RPC's -32603 `Internal error` is then the agent's own, not a provider's. Not `server shut down
    // unexpectedly` unquoted (an upstream's), nor Node's `write after a stream was destroyed` (a socket's too).
    'error: "server shut down unexpectedly', 'receiver dropped', 'query closed before response',
    'malformed function call', 'malformed_function_call', 'mcp error', 'mcperror', 'mcp server',
    'terminated by signal', 'sigkill', 'cors policy', 'mcpserver',
    'failed to start extension', 'error activating extension', 'failed to validate tool parameters',
    'os error 13', 'tool timed out', 'sandbox execution error', 'waiting for server initialization', 'startup timeout',
    'failed to parse responses stream', 'decodingerror', 'builder error', 'resize image', 'bwrap:', 'bubblewrap',
    'toml parse error', 'modulenotfounderror', 'no module named', 'shell integration', 'http+docker',
    '[errno 13]', 'permissionerror(13',
    'failed to fetch version', 'control request timeout', 'npm permissions',
    'streamable http error', 'messageparseerror', 'file does not exist', 'current working directory', 'sandboxerror',
    'sandbox failed', 'error creating directory', 'scannererror', 'yaml.', 'nosuchtoolerror', 'unavailable tool',
    'tool result missing', 'tool execution was interrupted',
    'directory mismatch',
    'eacces:', 'outside the working directory',
    // pydantic's type for a model's output that is no JSON (`Invalid JSON: EOF while parsing a value`).
    'json_invalid',
    // An editor's own language server (JSON-RPC `-32602`), and Foundation's word for a body it could not decode
    // (`The data couldn't be read because it isn't in the correct format`).
    'language server error', 'in the correct format',
    // A tool's parameters refused by its schema (`params must have required property 'include'`, JSON-RPC -32603).
    'params must have required property',
    // A child process's exit as Node reports it (`(code=3221225501, signal=null)`): the agent's own process died.
    ', signal=',
    // Round 27: the agent's own executable missing (`Claude Code executable not found`) and an MCP client that failed
    // to start. (Not `exited with exit code` or `app-server error`: hubs wrap a provider's 529 or 503 in them.)
    'executable not found', 'mcp client',
    // Round 29: a lock on the agent's own state (`SqlError/LockTimeoutError: database is locked`; not `database is
    // locked` alone, which a server's 5xx also holds), and the agent's own approval prompt (`permission orchestrator
    // internal error: unexpected user permission response`).
    'locktimeouterror', 'user permission response', 'permission orchestrator',
    // Round 42: a SOCKS proxy set without its package (`Error communicating with OpenAI: Missing dependencies for
    // SOCKS support.`): the client's set-up, which no retry mends.
    'missing dependencies for socks',
    // Round 44: a tool's or a job's own time cap (`RipgrepTimeoutError: Ripgrep search timed out after 20 seconds`,
    // `Agent Timed Out: The agent job exceeded the maximum allowed execution time (30 minutes)`; not a provider's own
    // `Upstream search timed out` or a proxy's function that `exceeded the maximum allowed execution time`).
    'ripgrep search timed out', 'job exceeded the maximum allowed execution time',
    // Round 45: an ACP client asking for an agent or mode its agent does not have (`code: -32603, message: "Internal
    // error", data: { details: "Agent not found: default" }`; not a tunnel's `agent not found - … will reconnect`).
    'agent not found:',
    // An MCP server in Italian word order (`Errore di connessione al server MCP "github"`).
    'server mcp',
  ],
  modelNotFound: [
    'model_not_found', 'model not found', 'modelnotfound', 'not_found_error', 'notfounderror', 'deploymentnotfound',
    // gRPC's code as Google's clients print it: `Publisher Model `…` not found. (Status: NOT_FOUND)`.
    'status: not_found',
    // Ollama's model that was never pulled: `The model "llama3.1:8b" was not found. To download it, run …`.
    'to download it, run', 'try pulling it',
    'does not exist', 'no endpoints found', 'support the requested model', 'unknown model', 'invalid model',
    'model is not supported', 'unsupported model', 'model_not_supported', 'no such model', 'resourcenotfound',
    'requires a newer version',
    'not a valid model', 'no tool call found', 'issue with the selected model',
    'specify a valid model', 'unknown provider for model', 'model was not found',
    'accounts supporting model', 'nosuchmodel', 'no such languagemodel', 'not found for api version',
    'provider not found', 'invalid provider"', 'invalid provider:',
    // Round 50: `Codex API endpoint not found.`, `Responses API endpoint not found` (not a gateway's `Endpoint not
    // found: no healthy upstream endpoints`).
    'api endpoint not found',
    // Round 29: a relay with no price or ratio set for the model (new-api's `Model … ratio or price not set`, 倍率或价格
    // 未配置; not 倍率 alone, the group multiplier that its other errors print too).
    'ratio or price not set',
    // A relay's last upstream answer was a client error, whatever envelope (429, `overloaded_error`) it wraps.
    'last error: http 400', 'last error: http 404', 'last error: http 422', "client error '400", "client error '404",
    '"param":"400"', '"param":"404"', '"param":"422"', '<400>',
  ],
  permission: [
    // HTTP's reasons and common refusals in other languages, where their words are ASCII (a list of the languages' usual
    // wordings checked after rounds 79-83).
    'zugriff verweigert', 'acceso denegado', 'acesso negado', 'accesso negato',
    // A provider's risk control (`Abnormal access behavior detected by risk control`), Cloudflare's block page (`Sorry,
    // you have been blocked`) and an account made inactive; narrowed after a review (relays throttle as `risk
    // control` too, a 429 says `you have been blocked for 60 seconds`, a scaled-to-zero endpoint's account is
    // `currently inactive`).
    'detected by risk control', 'sorry, you have been blocked', 'your account is currently inactive',
    // Rounds 69 and 71: a feature the plan does not cover (Claude Code's `unavailable for your plan`), not capacity.
    'unavailable for your plan', 'not available for your plan', 'not available on your plan',
    // Round 48: a relay's group or a plan that does not cover the model (`No permission to use default group`, `Make
    // sure the selected model is included in your plan`), and Copilot's organisation policy (`No model available.
    // Check policy enablement under GitHub Settings > Copilot`).
    'no permission to use this model', 'no permission to use model', 'no permission to use default group',
    'model is included in your plan', 'model is not included in your plan', 'check policy enablement',
    // Round 52: an account banned (`Your account has been temporarily banned due to violations of our service`; not an
    // IP address, a subreddit or a proxy).
    'account has been temporarily banned', 'account has been banned', 'key has been banned',
    'organization has been banned',
    // Rounds 53 and 57: vendors' tables (`This model is only available to Pro users`, `No permission to access data`,
    // `The current user is not in the organization`, `AI features are not enabled on this plan`).
    'model is only available to', 'no permission to access', 'no permission to use the model',
    'not in the organization', 'not enabled on this plan',
    'permission_error', 'permissiondenied', 'permission_denied', 'permission denied', 'permission-denied',
    // Google Cloud IAM's `Permission 'cloudaicompanion.companions.generateChat' denied`, and Code Assist's licence
    // check: `You must be a named user on your organization's … subscription to use this service`.
    "permission '", 'must be a named user',
    // A model or account kept to other regions: `Account.RegionUnavailable`, `ERROR_UNSUPPORTED_REGION`.
    'regionunavailable', 'region_unavailable', 'unsupported_region', '"regionerror"',
    'accessdenied', 'access_denied', 'access denied', 'access is denied', "don't have access",
    'do not have access', 'does not have access', "doesn't have access", 'no access to', 'not authorized to',
    'not authorised to', 'does not have permission', 'do not have permission', "don't have permission",
    "doesn't have permission", 'lacks required permission', 'lacks permission', 'insufficient permission',
    'insufficient_permission', 'missing scope', 'model access is denied',
    'country, region', 'not supported in your', 'suspended',
    'deactivated', 'has been disabled', 'organization is disabled', 'must be verified', 'not enabled for',
    'has not been enabled', 'has not been used in project', 'service_disabled', 'not permitted to',
    'not allowed to use', 'has disabled', 'ask your admin', 'serve your region', 'available in your country',
    'supported countries', 'only authorized for use with', 'public access is disabled', 'not entitled',
    'model_not_entitled', 'available in this country', 'available in this region', 'noautherror',
    'not yet authorized', 'not available for this account', "organization's policy",
    'organization policy', 'not agreed to', 'disabled organization', 'access forbidden', 'attention required',
    'denied on resource', 'valid license', 'request a license',
    'has been locked', 'account is locked', 'account locked', 'denied by permission', 'denied by policy', 'denied by your', 'denied by admin',
    'denied by the admin', 'has not activated', 'modelnotopen',
    'disabled by org', 'by org admin', 'by your admin', 'restricted from using', 'enough permission',
    // Moonshot's type for bans and client restrictions, but also for a spent weekly plan (quota words decide).
    'access_terminated', 'access was terminated',
    'account is ineligible', 'ineligible to use', 'unavailable for legal reasons', 'reported as leaked', 'request not allowed',
    'geo_not_allowed', 'consent_denied',
    'your workspace admin', 'contact your admin',
    'requests to this api', 'requests from referer', 'referrer_blocked', 'service_blocked', 'permission error',
    'requires permissions', 'not allowed to access',
    // Spanish `no tienes permiso` (you have no permission).
    'no tienes permiso',
    // Round 32: Italian `permesso negato` (permission denied).
    'permesso negato',
  ],
  permissionWeak: ['forbidden', 'not allowed'],
  overload: [
    'overload', 'at capacity', 'over capacity', 'serviceunavailableexception', 'modelnotreadyexception',
  ],
  capacity: [
    'capacity exceeded', 'capacity constraint', 'capacity temporarily',
    'insufficient capacity', 'insufficient_capacity', 'insufficientcapacity', 'out of capacity',
    'no capacity', 'non-exhausted', 'no available account', 'no available claude account',
    'no available openai account', 'no accounts available', 'no account available', 'all accounts',
    'no healthy', 'no_healthy', 'capacity_exhausted', 'capacity exhausted', 'high demand', 'heavy load', 'is busy', 'are busy', 'too busy',
    'unable to process your request', 'modelnotready', 'model is loading', 'currently loading',
    'not ready yet', 'no instances available', 'are cooling down', 'is cooling down', 'all cooling down',
    'model_cooldown', 'server busy', 'llm busy', 'no slots available', 'maximum pending requests',
    // Rounds 75-78: Xinference's busy slots (`No available slot found for the model`; not a calendar's `No slot
    // available`, a review).
    'available slot found for the model',
    'high volume of traffic', 'high traffic', 'no server is currently available', 'more traffic than',
    'still being loaded', 'high load', 'queue position', 'in the queue at position', 'is not ready', 'no more data centers',
    'cooldown_list', 'under maintenance', 'down for maintenance', 'back shortly', 'accounts exhausted',
    'targets exhausted', 'buckets exhausted', 'no active account', 'active accounts', 'no account can serve',
    'upstream rate limit', 'no provider available', 'no providers available',
    'available accounts: 0',
    'service disruption', 'will return soon',
    'no available provider', 'no upstream provider', 'no available upstream', 'workers available', 'no available workers',
    'backpressure', 'max_queued_requests', 'service busy',
    // Round 38: `The model is temporarily busy. Please try again in a moment.`
    'temporarily busy',
    // A key pool with every key cooling down or tripped: `no available key (all keys in cooldown or disabled)`,
    // `No active API keys available for this group`, `circuit breaker tripped`, `Provider is temporarily cooled
    // down`. (`no api key available` is a missing key, `your API key is in cooldown` a rate limit: neither is.)
    'no available key', 'no active api keys', 'no active keys', 'keys in cooldown', 'keys are in cooldown', 'cooled down',
    'circuit breaker tripped', 'circuit breaker is open', 'circuit breakers open', 'circuit breaker open',
    'circuit_break',
    // A queue that is full (Groq's `ErrorQueueFull`) and a service offline for maintenance.
    'queuefull', 'request queue is full', 'offline for maintenance', 'maintenance mode',
    // Groq's `498 capacity_exceeded`, a pool's concurrency saturated (not an API key's: that is its rate limit),
    // Envoy's `upstream overflow`; German `stark ausgelastet`, Spanish and Portuguese `sobrecargado`/`sobrecarregado`
    // (overloaded), Portuguese `em manutenção` (under maintenance).
    'capacity_exceeded', 'pool_concurrency_saturated', 'pool is saturated', 'upstream overflow',
    'ausgelastet', 'sobrecargado', 'sobrecarregado', 'em manuten',
    // French `surchargé` (overloaded), read before the accent.
    'surcharg',
    // Round 29: `The server is currently busy. Please try again later.`, and new-api's `No available channel for
    // model … under group default` (its 无可用渠道 in English).
    'server is currently busy', 'service is currently busy', 'no available channel for model',
    'no available channels for model',
    // Round 54: relays' empty pools (`No available channel keys`, `no account has capacity for it right now`).
    'no available channel keys', 'no account has capacity for it',
    // Rounds 69 and 71: a relay's empty pool in its log (`error_code: account_pool_exhausted`, `no_eligible_accounts`).
    'pool_exhausted', 'no_eligible_account', 'no eligible account',
    // Round 30: new-api's `Current group upstream load is saturated` (its 429 for a full pool), German `überlastet`
    // (overloaded, read past the umlaut), Polish `chwilowo niedostępny` (temporarily unavailable).
    'load is saturated', 'berlastet', 'chwilowo niedost', 'tymczasowo niedost',
    // llama.cpp's server out of KV cache slots for another request, a model server's `grpc service not ready`,
    // Polly's open circuit breaker (`The circuit is now open and is not allowing calls`).
    'no_kv_space', 'grpc service not ready', 'circuit is now open and is not allowing calls',
    // Round 32: French and Portuguese `indisponible`/`indisponível`, Spanish `servicio no disponible`, a server or
    // service `ocupado` (busy; not `ocupado` alone, which a local port or file is too),
    // Italian `sovraccarico` (overloaded), `manutenzione` (maintenance).
    'indispon', 'servicio no disponible', 'servidor no disponible', 'servizio non disponibile', 'servidor ocupado',
    'servicio ocupado', 'sovraccarico', 'manutenzione',
    // Round 40: SageMaker's `CapacityError: Unable to provision requested ML compute capacity` (judged in place: not a
    // local `WorkspaceCapabilityCapacityError`), and `NoCapacityError`.
    'nocapacityerror',
    // Round 46: Dutch for overloaded (not `om overbelasting te voorkomen`, to prevent it, the reason for a limit).
    'is overbelast', 'zijn overbelast', 'momenteel overbelast', 'wegens overbelasting', 'door overbelasting',
  ],
  // An account's routing settings leave no endpoint for the model: no retry helps until they change.
  routing: [
    'no endpoints available', 'endpoint excluded', 'endpoints excluded', 'training violation', 'data policy',
    'settings/privacy', 'cannot post /', 'cannot get /',
  ],
  badRequest: [
    // HTTP's reasons and common refusals in other languages, where their words are ASCII (a list of the languages' usual
    // wordings checked after rounds 79-83).
    'solicitud incorrecta', 'richiesta non valida',
    'invalid_request_error', 'invalidrequesterror', 'invalid request', 'bad request', 'bad_request',
    'request is not valid',
    // Anthropic's empty blocks (`messages: text content blocks must be non-empty`, `all messages must have non-empty
    // content`).
    'content blocks must be non-empty', 'must have non-empty content',
    // Round 59: a parameter refused by its rule (`The thinking_budget parameter must be a positive integer`), a request
    // missing what it needs (`Request is missing headers or body`; not `is missing required`, which the agent's own files
    // are too: `Agent file …/README.md is missing required 'name' in frontmatter`).
    'parameter must be', 'missing headers or body',
    'badrequest', 'validationexception', 'validation error', 'validation_error', 'validationerror',
    'invalid_argument', 'invalid argument', 'invalidargument', 'malformed', 'json body of your request',
    'unprocessable', 'not supported', "isn't supported", 'unsupported', 'unknown parameter',
    'unrecognized request argument', 'extra inputs are not permitted', 'invalid_value', 'invalid value',
    'invalid parameter', 'invalid_parameter', 'failed_precondition', 'not implemented',
    'the model returned the following errors', 'request_too_large', 'image was too large', 'image too large',
    'pdf too large', 'could not process image', 'should alternate with', 'must be an odd number',
    // Round 48: a server that could not read the request's body (`Failed to deserialize the JSON body into the target
    // type: messages[1]: missing field`), OpenAI's schema check by its field (`'json_object' is not of type 'object' -
    // 'response_format'`), the order of turns (DeepSeek's `must be a user message, but an assistant message detected`,
    // Gemini's `function call turn comes immediately after a user turn`), OpenAI's unstored items (`Items are not
    // persisted when store is set to false`) and a schema too deep.
    'failed to deserialize the json body', "' - 'messages", "' - 'response_format", "' - 'tools",
    'but an assistant message detected',
    'comes immediately after a user turn', 'are not persisted when', 'schema depth',
    // Round 52: n8n's 405 in words (`Method not allowed - please check you are using the right HTTP method`; not an MCP
    // server's 405).
    'method not allowed - please check',
    'request too large (max', 'request is too large', 'missing required parameter', 'missing_required_parameter',
    'cannot both be specified', 'improperly formed', 'notsupported', "model doesn't support", 'model does not support', 'streaming is required',
    'streaming is strongly recommended', 'header is required', 'entity too large', 'payload too large',
    // Anthropic's validation errors name the offending block: `messages.4.content.1: unexpected `tool_use_id``.
    'messages.0', 'messages.1', 'messages.2', 'messages.3', 'messages.4', 'messages.5', 'messages.6', 'messages.7',
    'messages.8', 'messages.9',
    'tools.0.', 'tools.1.', 'tools.2.', 'tools.3.', 'tools.4.', 'tools.5.', 'tools.6.', 'tools.7.', 'tools.8.', 'tools.9.',
    'reasoning_content is missing', 'is missing in', 'without tool_result', 'ids were found without',
    'parameter check failed', 'not accessible via',
    'check your inputs', 'bad input',
    'dimension limit',
    // Ollama's model that lacks a feature (`qwen3:latest does not support insert`); not `does not support` alone,
    // which a server's own words around a 5xx or a dropped stream also use (`does not support HTTP/2`).
    'does not support insert', 'does not support generate', 'does not support chat', 'does not support tools',
    'does not support thinking', 'does not support embedding', 'does not support this api',
    // Round 29: a body over a server's size limit (`Maximum content size limit (26214400) exceeded`; not `request
    // size limit per minute`), and a chat template that refused the messages (`Jinja Exception: … roles must
    // alternate user and assistant`), whatever 500 or `server_error` a local server puts around it.
    'content size limit', 'body size limit', 'must alternate', 'jinja exception',
    // Round 33: a request's own limits and shapes (`A maximum of 4 blocks with cache_control may be provided`,
    // `'tools' must not be an empty array`, `contents.parts must not be empty`), and a tool call whose `arguments
    // were not valid JSON` (not `… is not valid JSON` alone, which a parser says of an answer cut short or an HTML
    // page). Narrowed after a review: `may be provided` and `must not be empty` alone are in servers' own 500s and in
    // help text beside a 503 or a reset.
    'with cache_control may be provided', 'must not be an empty array', 'parts must not be empty',
    'arguments were not valid json',
    // Round 37: the Responses API's `Item 'fc_…' of type 'function_call' was provided without its required
    // 'reasoning' item`.
    'provided without its required',
    // A model or feature retired or not there, in its providers' words (Groq's `The model gemma2-9b-it has been
    // decommissioned and is no longer supported`, `Claude Opus 4.5 is no longer available. Please switch to …`,
    // `not yet implemented for this endpoint`, `The requested resource was not found at the provider`), and a 431's
    // headers (`Request Header Fields Too Large`, nginx's `Request Header Or Cookie Too Large`). Narrowed after a
    // review: a host or a node pool is decommissioned in a 502, Rust's `todo!()` panics `not yet implemented`, a
    // registry cache's resource is not found in a 500, an upstream's response headers are too large; and not `no
    // longer supported` alone, which an agent's own old version says.
    'decommissioned and is no longer supported', 'no longer available. please switch',
    'not yet implemented for this endpoint', 'requested resource was not found at the provider',
    'request header fields too large', 'request header or cookie too large',
    // Round 35: DashScope's `InternalError.Algo.InvalidParameter: The parameters … must confirm to a valid
    // openai-compatible JSON schema` (its `InternalError` prefix is a category, not a failed server).
    'algo.invalidparameter',
  ],
  // The output cap asked for (`max_tokens`) is over the model's: a parameter to fix, not an overflow.
  outputCap: [
    'maximum tokens you requested', 'max_tokens must be', 'max_tokens is too large', 'max_tokens` must be', 'max tokens must be',
    // An answer cut at its output cap: OpenAI's `LengthFinishReasonError` (`length limit was reached`), Codex's
    // `Incomplete response returned, reason: max_output_tokens`. The same request would be cut again.
    'length limit was reached', 'lengthfinishreasonerror', 'reason: max_output_tokens',
    // Round 43: Anthropic's `max_tokens: 16000 > 8192, which is the maximum allowed number of output tokens for …`.
    'maximum allowed number of output tokens',
  ],
  rate: [
    // HTTP's reasons and common refusals in other languages, where their words are ASCII (a list of the languages' usual
    // wordings checked after rounds 79-83).
    'zu viele anfragen', 'demasiadas solicitudes',
    'rate limit', 'rate_limit', 'ratelimit', 'rate-limit', 'too many requests', 'too_many_requests',
    // Round 53: `Total API QPS limit exceeded`.
    'qps limit',
    // Claude Code's words for a 429 it retried in vain: `Server is temporarily limiting requests (not your usage
    // limit) · Rate limited`. Labellers read it as a rate limit, two to one.
    'temporarily limiting requests',
    'throttl', 'resource_exhausted', 'resource exhausted', 'resource has been exhausted', 'error code: 1015',
    'error 1015', 'slow down', 'too many concurrent', 'concurrency limit', 'request limit', 'requests limit', 'messages per hour',
    'tokens per min', 'requests per min', 'no deployments available', 'please wait before trying again',
    'request rate is too high', 'reduce the frequency', 'speed limited', 'requestlimit', 'request_limit',
    'high concurrency', 'reduce concurrency', 'increased too quickly', 'calls / minute', 'calls per minute',
    ' rpm', ' tpm', 'toomanyrequests', 'resourceexhausted',
    'concurrent task limit',
    'sending too many', ' per 1 second', ' per 1 minute', 'parallel requests',
    // German `Ratenlimit`, Portuguese `com muita frequência` (too often); too many requests in Italian, French, Turkish
    // and Dutch, Spanish `límite de solicitudes`.
    'ratenlimit', 'muita frequ', 'troppe richieste', 'trop de requ', 'fazla istek', 'te veel verzoeken',
    'mite de solicitudes',
  ],
  server: [
    'internal server error', 'internal_server_error', 'internalservererror', 'internalserverexception',
    // Round 36: a review bot's `because of an internal service error. Please try again later.`
    'internal service error',
    // Round 59: `Upstream 5xx error`, Gemini CLI's `Attempt 2 failed with 5xx error` (not any `5xx error`: an app's own
    // `/api/health returned a 5xx error`, a review).
    'upstream 5xx error', 'with 5xx error',
    // Codex's `OpenAI Codex service error. Please try again later.`; not `service error` alone, the AWS SDK for Rust's
    // wrapper around any exception, an app's own `{"error":"Upstream service error"}` that the agent curled from its dev
    // server, or a payment service's (reviews).
    'codex service error',
    // Rounds 69 and 71: a Codex response that failed (`ChatGPT Codex response failed`, `Provider call failed … Codex
    // response failed`), its `response.failed` event in an agent's words.
    'codex response failed',
    // Rounds 75-78: a chat product's own failure to answer (ChatGPT's `Something went wrong while generating the
    // response`, Claude's `response could not be fully generated`), a local
    // server's crashed loop (`unexpected error in llama server update_slots`), Replicate's `Prediction interrupted;
    // please retry`, vLLM's gpt-oss output it could not parse (`HarmonyError: unexpected tokens remaining in message
    // header`, `Could not parse header: too many tokens remaining after extracting content-type`: the model's own
    // output, not an overflow), a router's `upstream stream failed before completion`, and SillyTavern's `Malformed JSON
    // sent from server` (the server's answer was not JSON, not the request).
    // (A review narrowed them: not a PDF's `went wrong while generating`, a report that `could not be fully generated`, a
    // web page's `experiencing technical difficulties`, an S3 upload's `stream failed before completion`.)
    'went wrong while generating the response', 'went wrong while generating a response',
    'response could not be fully generated', 'unexpected error in llama server', 'prediction interrupted', 'harmonyerror',
    'tokens remaining in message header', 'tokens remaining after extracting', 'upstream stream failed before completion',
    'json sent from server',
    // LobeHub's message for a provider's failure (`Sorry, the server seems to be lost and is temporarily unable to provide
    // service`), in its languages where their words are ASCII.
    'temporarily unable to provide service', 'tijdelijk geen service bieden', 'keinen dienst anbieten',
    'temporairement pas fournir de service', 'temporalmente no puede proporcionar servicio',
    // Round 83: Roo Code's `Provider server error` in German, Spanish and Portuguese.
    // (The whole error's words: a refusal from `the provider's server` is no server failure; a review.)
    'fehler auf dem server des anbieters', 'error del servidor del proveedor', 'erro do servidor do provedor',
    // Rounds 79-81: nanobot's retry of a model call (`LLM transient error (attempt 1/3), retrying in 1s`).
    'llm transient error',
    'internal error', 'internal_error', 'internalerror', 'api_error', 'server_error', 'servererror',
    'server error', 'bad gateway', 'bad_gateway', 'badgateway', 'gateway timeout', 'gateway time-out',
    'gateway_timeout', 'gatewaytimeout', 'the server had an error',
    // Next.js's error page: `Application error: a server-side exception has occurred`.
    'server-side exception',
    'error occurred while processing your', 'error occurred while processing the request',
    'unexpected error when processing',
    // Round 52: n8n's messages for a failed call (`The service failed to process your request`, `was not able to`,
    // `Gateway timed out - perhaps try again later?`; not an MCP gateway's or a package mirror's timeout: a review).
    'service failed to process your request', 'service was not able to process your request',
    // Round 53: a vendor's `Model generation failed`.
    'model generation failed',
    // Round 56: Ollama's `an error was encountered while running the model`.
    'error was encountered while running the model',
    'gateway timed out - ', 'no response was returned',
    'error processing your request', "it's not you, it's us", 'did not return a response',
    // OpenAI's 500 `model_error`: this output came out malformed; a new attempt usually does not.
    'produced invalid content', 'response header from upstream', 'unexpected error during processing', 'modelstreamerror',
    'modelerrorexception', 'dependencyfailed', '"internal s', 'web server is returning an unknown error',
    'invalid response was received from the upstream', 'upstream error', 'upstream_error',
    'upstream request failed', '5xx-error', 'backenderror', 'transient api error', 'issues producing the response',
    'enginedeaderror', 'engine loop', 'engine is already dead', 'model has crashed', 'model stream was invalid',
    // Round 34: vLLM's engine process that died (`Engine core proc EngineCore_DP0 died unexpectedly`), and a relay's
    // system error that asks for another try (`An system error has occurred, please try again later`). Not the type
    // `system_error` alone: one-api forks give it to every error of their own, a 401 or a 403 among them.
    // Round 61: Claude Code's `API returned an empty or malformed response (HTTP 200)`: the answer was broken, not the
    // request (see `classify`).
    'api returned an empty or malformed response',
    'enginecore_', 'system error has occurred, please try again', 'system error has occured, please try again',
    "services aren't available", 'working to restore', 'empty response from server', 'model request failed',
    'failed after retries', 'engine dead', 'llama runner', 'runner process has terminated', 'runner terminated', 'finish_reason: error',
    '"isretryable": true', '"isretryable":true',
    'provider returned error', 'failed to get response from provider', 'unexpected error from the model',
    'server encountered an',
    // `Something wrong with the server`, a model server's `Error making prediction`, Cloudflare's 1101 `Worker threw
    // exception`.
    'wrong with the server', 'provider returned an error', 'error making prediction', 'worker threw exception',
    // French `n'a pas reçu de réponse du serveur en amont` (no answer from the upstream server).
    'du serveur en amont',
    // HTTP 424 (SageMaker's and AgentCore's answer when the model container behind them failed).
    'failed dependency',
    // Spanish `el servidor está teniendo dificultades` (the server is having trouble).
    'teniendo dificultades',
    // Round 29: a status page's hint (`Claude may be experiencing issues. Check status.anthropic.com`), a model
    // container or server that did not come up or answer (`failed to boot and complete setup within 600 seconds`,
    // `Health check failed`, `llm server not responding`), and a stream that failed on the server's side.
    'experiencing issues', 'failed to boot', 'health check failed', 'server not responding',
    'error occurred during streaming',
    // Round 30: an answer the provider left empty or unfinished (`Empty response from provider …`,
    // `incomplete_generation`); German `keine Antwort vom Upstream-Server`, Indonesian `kesalahan server` (server
    // error).
    'empty response from provider', 'incomplete_generation', 'antwort vom upstream-server', 'kesalahan server',
    // nginx's 507 page (the server's own storage is full; not a status here: `507 errors in 40 files` is a count).
    'insufficient storage',
    // Round 32: Spanish `servidor ascendente` (upstream) and `puerta de enlace` (gateway) errors, French `erreur du
    // serveur`, `rencontre des difficultés`, German `ungültige Antwort`, Polish `serwera dostawcy` (provider's server).
    'servidor ascendente', 'error de puerta de enlace', 'tiempo de espera de la puerta de enlace', 'erreur du serveur',
    'rencontre des difficult', 'ltige antwort', 'serwera dostawcy',
    // Dutch `ondervindt momenteel problemen` (LobeHub's 500: is having problems), an upstream server's (`geen antwoord
    // van de upstream-server`; not any `Upstream-Server`, a German 403's too), Italian `alcun contenuto di risposta` (Roo Code: no content in the answer).
    'ondervindt momenteel problemen', 'van de upstream-server', 'alcun contenuto di risposta',
    // A server's internal error in French, Spanish, Portuguese, Italian, German, Czech and Hungarian (a review).
    'erreur interne du serveur', 'error interno del servidor', 'erro interno do servidor', 'errore interno del server',
    'serverfehler', 'chyba serveru', 'szerverhiba', 'passerelle incorrecte', 'puerta de enlace incorrecta',
    // ASCII, so the main automaton reads it: French `Délai d'expiration de la passerelle` (a gateway's timeout).
    'expiration de la passerelle',
    // …an answer with no body (`AI_EmptyResponseBodyError`, `the response body was empty`, `Attempted to iterate
    // over a response with no body`; not `(empty response body)` after a 400) or its stream's events out of order.
    'emptyresponsebodyerror', 'response body was empty', 'response with no body', 'unexpected event order, got',
    // Round 46, apps' own words in Italian, Turkish, French and Dutch (read by their ASCII parts): `Errore del server`,
    // `Sunucu hatası`, `Erreur serveur`, `Erreur de passerelle`, and an answer with no body (`Nessun corpo di
    // risposta`, `Sin cuerpo de respuesta`; not `Cuerpo de respuesta:` as the label of a body). Apps print the first
    // four for any status too, so their languages' words for a key, a rate and a balance (below) outrank them. Not
    // `Upstream-Server`, which a German refusal names too.
    'errore del server', 'sunucu hatas', 'erreur serveur', 'erreur de passerelle', 'nessun corpo di risposta',
    'corpo di risposta vuoto', 'sin cuerpo de respuesta', 'cuerpo de respuesta vac',
  ],
  // Codex wraps whatever ended its stream in this; the stream ending is the failure, whatever text follows.
  transportWrapper: [
    'stream disconnected before completion', 'received from peer', 'stream error: stream id', 'at transport layer',
    'do request failed',
    // A connection that failed or a response that never began, under a relay's `Upstream error:` (`connect
    // ETIMEDOUT 1.2.3.4:443`, `upstream response headers timed out after 120000ms`, `Upstream HTTP/2 stream failed`).
    'connect etimedout', 'connect econnrefused', 'headers timed out', 'http/2 stream failed',
    // The OpenAI SDK's APIConnectionError under LiteLLM's InternalServerError: `OpenAIException - Connection error.`
    'exception - connection error',
  ],
  transport: [
    // HTTP's reasons and common refusals in other languages, where their words are ASCII (a list of the languages' usual
    // wordings checked after rounds 79-83).
    'tempo limite da requisicao excedido',
    // An API that could not be reached: `Can't reach the Claude API from Claude's workspace`, `API reachability:
    // PROBABLY_UNREACHABLE`.
    'unreachable', "can't reach", 'cannot reach', 'unable to reach', "couldn't reach", 'could not reach',
    // grammY's failed call to Telegram: `Network request for 'sendMessage' failed!`.
    'network request for',
    // Python's websocket-client (`Connection to remote host was lost.`), and httpx's frame that turns its transport's
    // failures into its own (`in map_httpcore_exceptions`).
    'connection to remote host was lost', 'map_httpcore_exceptions',
    'econnreset', 'econnrefused', 'econnaborted', 'etimedout', 'epipe', ' enotfound', "'enotfound", '"enotfound', '(enotfound', '[enotfound', 'eai_again',
    'ehostunreach', 'enetunreach', 'enetdown', 'ehostdown', 'enetreset', 'socket hang up', 'socket closed',
    // Round 50: `DNS lookup for the provider endpoint failed`.
    'dns lookup for',
    // Round 52: n8n's (`The service refused the connection - perhaps it is offline`, `The connection cannot be
    // established`, `The server closed the connection unexpectedly`); not libpq's `server closed the connection
    // unexpectedly` without its `The`, said of the agent's own database (a review).
    'refused the connection', 'perhaps it is offline', 'connection cannot be established',
    'the server closed the connection unexpectedly',
    'socket connection was closed', 'socket disconnected', 'socketerror', 'socketexception', 'sockettimeout',
    'fetch failed', 'failed to fetch', 'und_err_',
    // Windows' WSAECONNREFUSED (`No connection could be made because the target machine actively refused it`);
    // Safari's fetch (`TypeError: Load failed`); node-fetch on a body cut short (`invalid json response body at …
    // reason: Unexpected end of JSON input`; not on an HTML page, `reason: Unexpected token <`).
    'actively refused', 'typeerror: load failed', 'check the connectivity', '"load failed"', 'reason: unexpected end of json input', 'other side closed', 'premature close', 'premature_close',
    'unexpected eof', 'early eof', 'eof occurred', 'unexpected end of stream', 'unexpected end of file',
    'stream disconnected', 'stream closed', 'stream error', 'stream ended', 'stream was reset',
    // Round 54: a relay's `upstream request was interrupted before completion` (not Codex's `This request was
    // interrupted before completion`, the user's).
    'upstream request was interrupted before completion',
    // Round 56: streams cut in other stacks' words: hyper's `Reset(StreamId(1), PROTOCOL_ERROR, Remote)`, .NET's
    // `net_http_invalid_response_premature_eof` (`ResponseEnded`) and `ReceiveFailure`, Java's `Premature EOF`, Apache
    // HttpClient's `Premature end of chunk coded message body`, Python h2's `<ConnectionTerminated …>`.
    'reset(streamid', 'invalid_response_premature_eof', 'responseended', 'ioexception: premature eof', 'receivefailure',
    'premature end of chunk', 'connectionterminated',
    // Round 57: GitLab Duo's `I'm sorry, I couldn't respond in time` and Node's `certificate has expired`.
    "couldn't respond in time", 'certificate has expired',
    // Round 58: Windows' and VPNs' words (`WIN32[0x00002EE2]WinHttpReceiveResponse`, `Failed to establish a socket
    // connection to proxies`, `Temporary failure resolving`, GlobalProtect's `detected dead peer`, nginx's
    // `SSL_do_handshake() failed`).
    'winhttpreceiveresponse', 'failed to establish a socket connection', 'temporary failure resolving', 'dead peer',
    'ssl_do_handshake() failed',
    'stream reset', 'rst_stream', 'goaway', 'remotedisconnected', 'remote end closed', 'remote disconnected',
    'connectionreseterror', 'connectionrefusederror', 'connectionabortederror', 'connectionerror',
    // Rounds 75-78: Rust's io::ErrorKind as hyper's Debug output prints it (`Io(Kind(ConnectionReset))`,
    // `Kind(AddrNotAvailable)`; not a test's own `ErrorKind::ConnectionAborted`, a review), a harness's `Cursor reported a
    // transport failure` (not Kafka's `Broker transport failure`), and a model that does not answer (`LLM API
    // unresponsive`).
    // Windows' socket errors without their WinError number (10060's `A connection attempt failed because the connected
    // party did not properly respond`, .NET's `The remote name could not be resolved`), and in Windows' other languages
    // where their words are ASCII (10054's `vom Remotehost geschlossen`, `por el host remoto`; 10061's `el equipo de
    // destino denegó`, `l'ordinateur cible l'a expressément refusée`; 10060's `la parte conectada no respondió`; 11001's
    // `Der angegebene Host ist unbekannt`).
    'connected party did not properly respond', 'remote name could not be resolved', 'vom remotehost geschlossen',
    'durch den hostcomputer abgebrochen', 'gegenstelle nach einer bestimmten zeitspanne', 'host ist unbekannt',
    'por el host remoto', 'pelo host remoto', "forzatamente dall'host remoto", 'el equipo de destino deneg',
    'la parte conectada no respond', 'rifiuto persistente del computer di destinazione',
    'risposta non corretta della parte connessa', "l'ordinateur cible l'a express", 'de destino as recusou',
    'o componente conectado',
    // …and Linux's (glibc's strerror as curl and Python print it under a localised LANG) where their words are ASCII:
    // `Keine Route zum Zielrechner`, `Netzwerk ist nicht erreichbar`, `Conexión reinicializada por la máquina remota`,
    // `Tempo esgotado para conexão`, `Conexão reiniciada pela outra ponta`, Italian's reset, refused and timed out,
    // `Przekroczony czas oczekiwania na połączenie`.
    'keine route zum zielrechner', 'netzwerk ist nicht erreichbar', 'reinicializada por la', 'tempo esgotado para conex',
    'reiniciada pela outra ponta', 'interrotta dal corrispondente', 'connessione rifiutata', 'connessione scaduta',
    // Runtimes' own words for a connection that broke, as a list of every platform's showed (Go's `use of closed network
    // connection`, `no route to host`; OkHttp's `java.io.EOFException: \n not found: limit=0`, not any EOFException: a
    // keystore's `Detect premature EOF`; httpcore's bare `ReadError`; .NET's `Error while copying content to a stream`;
    // BSD's `Software caused connection abort`).
    'use of closed network connection', 'no route to host', 'not found: limit=', 'httpcore.readerror',
    'httpcore.writeerror', 'httpx.readerror', 'httpx.writeerror', 'copying content to a stream',
    'software caused connection abort',
    // …and a stream that broke (`The stream was interrupted before completion`, `Premature end of stream`, Apache
    // HttpClient's `Premature end of chunk coded message body`, Node's `Error: aborted` from its `connResetException`).
    'stream was interrupted', 'premature end of', 'connresetexception',
    'kind(connectionreset', 'kind: connectionreset', 'kind(connectionaborted', 'kind: connectionaborted',
    'kind(addrnotavailable', 'reported a transport failure', 'llm api unresponsive',
    'model api unresponsive', 'llm unresponsive',
    'connection error', 'connection reset', 'connection refused', 'connectionrefused', 'connection closed',
    'connection aborted', 'connection failed', 'connection failure', 'connection timed out',
    'connection timeout', 'connection was closed', 'connection broken', 'connection lost',
    'connection terminated', 'connection errored', 'connect timeout', 'connecttimeout', 'readtimeout',
    'read timeout', 'read timed out', 'writetimeout', 'timed out', 'timeout', 'apiconnectionerror',
    'apitimeouterror', 'network error', 'networkerror', 'network_error', 'network is unreachable',
    'incompleteread', 'incomplete chunked read', 'incomplete message', 'incompletemessage',
    'peer closed connection', 'reset by peer', 'remoteprotocolerror', 'serverdisconnected',
    // Round 34: `the server closed connection before returning the first response byte`.
    'closed connection before', 'closed the connection before',
    // Round 35: a stream that ended without its end (`Did not receive done or success response in stream`, the AI
    // SDK's `Anthropic: Error in input stream`).
    'did not receive done', 'error in input stream',
    // …and a provider that stopped answering (`No response from provider for 180s … Reconnecting`).
    'no response from provider',
    // Round 37: the AWS SDK for Rust's `DispatchFailure(DispatchFailure { source: ConnectorError { kind: Io, … } })`
    // (Amazon Q Developer CLI): the request never got through.
    'dispatchfailure', 'connectorerror',
    'server disconnected', 'disconnect/reset before headers', 'upstream connect error', 'tls handshake',
    'handshake timeout', 'deadline exceeded', 'deadline_exceeded', 'deadline expired', 'i/o timeout',
    'broken pipe', 'brokenpipe', 'websocket closed', 'websocket connection closed', 'websocket error',
    'websocket disconnected', 'error sending request', 'error decoding response body',
    // Rounds 69 and 71: a router's log of the same (`error=error_sending_request_for_url_(https://…)`), and
    // go-openai's `err=error, EOF`.
    'error_sending_request', 'error, eof',
    'error reading response', 'unable to connect', 'failed to connect', 'could not connect', 'cannot connect',
    // gRPC's channel without a connection (`14 UNAVAILABLE: No connection established`, `(StatusCode.UNAVAILABLE, Connect
    // Failed)`).
    'no connection established', 'connect failed',
    // A review: gRPC's `DNS resolution failed for firestore.googleapis.com` and grpc-js's `Connection dropped`.
    'dns resolution failed', 'connection dropped',
    // Round 64: a client's `Error attempting to connect to the server` (not to its database: a review).
    'error attempting to connect to the server',
    "can't connect", "couldn't connect", 'getaddrinfo', 'name resolution', 'no such host', 'dial tcp',
    'gateway request failed', 'transport error', 'clientconnectorerror', 'clientoserror',
    'payload is not completed', 'response ended prematurely', 'request ended without', 'err_connection',
    'err_network', 'err_internet_disconnected', 'reading the server response', 'err_http2', 'body timeout',
    'headers timeout', 'idle timeout', 'net::err_', 'trouble connecting', 'all connection attempts failed',
    'failed, reason:', 'not connected to the internet', 'appear to be offline', 'you are offline',
    'connection was aborted', 'server is offline', 'stream completed without', 'completed without a response',
    'stream_terminated', 'stream_error', 'ssl certificate problem', 'ssl certificate error', 'unable_to_get_issuer_cert', 'local issuer certificate',
    'certificate verify failed', 'err_tls_', 'altname', 'issuer certificate', 'valid certification path',
    'failed host lookup', 'unknown host', 'does not have a dns entry', 'could not resolve host',
    'websocket is closed', 'tunnel connection failed', 'proxy authentication required', '": eof',
    'eof while parsing', 'response ended unexpectedly', 'ssl/tls alert', 'bad record mac',
    'unknownhostexception', 'unable to resolve host', 'no address associated with hostname',
    'nodename nor servname', 'name or service not known', 'sslhandshakeexception', 'ssl peer shut down',
    'ssl_error_syscall', 'remote host closed', 'remote host terminated', 'curl: (6)', 'curl: (7)',
    'curl: (28)', 'curl: (35)', 'curl: (52)', 'curl: (56)', 'forcibly closed', 'os error 10053',
    'os error 10054', 'os error 10060', 'os error 10061', 'os error 104)', 'os error 110)', 'os error 111)',
    'error sending http request', 'network disconnected', 'no close frame', 'connectionclosed',
    'websocket connection to', 'transferencodingerror', 'contentlengtherror', 'clientpayloaderror', 'reset by remote',
    'stream stalled', 'response stalled', 'establish a connection', 'not closed cleanly', 'connecterror', 'check your network', 'no response from api',
    'no response from the server', 'stopped arriving', 'timing out', 'i/o error on',
    'resourceaccessexception', 'prematurely closed', 'did not get a response', "didn't get a response",
    'did not receive a response', "didn't receive a response", 'could not be reached', 'cannot be reached',
    "can't be reached", ': load failed', 'cannot assign requested address', 'eaddrnotavail',
    'connection was reset', 'empty reply from server',
    'network problem', 'network issue', 'transfer closed', 'curl: (18)',
    'connection was interrupted', 'connection interrupted', 'dispatch failure', 'response body error',
    'error communicating with',
    'handshake failure', 'client error (connect)',
    'failed to pipe', 'invalid response stream',
    "didn't respond within", 'did not respond within',
    'timedout', ': eof',
    // Round 33: Node's socket written or read after its end (`Error: write EOF at WriteWrap.onWriteComplete`; not
    // `read EOF` inside `thread EOF` or a test's name).
    'error: write eof', 'error: read eof',
    'self-signed certificate', 'self signed certificate', 'certificate verification', 'protocol error',
    // Round 27: TLS as Go, rustls, Python and .NET print it (`x509: certificate signed by unknown authority`,
    // `invalid certificate: UnknownIssuer`, `[SSL: WRONG_VERSION_NUMBER]`, `The SSL connection could not be
    // established`), sockets and streams closed under other runtimes' words (`ERR_SOCKET_CLOSED: Socket is closed`,
    // `http2: response body closed`, Elixir's `%Mint.TransportError{reason: :closed}`, Apple's `SO_ERROR 61`,
    // `WinError 10053`), a connection or stream that ended before its answer, and an error or issue connecting.
    'x509:', 'failed to verify certificate', 'unknown authority', 'invalid certificate', 'unknownissuer', '[ssl: ',
    'connection could not be established', 'socket is closed', 'socket_closed', 'response body closed',
    'transporterror', 'so_error', 'winerror 1005', 'winerror 1006', 'connection ended', 'response ended before',
    'issue connecting', 'problem connecting', 'error connecting',
    // Round 28: a client waiting for its network, a gateway out of connect attempts, Portuguese `Erro de conexão`.
    'waiting for network', 'connect attempts', 'erro de conex', 'verifique sua rede',
    // A model or server that did not answer: `Model didn't respond` (not a user who did not respond to a prompt).
    "model didn't respond", "server didn't respond", 'server did not respond',
    // Round 29: status-less network failures as other stacks word them: hyper's `client error (SendRequest)` and
    // `Error { kind: Incomplete }` (`parsed HTTP message from remote is incomplete`), .NET's `An error occurred while
    // sending the request`, Bun's `FailedToOpenSocket`.
    'client error (sendrequest)', 'kind: incomplete', 'from remote is incomplete', 'while sending the request',
    'failedtoopensocket',
    // HTTP/2's REFUSED_STREAM (the server did not start on it; the spec's own retry case), a Responses stream that
    // ended without its last event, and a connection that was unexpectedly closed or terminated.
    'refused_stream', 'without response.completed', 'connection was unexpectedly',
    // Round 30 (narrowed by a review): Apple's URL loading errors for a timeout, a host not found, refused or lost
    // and no network (-1001, -1003 to -1006, -1009; not -1000's bad URL or -1007's redirects), Erlang's DNS
    // `:nxdomain` (Finch, Mint), Java's `header parser received no bytes`, a gateway whose backends did not answer
    // in time (ngrok), a provider that stopped answering; German, Indonesian, Polish and Korean words for a network
    // or connection failure, an unresolved server address, a server certificate and a timed-out answer.
    'nsurlerrordomain error -1001', 'nsurlerrordomain error -1003', 'nsurlerrordomain error -1004',
    'nsurlerrordomain error -1005', 'nsurlerrordomain error -1006', 'nsurlerrordomain error -1009',
    'nsurlerrordomain code=-1001', 'nsurlerrordomain code=-1003', 'nsurlerrordomain code=-1004',
    'nsurlerrordomain code=-1005', 'nsurlerrordomain code=-1006', 'nsurlerrordomain code=-1009',
    'network connection was lost', 'nxdomain', 'header parser received no bytes', 'backends responded in time',
    'backend responded in time', 'provider has been unresponsive', 'model has been unresponsive',
    'api has been unresponsive', 'netzwerkfehler', 'netzwerkverbindung', 'netzwerkproblem',
    'adresse konnte nicht aufgel', 'namensaufl', 'zertifikatsproblem', 'ssl-zertifikat', 'serverzertifikat',
    'kesalahan koneksi', 'koneksi terputus', 'koneksi gagal', 'koneksi internet', 'czas oczekiwania na odpowied',
    'client closed request',
    // Round 32, other Latin-script languages (read by their ASCII parts): Spanish `error al conectarse`, French
    // `erreur de connexion`, `connexion internet`, Portuguese `servidor expirou`, `instabilidade na rede`, German
    // `offline zu sein`, `Internetverbindung`, `Verbindung zum Server`, `Netzwerkstabilität`, `Antwort unterbrochen`,
    // Italian `troppo tempo per rispondere`, `connessione di rete`, Polish `internetowe`, Indonesian `habis waktu`.
    'error al conectarse', 'erreur de connexion', 'connexion internet', 'servidor expirou', 'instabilidade na rede',
    'offline zu sein', 'internetverbindung', 'verbindung zum server', 'netzwerkstabilit', 'antwort unterbrochen',
    'troppo tempo per rispondere', 'connessione di rete', 'internetowe', 'habis waktu',
    // German `keine Verbindung` (no connection), timeouts in Portuguese (`tempo limite esgotado`), Polish (`limit
    // czasu`) and Italian (`tempo scaduto`).
    // Narrowed after a review: not `tempo limite` alone (`tempo limite de 5 horas`, a usage window). German
    // `Verbindungsfehler` and `Verbindung fehlgeschlagen`, Italian `tempo di attesa scaduto`.
    'keine verbindung', 'tempo limite esgotado', 'tempo limite excedido', 'excedeu o tempo limite', 'limit czasu',
    'tempo scaduto', 'attesa scaduto', 'verbindungsfehler', 'verbindung fehlgeschlagen', 'server nicht erreichbar',
    // A review's missing words (refused connections, a server that does not answer), and Hungarian `kapcsolat
    // megszakadt` (the connection was cut), all ASCII.
    'connexion refus', 'tiempo de espera agotado', 'el tiempo de espera se ag', 'servidor no responde',
    'falha de conex', 'serwer nie odpowiada', 'kapcsolat megszakadt',
    // Round 41: Rust's getaddrinfo failure (`IO error: failed to lookup address information: Try again`).
    'failed to lookup address',
    // Round 42: Go's `Context deadline reached` (not a `context deadline=600s` setting), urllib3's
    // `InvalidChunkLength(got length b'', 0 bytes read)`, Google api_core's `Deadline of 60.0s exceeded while calling
    // target function`, WinHTTP's 12029 (`A connection with the server could not be established`); gRPC's `Stream
    // removed` is judged in place.
    'context deadline reached', 'invalidchunklength', 'exceeded while calling target function',
    'connection with the server could not be',
    // Round 46: Italian `Errore di connessione`, Dutch `serververbinding` and a network connection lost, missing,
    // failed or unstable (not `Controleer je netwerkverbinding`, a hint beside any error).
    'errore di connessione', 'serververbinding', 'netwerkverbinding verbroken', 'geen netwerkverbinding',
    'netwerkverbinding mislukt', 'instabiele netwerkverbinding',
  ],
  timeoutWord: ['timeout', 'timed out', 'deadline'],
  // Also Spanish `límite de uso` (usage limit), read past the accent.
  limitWord: ['limit', 'mite de uso'],
  invalid: ['invalid'],
  // Any character of a script of SCRIPTS (CJK, Cyrillic, Thai, accented Latin, Greek, Hebrew, Arabic, Devanagari):
  // every one shares the class of this one (buildAutomaton, CJK_RANGES), so the scan notes that a text has some for
  // free, and only then is CJK_PHRASES looked for.
  cjk: [CJK_MARK],
};

/**
 * Phrases of relays and pools that answer in Chinese (and of apps in Japanese, Korean, Russian, Ukrainian, Thai,
 * Vietnamese, European languages with accents, Greek, Hebrew, Arabic, Persian, Hindi and Bengali), read by a second
 * automaton (`cjkSignals`, one per script of `SCRIPTS`) only when a text holds such characters at all, so that the
 * main automaton's alphabet (at most 64 character classes) stays small.
 */
// biome-ignore format: a table reads better packed
const CJK_PHRASES: ReadonlyArray<readonly [Signal, string]> = [
  // Words rather than sentences where a word says it alone: 过载 and 负载 load, 余额 balance, 额度 quota,
  // 充值 top up, 欠费 arrears, 频繁 too often, 超时 timed out, 网络 network, 连接 connection, 敏感 sensitive,
  // 违规 violation, 封禁 banned, 不存在 does not exist, 令牌 token, 密钥 key, 认证 authentication, 授权 authorization,
  // 参数 parameter, 容量 capacity; Japanese 利用制限 usage limit, クレジット credit.
  // Round 53: Chinese providers' tables in their own sentences, narrowed after a review (a busy SMS service, a locked
  // database, a blacklist setting, an agent's own call budget, a hook's licence check, a form's title said the words
  // too): busy, an account locked, an expired token, today's calls, on the blacklist, limited traffic, blocked for
  // compliance, too many words.
  // Round 63: apps' own messages in Chinese (simplified and traditional), Japanese and Korean: a gateway's error and
  // timeout, a proxy's and an SSL error, a read that timed out, a service unavailable, no channel keys left in a
  // relay's pool (not any `無可用管道`: a weights download's, a review). Rounds 65-68: under maintenance (メンテナンス中,
  // 维护中), as `under maintenance` is.
  ['server', '网关错误'], ['server', '網關錯誤'], ['server', '閘道器錯誤'], ['server', '閘道器逾時'], ['server', '网关超时'],
  ['transport', '代理错误'], ['transport', 'ssl错误'], ['transport', 'sslエラー'], ['transport', '프록시 에러'],
  ['transport', '읽기 시간 초과'], ['capacity', '服务不可用'], ['capacity', '服務無法使用'], ['capacity', '可用的管道密鑰'], ['capacity', '無可用管道（distributor'],
  ['capacity', '服务忙,请稍后再试'], ['capacity', 'メンテナンス中'], ['capacity', '超负荷'], ['capacity', '超負荷'], ['capacity', '维护中'], ['capacity', '維護中'], ['permission', '账户已被锁定'], ['auth', 'token 已过期'],
  ['quota', '已达今日调用次数限额'], ['permission', '在黑名单中'], ['rate', '流量受限'], ['content', '由于合规问题'],
  ['context', '字数太多,需要精简'],
  ['capacity', '服务繁忙'], ['capacity', '系统繁忙'], ['capacity', '过载'], ['capacity', '负载'], ['capacity', '访问量过大'], ['capacity', '暂时不可用'], ['capacity', '暂时无法'],
  ['capacity', '可用账号'], ['capacity', '无可用'], ['capacity', '没有可用'], ['capacity', '请求量较高'], ['capacity', '高需求'],
  ['capacity', '服务器忙'], ['capacity', '排在第'], ['capacity', '容量'],
  ['quota', '余额'], ['quota', '额度'], ['quota', '利用制限'], ['quota', 'クレジット'], ['quota', '使用上限'], ['quota', '预扣费'], ['quota', '欠费'], ['quota', '充值'],
  ['context', '超长'], ['context', '过长'], ['context', '上下文长度'], ['context', '超出上下文'], ['context', '长度超出'],
  ['rate', '频繁'], ['rate', '频率限制'], ['rate', '请求频率'], ['rate', '并发数过高'], ['rate', '降低并发'],
  ['rate', '请求速度过快'], ['rate', '访问频率'], ['rate', '并发超限'], ['rate', '频率上限'], ['rate', '限流'], ['rate', '速率限制'], ['rate', '速率'], ['rate', '请求过多'], ['rate', '并发'],
  ['modelNotFound', '支持模型'], ['modelNotFound', '无匹配'], ['modelNotFound', '不存在'], ['badRequest', '使用流式'], ['badRequest', '参数'], ['badRequest', '无效的请求'], ['badRequest', '未指定模型名称'], ['modelNotFound', '支持当前模型'], ['modelNotFound', '支持该模型'], ['localOther', '配置文件'], ['modelNotFound', '倍率或价格未配置'], ['modelNotFound', '倍率未配置'],
  ['auth', '令牌'], ['auth', '密钥'], ['auth', '认证'], ['auth', '授权'], ['auth', 'token已过期'], ['auth', 'token非法'],
  ['auth', '重新登录'], ['auth', 'key 不正确'],
  ['permission', '没有权限'], ['permission', '权限不足'], ['permission', '无权'], ['permission', '未订阅'], ['permission', '封禁'],
  ['permission', '所在地区不支持'], ['permission', '区域限制'],
  ['server', '内部错误'], ['server', '内部未知错误'], ['server', '服务器错误'], ['server', '系统错误'], ['server', '模型请求失败'], ['server', '服务出错'],
  // Round 59: Zhipu's error table (`API 调用流程出错`, `您当前使用该 API 的频率过高`, `Authentication Token 非法`, `通过 Authentication
  // Token 的验证失败`, `您的账户不存在`, `当前订阅套餐暂未开放…权限`).
  ['server', '调用流程出错'], ['rate', '频率过高'], ['auth', 'token 非法'], ['auth', 'token 的验证失败'], ['auth', '账户不存在'],
  ['permission', '暂未开放'], ['badRequest', '请求格式有误'], ['badRequest', '不能同时设置'],
  ['server', '服务器异常'], ['server', '系统异常'], ['server', '系统超时'], ['server', '応答が返されませんでした'],
  ['transport', '超时'], ['transport', '网络'], ['transport', '连接'], ['transport', '积极拒绝'], ['transport', '： eof'], ['transport', '：eof'],
  ['capacity', 'アクセスが集中'], ['daily', '每日'], ['transport', '未响应'], ['context', '内容太多'], ['context', '長さ制限'], ['denied', '无权使用'], ['permission', '不允许使用该模型'], ['permission', '不允许使用模型'],
  ['content', '敏感'], ['content', '违规'], ['content', '不安全'], ['content', '负责任 ai 服务'], ['content', '审核不通过'],
  // Round 23: Japanese `5時間の制限に達しました` (the 5-hour limit reached), 国家或地区 (your country or region is not
  // served), 拒绝访问 (access refused).
  ['quota', '時間の制限'], ['permission', '国家或地区'], ['permission', '拒绝访问'],
  // Copilot's Responsible AI filter in Japanese and Korean (Hangul counts as CJK here).
  ['content', '責任ある ai'], ['content', 'フィルター処理'], ['content', '책임 있는 ai'], ['content', '필터링'],
  // Round 28: Japanese, Korean and Traditional Chinese words for the same failures: タイムアウト and 超時 timed out,
  // 接続 and 連線 connection, 意外结束 ended unexpectedly, 과부하 overload, 용량 제약 capacity constraint, 暫時無法
  // temporarily unable, サーバーエラー and 서버 오류 server error, クォータ quota, 사용 한도 usage limit, 點數不足 too few
  // credits, 儲值 top up, 너무 많은 요청 too many requests, 컨텍스트 길이 context length, セーフティポリシー safety policy,
  // ログイン log in.
  ['transport', 'タイムアウト'], ['transport', '超時'], ['transport', '接続'], ['transport', '連線'], ['transport', '意外结束'],
  ['capacity', '과부하'], ['capacity', '용량 제약'], ['capacity', '暫時無法'], ['capacity', '일시적으로 사용할 수 없'],
  // Rounds 79-81: apps' own messages in Japanese and Korean (a provider's `サーバー エラー`, `サービスで予期しない問題が発生し`,
  // Korean's `서버 내부 오류` and `연결이 시간 초과되었습니다`, an upstream's answer that took too long) and a subscription's
  // credits used up (`订阅积分已用尽`).
  // Japanese's crowded server (`サーバーが混雑しています`, `ただいま混み合っております`).
  ['capacity', '混雑しています'], ['capacity', 'サーバーが混雑'], ['capacity', '混み合って'],
  ['server', 'サーバー エラー'], ['server', 'サービスで予期しない問題'], ['server', '서버 내부 오류'],
  ['transport', '연결이 시간 초과'], ['transport', '연결 시간 초과'], ['transport', '요청 시간 초과'], ['transport', '요청 시간이 초과'],
  ['transport', '연결 시간이 초과'], ['transport', '待ち時間が長すぎ'], ['transport', '대기 시간이 너무'],
  ['quota', '积分已用尽'], ['quota', '积分不足'],
  // Windows' socket errors in its languages, where the main automaton cannot read them (10054 reset, 10061 refused,
  // 10060 no answer, 11001 no such host): French, Polish, Turkish, Korean, Chinese and Japanese.
  ['transport', "fermée par l'hôte distant"], ['transport', "parti connecté n'a pas répondu"],
  ['transport', 'gwałtownie zamknięte'], ['transport', 'połączona strona nie odpowiedzia'],
  ['transport', 'bilgisayar tarafından zorla kapatıldı'], ['transport', 'süre içinde yanıt vermediğinden'], ['transport', '강제로 끊겼'],
  ['transport', '연결을 거부'], ['transport', '不知道这样的主机'], ['transport', 'ホストは不明'],
  // Round 83: an agent's own command or browser tool that ran out of time, and its extension it could not reach, in Polish,
  // Turkish and Russian (English's `command execution timed out` is the surroundings').
  ['localOther', 'strona internetowa ładowała się'], ['localOther', 'komut çalıştırma'], ['transport', 'tempo limite da requisição esgotado'],
  ['transport', 'tempo limite da requisição excedido'], ['transport', 'oczekiwania na połączenie'],
  ['localOther', 'подключиться к расширению'],
  // LobeHub's server that `seems to be lost` in Russian, Japanese and Chinese; Ukrainian's timeout, reset, request limit
  // and invalid key.
  ['server', 'временно не может предоставлять услуги'], ['server', '一時的にサービスを提供できません'], ['server', '暂时无法提供服务'],
  ['transport', 'час очікування запиту'], ['transport', "з'єднання скинуто"], ['rate', 'ліміт запитів'], ['auth', 'недійсний ключ'],
  // HTTP's reasons and common refusals in other languages, where their words are not ASCII.
  ['rate', 'muitas solicitações'], ['rate', 'muitas requisições'], ['auth', 'não autorizado'], ['auth', 'non autorisé'],
  ['permission', 'accès refusé'], ['badRequest', 'ungültige anfrage'], ['badRequest', 'requisição inválida'],
  ['context', 'überschreitet die maximale kontextlänge'], ['context', 'maximale kontextlänge überschritten'],
  ['context', 'superó la longitud máxima del contexto'], ['context', 'excede la longitud máxima del contexto'],
  ['context', 'longueur du contexte dépasse'], ['context', 'dépasse la longueur du contexte'],
  ['transport', 'время ожидания запроса'], ['transport', 'время ожидания соединения'],
  ['capacity', '일시적으로 서비스를 사용할 수 없'],
  // …and Linux's (glibc's strerror under a localised LANG) where their words are not ASCII.
  ['transport', 'wartezeit für die verbindung'], ['transport', 'initialisée par le correspondant'],
  ['transport', "réseau n'est pas accessible"], ['transport', 'conexión rehusada'], ['transport', 'expiró el tiempo de conexi'],
  ['transport', 'в соединении отказано'], ['transport', 'нет маршрута до узла'], ['transport', '没有到主机的路由'],
  ['transport', 'połączenie zerwane'], ['transport', 'połączenie odrzucone'], ['transport', 'karşı taraf tarafından sıfırlandı'],
  ['transport', 'bağlantı reddedildi'], ['transport', '상대편에 의해 끊어'], ['transport', '연결이 거부'],
  ['server', 'サーバーエラー'], ['server', '서버 오류'], ['quota', 'クォータ'], ['quota', '사용 한도'], ['quota', '點數不足'],
  ['quota', '儲值'], ['rate', '너무 많은 요청'], ['context', '컨텍스트 길이'], ['content', 'セーフティポリシー'], ['auth', 'ログイン'],
  // Round 30: Korean 연결이 끊 (connection cut), 연결할 수 없 (cannot connect), 연결 오류 (connection error), 네트워크
  // 연결 (network connection).
  ['transport', '연결이 끊'], ['transport', '연결할 수 없'], ['transport', '연결 오류'], ['transport', '네트워크 연결'],
  // Round 32: Japanese, Korean and Traditional Chinese words the CJK list lacked: network (ネットワーク), load (負荷,
  // 負載), a service not available, an available channel; internal, gateway and upstream server errors (内部エラー,
  // ゲートウェイ, 上游伺服器, 게이트웨이 오류); too many requests and too often (頻繁すぎ, 너무 빈번; not 頻繁 alone, which
  // is also `frequently`); balance and quota (残高, 餘額,
  // 配額, 할당량, 잔액); an invalid, missing or expired key or token, failed authentication (認証に失敗, 驗證失敗, 金鑰,
  // 인증 실패; not 인증 alone, which 인증서, a certificate, holds); access denied, a whitelist, no permission (存取被拒,
  // 沒有權限, 권한이 없); safety settings, violating or inappropriate content, banned words, recitation (背誦); a context
  // error, window, length or limit (上下文視窗), a token limit; a model not found, a request body too large; an MCP
  // server is the agent's own.
  ['transport', 'ネットワークエラー'], ['transport', 'ネットワーク接続'], ['transport', 'ネットワークに接続'],
  ['capacity', '高負荷'], ['capacity', '負荷が高'], ['capacity', '過負荷'], ['capacity', '負荷が飽和'],
  ['capacity', '最大負荷'], ['capacity', '負載過'], ['capacity', '負載已飽和'], ['capacity', 'サービスが利用できません'],
  ['capacity', '利用可能なチャンネル'], ['server', '内部エラー'], ['server', 'ゲートウェイエラー'],
  ['server', 'ゲートウェイタイムアウト'], ['server', '上游伺服器'], ['server', '伺服器錯誤'], ['server', '上位サービス'],
  ['server', '게이트웨이 오류'], ['rate', 'リクエストが多すぎ'], ['rate', 'リクエスト制限'], ['rate', '請求太多'],
  ['rate', '頻繁すぎ'], ['rate', '過於頻繁'], ['rate', '太頻繁'], ['rate', '너무 빈번'], ['localOther', 'mcp サーバー'],
  ['quota', '残高不足'], ['quota', '残高が不足'], ['quota', '餘額不足'], ['quotaBare', '配額'], ['quotaBare', '할당량'],
  ['quota', '잔액 부족'], ['quota', '잔액이 부족'], ['perMinute', '每分鐘'], ['perMinute', '1分あたり'], ['perMinute', '분당'],
  ['auth', 'トークンは有効期限'], ['auth', 'トークンの有効期限'], ['auth', 'キーの有効期限'], ['auth', '無効なトークン'], ['auth', '無効なキー'],
  ['auth', 'キーが見つかりません'], ['auth', '認証に失敗'], ['auth', '認証エラー'], ['auth', '驗證失敗'], ['auth', 'api 金鑰'], ['auth', '金鑰無效'],
  ['auth', '金鑰不正確'], ['auth', '金鑰錯誤'],
  ['auth', '인증되지 않'], ['auth', '인증 실패'], ['auth', '인증에 실패'], ['permission', 'アクセスが拒否'],
  ['permission', 'ホワイトリストに登録されていません'], ['permission', 'ip ホワイトリスト'], ['permission', 'ipホワイトリスト'], ['permission', '存取被拒'],
  ['permission', '沒有權限'], ['permission', '권한이 없'], ['permission', '액세스 권한'], ['content', '安全設定'],
  ['content', 'ポリシーに違反'], ['content', 'ポリシー違反'], ['content', '違反使用政策'], ['content', '內容違反'],
  ['content', '違反コンテンツ'], ['content', '規約に違反'], ['content', '不適切なコンテンツ'], ['content', '不適切な内容'], ['content', '禁止用語'], ['content', '背誦'], ['content', '안전 정책'],
  ['content', '허용되지 않는 콘텐츠'], ['context', 'コンテキストエラー'], ['context', 'コンテキストウィンドウ'],
  ['context', 'コンテキスト長'], ['context', 'コンテキストの長さ'], ['context', 'コンテキスト制限'], ['context', '上下文視窗'], ['contextWeak', 'トークン制限'],
  ['modelNotFound', 'モデルが見つか'], ['badRequest', 'リクエスト本文が大きすぎ'],
  // Russian and Ukrainian, by stems where a stem says it alone: timed out (время ожидания истекло, час очікування),
  // connection and network errors (ошибка соединения, разорвал for Windows' 10054, подключение не установлено for
  // 10060 and 10061, помилка мережі), overloaded (перегруж, перевантаж), temporarily unavailable, server and internal
  // errors, too many requests, funds and quota (квот, which a per-minute window makes a rate limit), wrong or missing
  // API keys and failed authorization, access denied and regions, a model not found, a bad or unsupported request,
  // a request or context too long, policy and moderation, a user's own cancel; a command's timeout, a hook, an MCP
  // server, an extension's error and the machine's memory are the agent's own. Narrowed by a review: no bare `не найден`, `закончил`, `исчерпан`, `авторизац`,
  // `заблокирован`, `модерац` or `слишком длин`, each of which also sits in other failures.
  ['transport', 'истекло время'], ['transport', 'время ожидания истекло'], ['transport', 'превышено время ожидания'],
  ['transport', 'время запроса истекло'], ['transport', 'таймаут'], ['transport', 'тайм-аут'],
  ['localOther', 'таймаут команды'], ['localOther', 'хук'], ['localOther', 'mcp-сервер'],
  ['localOther', 'ошибка расширения'], ['localOther', 'память перегружена'], ['localOther', 'недостаточно памяти'],
  ['transport', 'ошибка соединения'], ['transport', 'ошибка подключения'], ['transport', 'проблема подключения'],
  ['transport', 'проблема с подключением'], ['transport', 'не удалось подключиться'], ['transport', 'не удается подключиться'],
  ['transport', 'невозможно подключиться'], ['transport', 'соединение разорвано'], ['transport', 'разорвал'],
  ['transport', 'соединение сброшено'], ['transport', 'соединение прервано'], ['transport', 'соединение закрыто'],
  ['transport', 'подключение не установлено'], ['transport', 'не удалось установить соединение'], ['transport', 'ошибка сети'],
  ['transport', 'сетевая ошибка'], ['transport', 'проблемы с сетью'], ['transport', 'подключение к интернету'],
  ['transport', 'час очікування вичерпано'], ['transport', 'вичерпано час очікування'], ['transport', "помилка з'єднання"], ['transport', 'помилка мережі'],
  ['transport', 'не вдалося підключитися'],
  ['capacity', 'перегружен'], ['capacity', 'перегрузк'], ['capacity', 'перевантаж'], ['capacity', 'высокая нагрузка'], ['capacity', 'временно недоступ'],
  ['capacity', 'тимчасово недоступ'], ['capacity', 'сервис недоступен'], ['capacity', 'сервер недоступен'],
  ['capacity', 'служба недоступна'], ['capacity', 'нет доступных каналов'],
  ['server', 'внутренняя ошибка'], ['server', 'ошибка сервера'], ['server', 'ошибка на сервере'],
  ['server', 'ошибка на стороне сервера'], ['server', 'сбой сервера'], ['server', 'внутрішня помилка'],
  ['server', 'помилка сервера'],
  ['rate', 'слишком много запросов'], ['rate', 'слишком частые запросы'], ['rate', 'лимит запросов'],
  ['rate', 'ограничение скорости'], ['rate', 'частоты запросов'], ['rate', 'забагато запитів'],
  ['rate', 'занадто багато запитів'], ['perMinute', 'в минуту'], ['daily', 'в день'],
  ['quota', 'недостаточно средств'], ['quota', 'недостаточно кредитов'], ['quota', 'на балансе'],
  ['quota', 'пополните баланс'], ['quota', 'недостаточный баланс'], ['quotaBare', 'квот'], ['quota', 'лимит использования'],
  ['quota', 'недостатньо коштів'], ['quotaBare', 'квота исчерпана'], ['quotaBare', 'лимит исчерпан'],
  ['quota', 'средства исчерпаны'], ['quota', 'баланс исчерпан'], ['perMinute', 'каждую минуту'],
  ['auth', 'неверный api-ключ'], ['auth', 'недействительный api-ключ'], ['auth', 'пустой api-ключ'],
  ['auth', 'api-ключ не найден'], ['auth', 'api-ключ недействителен'], ['auth', 'неверный ключ'], ['auth', 'недействительный ключ'],
  ['auth', 'ошибка авторизации'], ['auth', 'требуется авторизация'], ['auth', 'ошибка аутентификации'],
  ['auth', 'аутентификация не удалась'], ['auth', 'не удалось аутентифицироваться'], ['auth', 'помилка автентифікації'],
  ['auth', 'не авторизован'],
  ['auth', 'вошли в систему'], ['auth', 'войдите'],
  ['permission', 'доступ запрещ'], ['permission', 'нет доступа'], ['permission', 'отказано в доступе'],
  ['permission', 'в вашем регионе'], ['permission', 'в вашей стране'], ['permission', 'доступ заборонено'],
  ['permission', 'немає доступу'], ['permission', 'у вашому регіоні'],
  ['modelNotFound', 'модель не найдена'], ['modelNotFound', 'неизвестная модель'], ['modelNotFound', 'модель не существует'],
  ['modelNotFound', 'модель не знайдено'],
  ['badRequest', 'неверный запрос'], ['badRequest', 'некорректный запрос'], ['badRequest', 'неверный параметр'],
  ['badRequest', 'недопустимый параметр'], ['badRequest', 'не поддерживается'], ['badRequest', 'некоректний запит'],
  ['badRequest', 'не підтримується'],
  ['context', 'длина контекста'], ['context', 'длину контекста'], ['context', 'контекстного окна'],
  ['context', 'запрос слишком длин'], ['context', 'слишком длинный запрос'], ['context', 'контекст слишком длин'],
  ['context', 'сообщение слишком длин'], ['context', 'довжина контексту'], ['context', 'контекстного вікна'],
  ['context', 'запит занадто довгий'], ['context', 'занадто довгий запит'], ['context', 'контекст занадто довгий'],
  ['content', 'нарушает политик'], ['content', 'нарушение политик'], ['content', 'не прошел модерацию'],
  ['content', 'не прошёл модерацию'], ['content', 'модерацией'], ['content', 'системой модерации'], ['content', 'цензурой'],
  ['content', 'порушує політик'],
  ['userAbort', 'прерван пользователем'], ['userAbort', 'отменен пользователем'], ['userAbort', 'отменена пользователем'],
  ['userAbort', 'остановлен пользователем'], ['userAbort', 'перервано користувачем'], ['userAbort', 'скасовано користувачем'],
  // Round 31 (a Russian and Ukrainian sweep): Windows' 10060 (попытка установить соединение), a lost network name, an
  // unknown host, an SSL/TLS channel that could not be made, a server that ran out of time; an upstream server, a
  // server's difficulties; a saturated channel, no channel or channel key available; funds or requests run out; a
  // key or token that is wrong, missing or expired; a blocked user or account, no access, a location not served,
  // forbidden; a rate limit, too frequent; a context's or dialogue's limit, a token limit (weak: a rate limit's
  // words win); security reasons, content forbidden, rules not met; an invalid or empty request, a file too large.
  ['transport', 'попытка установить соединение'], ['transport', 'сетевое имя'], ['transport', 'хост неизвестен'],
  ['transport', 'канал ssl/tls'], ['transport', 'превысил время ожидания'],
  ['server', 'вышестоящего сервера'], ['server', 'серверная ошибка'], ['server', 'испытывает некоторые трудности'],
  ['capacity', 'насыщена'], ['capacity', 'нет доступных ключей'], ['capacity', 'нет доступного канала'],
  ['quota', 'закончились кредиты'], ['quota', 'закончились средства'], ['quotaBare', 'закончились запросы'],
  ['quotaBare', 'закончился лимит'], ['quotaBare', 'закончилась квота'], ['quota', 'пополните счет'], ['quota', 'пополните счёт'],
  ['auth', 'неверный api ключ'], ['auth', 'некорректный ключ'], ['auth', 'ключ не найден'], ['auth', 'ключ истек'],
  ['auth', 'ключ истёк'], ['auth', 'ключ недействителен'], ['auth', 'key недействителен'], ['auth', 'укажите ключ'],
  ['auth', 'потрібен ключ'], ['auth', 'недопустимый токен'], ['auth', 'неверный токен'], ['auth', 'недействительный токен'],
  ['auth', 'токен истек'], ['auth', 'токен истёк'], ['auth', 'токен не задан'],
  ['permission', 'регион или территория'], ['permission', 'аккаунт заблокирован'], ['permission', 'учетная запись заблокирована'], ['permission', 'пользователь заблокирован'], ['permission', 'не имеет доступа'], ['permission', 'текущее местоположение'],
  ['permissionWeak', 'заборонено'],
  ['rate', 'лимит скорости'], ['rate', 'ліміт швидкості'], ['rate', 'слишком част'], ['rate', 'лимита запросов'],
  ['context', 'пределы контекста'], ['contextWeak', 'ограничение по токенам'], ['context', 'лимит диалога'],
  ['content', 'соображениям безопасности'], ['content', 'системами безопасности'], ['content', 'контент запрещен'],
  ['content', 'не соответствует правилам'],
  ['badRequest', 'недопустимый запрос'],
  ['badRequest', 'пустой запрос'], ['badRequest', 'файл слишком большой'],
  // Vietnamese and Thai, read here rather than by the main automaton (their letters would take its last character
  // classes): apps' own messages and relays' (LobeHub, Roo and Kilo Code, new-api, ChuanhuChatGPT, LibreChat). A
  // connection's error, lost or timed out, a proxy's or the network's; overloaded, saturated, under maintenance, a busy
  // server or no channel or account available; a server's error, the upstream server, no answer's content; a rate
  // limit, too frequent, too many requests; a quota, a balance; authentication, sign-in; access rights, a region's
  // restriction; a safety policy, blocked because, refused to answer; the length exceeded; a model not found.
  ['transport', 'lỗi kết nối'], ['transport', 'không thể kết nối'], ['transport', 'mất kết nối'],
  ['transport', 'hết thời gian kết nối'], ['transport', 'hết thời gian chờ'], ['transport', 'quá thời gian chờ'],
  ['transport', 'lỗi proxy'], ['transport', 'lỗi mạng'], ['transport', 'kết nối bị từ chối'],
  ['transport', 'kết nối bị gián đoạn'], ['transport', 'bị ngắt kết nối'], ['transport', 'máy chủ không phản hồi'],
  ['transport', 'không nhận được phản hồi'], ['transport', 'yêu cầu đã hết thời gian'],
  ['capacity', 'quá tải'], ['capacity', 'bão hòa'], ['capacity', 'bão hoà'], ['capacity', 'đang bảo trì'],
  ['capacity', 'máy chủ bận'], ['capacity', 'hệ thống bận'], ['capacity', 'máy chủ đang bận'], ['capacity', 'hệ thống đang bận'],
  ['capacity', 'tạm thời không khả dụng'], ['capacity', 'dịch vụ đang bận'], ['capacity', 'dịch vụ không khả dụng'],
  ['capacity', 'nhu cầu cao'], ['capacity', 'kênh khả dụng'], ['capacity', 'tài khoản khả dụng'],
  ['server', 'lỗi máy chủ'], ['server', 'máy chủ đầu nguồn'], ['server', 'không có nội dung phản hồi'],
  ['rate', 'giới hạn tốc độ'], ['rate', 'quá thường xuyên'], ['rate', 'quá nhiều yêu cầu'], ['rate', 'giới hạn yêu cầu'],
  ['perMinute', 'mỗi phút'],
  ['quotaBare', 'hạn mức'], ['quota', 'số dư'],
  // Narrowed after a review: not `xác thực` alone (also to verify or validate: `xác thực chứng chỉ`, a certificate's
  // check), `đăng nhập` (sign in for higher limits), `quyền truy cập` (check your internet access), `bị chặn do` (blocked
  // by a rate limit).
  ['auth', 'xác thực api'], ['auth', 'xác thực thất bại'], ['auth', 'yêu cầu xác thực'], ['auth', 'khóa api không hợp lệ'],
  ['auth', 'khoá api không hợp lệ'],
  ['permission', 'không có quyền truy cập'], ['permission', 'hạn chế khu vực'],
  ['content', 'chính sách an toàn'], ['content', 'từ chối trả lời'],
  ['context', 'vượt quá độ dài'],
  ['modelNotFound', 'không tìm thấy mô hình'],
  // European languages' words with accents: a timeout (Zeitüberschreitung, délai d'attente, zaman aşımı, időtúllépés,
  // časový limit), a connection's or the network's error (conexión, conexão, bağlantı, połączenie, erreur réseau);
  // overloaded (aşırı yük, przeciążony, túlterhelt, přetížen), a busy server (está ocupado, meşgul), temporarily
  // unavailable; a gateway's timeout (expiration de la passerelle), a server's error (sunucu hatası, błąd serwera), an
  // empty answer (boş bir yanıt, nie dostarczył żadnej odpowiedzi). Narrowed after a review: not Turkish `bağlantısı`
  // (also a link: `doğrulama bağlantısı`), Polish `połączenia z`, French `échec de la connexion` (a failed sign-in too),
  // Turkish `kullanılamıyor` (not available in a region). Turkish in capitals lowercases `I` to `i`: `zaman aşimi`.
  ['transport', 'zeitüberschreitung'], ['transport', 'zeitlimit überschritten'], ['transport', "délai d'attente"],
  ['transport', 'délai de connexion'], ['transport', 'erreur réseau'], ['transport', 'erreur de réseau'],
  ['transport', 'error de conexión'], ['transport', 'sin conexión'], ['transport', 'se agotó el tiempo'],
  ['transport', 'falha na conexão'], ['transport', 'erro de conexão'],
  ['transport', 'bağlantı hatası'], ['transport', 'bağlantı kesildi'], ['transport', 'bağlantı kurulamadı'],
  ['transport', 'zaman aşımı'], ['transport', 'zaman aşimi'], ['transport', 'ağ hatası'], ['transport', 'yanıt vermiyor'],
  ['transport', 'błąd połączenia'], ['transport', 'nawiązać połączenia'], ['transport', 'utracono połączenie'],
  ['transport', 'połączenie zostało przerwane'], ['transport', 'błąd sieci'], ['transport', 'időtúllépés'],
  ['transport', 'kapcsolódási hiba'], ['transport', 'hálózati hiba'], ['transport', 'vypršel časový limit'],
  ['transport', 'časový limit vypršel'], ['transport', 'chyba připojení'], ['transport', 'chyba sítě'],
  ['capacity', 'aşırı yük'], ['capacity', 'sunucu meşgul'], ['capacity', 'şu anda meşgul'], ['capacity', 'przeciążon'],
  ['capacity', 'przeciążeni'], ['capacity', 'túlterhelt'], ['capacity', 'přetížen'], ['capacity', 'servidor está ocupado'],
  ['capacity', 'vorübergehend nicht verfügbar'], ['capacity', 'geçici olarak kullanılamıyor'],
  ['server', 'sunucu hatası'], ['server', 'błąd serwera'],
  ['server', 'boş bir yanıt'], ['server', 'nie dostarczył żadnej odpowiedzi'],
  // The review's list of common words still missing: refused, cut or lost connections, a server that does not answer,
  // a service unavailable or busy, a gateway that failed, in German, French, Spanish, Portuguese, Turkish, Polish,
  // Hungarian and Czech.
  ['capacity', 'dienst nicht verfügbar'], ['capacity', 'derzeit nicht verfügbar'], ['transport', 'serveur ne répond pas'],
  ['transport', "délai d'expiration"], ['transport', 'conexión rechazada'], ['transport', 'não está respondendo'],
  ['transport', 'servidor não respondeu'], ['transport', 'conexão recusada'], ['transport', 'não foi possível conectar'],
  ['server', 'gateway inválido'], ['capacity', 'hizmet kullanılamıyor'], ['server', 'ağ geçidi'],
  ['transport', 'nie można połączyć'], ['capacity', 'usługa niedostępna'], ['capacity', 'serwer jest niedostępny'],
  ['capacity', 'serwer jest zajęty'], ['capacity', 'túlterhel'], ['capacity', 'átmenetileg nem érhető el'],
  ['capacity', 'szolgáltatás nem érhető el'], ['transport', 'nem sikerült csatlakozni'],
  ['transport', 'szerver nem válaszol'], ['capacity', 'dočasně nedostupn'], ['capacity', 'služba není dostupná'],
  ['transport', 'připojení bylo přerušeno'], ['transport', 'nelze se připojit'], ['transport', 'server neodpovídá'],
  // Thai: a connection that failed, could not be made or had an error; timed out (หมดเวลา; a session's is a sign-in's);
  // a key that is wrong or was
  // given (not any key: `ไม่พบคีย์ "choices"`, a JSON key); the token limit exceeded (weak, as a per-minute limit says it
  // too); community guidelines; not open for use; a quota (both spellings, bare), a balance; a busy server, a server's
  // error, an internal one.
  ['transport', 'การเชื่อมต่อล้มเหลว'], ['transport', 'ไม่สามารถเชื่อมต่อ'], ['transport', 'ข้อผิดพลาดในการเชื่อมต่อ'],
  ['transport', 'หมดเวลา'], ['auth', 'เซสชันหมดเวลา'], ['auth', 'คีย์ไม่ถูกต้อง'], ['auth', 'คีย์ที่ให้มา'], ['contextWeak', 'เกินขีดจำกัดโทเค็น'],
  ['perMinute', 'ต่อนาที'], ['content', 'แนวทางชุมชน'], ['permission', 'ไม่เปิดให้ใช้งาน'], ['quotaBare', 'โควต้า'],
  ['quotaBare', 'โควตา'], ['quota', 'ยอดเงิน'], ['capacity', 'เซิร์ฟเวอร์ไม่ว่าง'], ['server', 'ข้อผิดพลาดของเซิร์ฟเวอร์'],
  ['server', 'ข้อผิดพลาดภายในเซิร์ฟเวอร์'], ['capacity', 'บริการไม่พร้อมใช้งาน'], ['capacity', 'ไม่พร้อมใช้งานชั่วคราว'],
  ['transport', 'ข้อผิดพลาดของเครือข่าย'], ['transport', 'ข้อผิดพลาดเครือข่าย'], ['transport', 'เครือข่ายขัดข้อง'],
  ['transport', 'เซิร์ฟเวอร์ไม่ตอบสนอง'], ['capacity', 'มีความต้องการสูง'],
  // Arabic: apps' own messages (LobeHub, LibreChat, Open WebUI and others in Arabic). A network's or a connection's
  // error (also with خطا, its hamza dropped), failed, cut, refused or impossible (تعذر with and without its shadda), a
  // timeout (انتهت مهلة, انتهاء المهلة), a server that does not answer or no answer received; a busy server or system
  // (a bot's `النظام مشغول شوية`), an overload (beyond its capacity), a service not available or temporarily so, high
  // demand, under maintenance; an internal or server error, a bad or invalid gateway (its timeout holds انتهت مهلة too:
  // server outranks it), an empty answer; too many requests (جدًا with and without its tanween), a rate limit; a
  // balance not enough (كاف, كافٍ and كافي), a quota exceeded or run out; an invalid or wrong API key, failed
  // authentication, an invalid or expired token or key, log in again; access denied, your country or region, an account
  // banned or suspended; content and usage policies, unsafe or improper content, content blocked; the context's length,
  // window or limit, a message or input too long, too many tokens (weak: الرموز are also symbols); a model not found.
  // Not `غير صالح` (any invalid thing), `الحصة` alone (a share, a lesson), `مهلة` alone (a grace period), `في منطقتك`
  // alone (a region's busy servers).
  ['transport', 'خطأ في الشبكة'], ['transport', 'خطا في الشبكة'], ['transport', 'خطا في الاتصال'], ['transport', 'خطأ بالشبكة'], ['transport', 'خطأ في الاتصال'], ['transport', 'فشل الاتصال'],
  ['transport', 'فشل في الاتصال'], ['transport', 'تعذر الاتصال'], ['transport', 'تعذّر الاتصال'], ['transport', 'انقطع الاتصال'],
  ['transport', 'انقطاع الاتصال'], ['transport', 'قطع الاتصال'], ['transport', 'فقدان الاتصال'], ['transport', 'رفض الاتصال'],
  ['transport', 'انتهت مهلة'], ['transport', 'انتهت المهلة'], ['transport', 'انتهاء مهلة'], ['transport', 'انتهاء المهلة'],
  ['transport', 'الخادم لا يستجيب'], ['transport', 'لم يتم تلقي استجابة'], ['transport', 'لم يتم تلقي أي استجابة'],
  ['transport', 'لا توجد استجابة من'],
  ['capacity', 'الخادم مشغول'], ['capacity', 'الخوادم مشغولة'], ['capacity', 'السيرفر مشغول'], ['capacity', 'النظام مشغول'], ['capacity', 'مشغول حالي'],
  ['capacity', 'حمل زائد'], ['capacity', 'الحمل الزائد'], ['capacity', 'التحميل الزائد'], ['capacity', 'فوق طاقت'],
  ['capacity', 'الخدمة غير متاحة'], ['capacity', 'الخدمة غير متوفرة'], ['capacity', 'غير متاحة مؤقت'], ['capacity', 'غير متاح مؤقت'],
  ['capacity', 'غير متوفرة مؤقت'], ['capacity', 'غير متوفر مؤقت'], ['capacity', 'ارتفاع الطلب'], ['capacity', 'طلب مرتفع'],
  ['capacity', 'الطلب المرتفع'], ['capacity', 'قيد الصيانة'], ['capacity', 'تحت الصيانة'],
  ['server', 'خطأ داخلي في الخادم'], ['server', 'خطأ خادم داخلي'], ['server', 'خطأ في الخادم'], ['server', 'خطأ الخادم'],
  ['server', 'خطأ في السيرفر'], ['server', 'بوابة سيئة'], ['server', 'بوابة غير صالحة'], ['server', 'مهلة البوابة'],
  ['server', 'خطأ في البوابة'], ['server', 'استجابة فارغة'], ['server', 'رد فارغ'],
  ['rate', 'كبير جدًا من الطلبات'], ['rate', 'كبير جدا من الطلبات'], ['rate', 'طلبات كثيرة'], ['rate', 'حد المعدل'],
  ['rate', 'حد معدل'], ['rate', 'تقييد المعدل'],
  ['quota', 'رصيد غير كاف'], ['quota', 'رصيدك غير كاف'], ['quota', 'الرصيد غير كاف'], ['quota', 'نفد رصيد'],
  ['quota', 'نفاد الرصيد'], ['quota', 'تجاوز الحصة'], ['quota', 'تجاوزت الحصة'], ['quota', 'تجاوزت حصتك'], ['quota', 'نفدت الحصة'],
  ['quota', 'نفاد الحصة'], ['quota', 'أرصدة غير كافية'], ['quotaBare', 'حصة الاستخدام'],
  ['auth', 'مفتاح api غير صالح'], ['auth', 'مفتاح api غير صحيح'], ['auth', 'مفتاح api مفقود'], ['auth', 'برمجة التطبيقات غير صالح'],
  ['auth', 'فشل المصادقة'], ['auth', 'فشلت المصادقة'], ['auth', 'فشل في المصادقة'], ['auth', 'خطأ في المصادقة'],
  ['auth', 'رمز مميز غير صالح'], ['auth', 'الرمز المميز غير صالح'], ['auth', 'انتهت صلاحية الرمز'], ['auth', 'انتهت صلاحية مفتاح'],
  ['auth', 'تسجيل الدخول مرة أخرى'],
  ['permission', 'رفض الوصول'], ['permission', 'الوصول مرفوض'], ['permission', 'ليس لديك صلاحية'], ['permission', 'ليس لديك إذن'],
  ['permission', 'في بلدك'], ['permission', 'متاح في منطقتك'], ['permission', 'متوفر في منطقتك'], ['permission', 'مدعوم في منطقتك'],
  ['permission', 'تم حظر حسابك'], ['permission', 'تم تعليق حسابك'], ['permission', 'حسابك محظور'],
  ['content', 'سياسة المحتوى'], ['content', 'سياسات المحتوى'], ['content', 'سياسة الاستخدام'], ['content', 'سياسات الاستخدام'],
  ['content', 'محتوى غير لائق'], ['content', 'محتوى غير آمن'], ['content', 'تم حظر المحتوى'], ['content', 'فلتر المحتوى'],
  ['content', 'مرشح المحتوى'],
  ['context', 'طول السياق'], ['context', 'نافذة السياق'], ['context', 'حد السياق'], ['context', 'الرسالة طويلة جد'],
  ['context', 'المدخلات طويلة جد'], ['contextWeak', 'كبير جدًا من الرموز'], ['contextWeak', 'كبير جدا من الرموز'],
  ['modelNotFound', 'نموذج غير موجود'], ['modelNotFound', 'النموذج المطلوب غير موجود'], ['modelNotFound', 'العثور على النموذج'],
  // Persian (the same script, its own letters: ی and ک; text typed with Arabic ي and ك does not match these). A
  // network's or a connection's error, a connection not made, cut or refused, a request's or connection's time limit
  // run out (not `مهلت زمانی` alone: a usage window's too), تایم‌اوت with and without its zero-width non-joiner, a
  // server that does not answer (`پاسخ نمی`, past the joiner or space before `دهد`); a busy server, an overload or
  // heavy load, high traffic or demand, a service or server not available or temporarily so, under repair, capacity
  // full; an internal or server error, an invalid gateway, an empty answer; a rate limit, too many requests (ها written
  // three ways); a credit or balance not enough, top up your account, a quota (bare: a per-minute one is the account's
  // rate); an invalid or wrong API key, failed authentication, an invalid or expired token, log in again; access denied
  // or not allowed, sanctions, your region or country, an account blocked; content and usage policies, improper
  // content; the context's length or window, a token limit (weak); a model not found. Not `تحریم` alone (`تحریم‌شکن`, a
  // proxy a connection error's hint names), `در دسترس نیست` alone (a region's refusal), `بیش از حد طولانی` (a
  // response's wait).
  ['transport', 'خطای شبکه'], ['transport', 'خطا در شبکه'], ['transport', 'خطای اتصال'], ['transport', 'خطا در اتصال'],
  ['transport', 'اتصال برقرار نشد'], ['transport', 'اتصال قطع شد'], ['transport', 'قطع اتصال'], ['transport', 'عدم اتصال'],
  ['transport', 'اتصال رد شد'], ['transport', 'مهلت زمانی درخواست'], ['transport', 'مهلت زمانی اتصال'],
  ['transport', 'مهلت زمانی به پایان'], ['transport', 'پایان مهلت زمانی'], ['transport', 'زمان درخواست به پایان'],
  ['transport', 'زمان انتظار به پایان'], ['transport', 'تایم اوت'], ['transport', 'تایم‌اوت'], ['transport', 'سرور پاسخ نمی'],
  ['transport', 'سرور پاسخگو نیست'], ['transport', 'پاسخی دریافت نشد'], ['transport', 'عدم پاسخ'],
  ['capacity', 'سرور شلوغ'], ['capacity', 'سرورها شلوغ'], ['capacity', 'سرور مشغول'], ['capacity', 'سیستم شلوغ'], ['capacity', 'بار بیش از حد'],
  ['capacity', 'بار سنگین'], ['capacity', 'ترافیک بالا'], ['capacity', 'تقاضای بالا'], ['capacity', 'تقاضای زیاد'],
  ['capacity', 'سرویس در دسترس نیست'], ['capacity', 'سرور در دسترس نیست'], ['capacity', 'موقتاً در دسترس نیست'],
  ['capacity', 'موقتا در دسترس نیست'], ['capacity', 'در حال تعمیر'], ['capacity', 'ظرفیت تکمیل'], ['capacity', 'ظرفیت پر'],
  ['server', 'خطای داخلی سرور'], ['server', 'خطای سرور'], ['server', 'خطا در سرور'], ['server', 'خطای داخلی'],
  ['server', 'دروازه نامعتبر'], ['server', 'خطای دروازه'], ['server', 'خطای درگاه'], ['server', 'پاسخ خالی'],
  ['rate', 'محدودیت نرخ'], ['rate', 'محدودیت سرعت درخواست'], ['rate', 'محدودیت تعداد درخواست'],
  ['rate', 'درخواست‌های زیاد'], ['rate', 'درخواست های زیاد'], ['rate', 'درخواستهای زیاد'], ['rate', 'درخواست‌های بیش'],
  ['rate', 'درخواست های بیش'], ['rate', 'درخواستهای بیش'], ['rate', 'درخواست‌ها بیش'], ['rate', 'درخواست ها بیش'],
  ['rate', 'درخواستها بیش'],
  ['quota', 'اعتبار کافی نیست'], ['quota', 'اعتبار ناکافی'], ['quota', 'موجودی کافی نیست'], ['quota', 'موجودی ناکافی'],
  ['quota', 'موجودی حساب کافی'], ['quota', 'موجودی حساب شما کافی'], ['quota', 'موجودی شما کافی نیست'], ['quota', 'اعتبار شما کافی نیست'],
  ['quota', 'اعتبار حساب شما کافی'], ['quota', 'حساب خود را شارژ'], ['quotaBare', 'سهمیه'],
  ['auth', 'کلید api نامعتبر'], ['auth', 'کلید api معتبر نیست'], ['auth', 'کلید api اشتباه'], ['auth', 'کلید api صحیح نیست'],
  ['auth', 'احراز هویت ناموفق'], ['auth', 'احراز هویت انجام نشد'], ['auth', 'احراز هویت شکست'], ['auth', 'خطای احراز هویت'],
  ['auth', 'خطا در احراز هویت'], ['auth', 'توکن نامعتبر'], ['auth', 'توکن منقضی'], ['auth', 'دوباره وارد شوید'],
  ['auth', 'مجدداً وارد شوید'], ['auth', 'مجددا وارد شوید'],
  ['permission', 'دسترسی رد شد'], ['permission', 'دسترسی غیرمجاز'], ['permission', 'دسترسی غیر مجاز'], ['permission', 'دسترسی مجاز نیست'],
  ['permission', 'اجازه دسترسی ندارید'], ['permission', 'شما دسترسی ندارید'], ['permission', 'به دلیل تحریم'],
  ['permission', 'منطقه شما پشتیبانی نمی'], ['permission', 'کشور شما پشتیبانی نمی'], ['permission', 'در منطقه شما در دسترس نیست'],
  ['permission', 'در کشور شما در دسترس نیست'], ['permission', 'حساب شما مسدود'], ['permission', 'حساب کاربری شما مسدود'],
  ['permission', 'حساب شما تعلیق'],
  ['content', 'سیاست محتوا'], ['content', 'سیاست‌های محتوا'], ['content', 'سیاست های محتوا'], ['content', 'مشی محتوا'],
  ['content', 'محتوای نامناسب'], ['content', 'محتوای ممنوع'], ['content', 'سیاست استفاده'], ['content', 'سیاست‌های استفاده'],
  ['content', 'سیاست های استفاده'], ['content', 'فیلتر محتوا'],
  ['context', 'طول زمینه'], ['context', 'پنجره زمینه'], ['context', 'طول کانتکست'], ['context', 'پنجره کانتکست'],
  ['context', 'محدودیت زمینه'], ['contextWeak', 'محدودیت توکن'],
  ['modelNotFound', 'مدل یافت نشد'], ['modelNotFound', 'مدل پیدا نشد'], ['modelNotFound', 'مدل وجود ندارد'],
  // Hebrew: a network's or a connection's error or problem, a connection failed, cut, reset or refused, to connect to
  // the server, no internet; the allotted time over (פג, תם, exceeded: not `פג` alone, `פג תוקף` is a token's expiry),
  // a time-out, a server that does not answer, no answer received; a loaded server, overload or heavy load, a service
  // not available or temporarily so, maintenance, high demand; a server's or an internal error, a bad or invalid
  // gateway, an empty answer; too many requests, a rate limit; a quota exceeded or yours (not `מכסה` alone: also a lid,
  // covers), a balance not enough, credits run out; an invalid or wrong API key (with and without ה-), failed
  // authentication, an invalid or expired token or key, sign in again (not `התחבר מחדש`, also reconnect; not `שגיאת
  // אימות`, also a validation error), unauthorized; access denied, no permission (not `אין לך גישה` alone: no internet
  // access), your region or country, an account blocked or suspended; content, usage and safety policies, a content
  // filter, improper or offensive content; the context's length, window or limit, input too long, too many tokens
  // (weak); a model not found or not existing.
  ['transport', 'שגיאת רשת'], ['transport', 'שגיאת חיבור'], ['transport', 'בעיית רשת'], ['transport', 'בעיית חיבור'],
  ['transport', 'בעיה בחיבור'], ['transport', 'החיבור נכשל'], ['transport', 'החיבור לשרת נכשל'], ['transport', 'החיבור נותק'],
  ['transport', 'החיבור אופס'], ['transport', 'החיבור נדחה'], ['transport', 'להתחבר לשרת'], ['transport', 'אין חיבור לאינטרנט'],
  ['transport', 'פג הזמן הקצוב'], ['transport', 'תם הזמן הקצוב'], ['transport', 'חריגה מהזמן הקצוב'], ['transport', 'הזמן הקצוב לבקשה'],
  ['transport', 'פסק זמן'], ['transport', 'השרת אינו מגיב'], ['transport', 'השרת לא מגיב'], ['transport', 'לא התקבלה תגובה'],
  ['capacity', 'השרת עמוס'], ['capacity', 'השרתים עמוסים'], ['capacity', 'המערכת עמוסה'], ['capacity', 'עומס יתר'], ['capacity', 'עומס על השרת'],
  ['capacity', 'עומס כבד'], ['capacity', 'עומס גבוה'], ['capacity', 'השירות אינו זמין'], ['capacity', 'השירות לא זמין'],
  ['capacity', 'אינו זמין זמנית'], ['capacity', 'לא זמין זמנית'], ['capacity', 'זמנית אינו זמין'], ['capacity', 'זמנית לא זמין'],
  ['capacity', 'בתחזוקה'], ['capacity', 'ביקוש גבוה'], ['capacity', 'ביקוש רב'],
  ['server', 'שגיאת שרת'], ['server', 'שגיאה פנימית'], ['server', 'שגיאה בשרת'], ['server', 'שער שגוי'], ['server', 'שער לא תקין'],
  ['server', 'שגיאת שער'], ['server', 'תגובה ריקה'], ['server', 'תשובה ריקה'],
  ['rate', 'יותר מדי בקשות'], ['rate', 'מגבלת קצב'], ['rate', 'הגבלת קצב'], ['rate', 'מגבלת בקשות'],
  ['quota', 'חריגה מהמכסה'], ['quota', 'חרגת מהמכסה'], ['quota', 'המכסה שלך'], ['quota', 'מכסת השימוש'],
  ['quota', 'יתרה לא מספקת'], ['quota', 'יתרה אינה מספקת'], ['quota', 'אין מספיק קרדיט'], ['quota', 'אין מספיק יתרה'],
  ['quota', 'אזלו הקרדיטים'], ['quota', 'נגמרו הקרדיטים'],
  ['auth', 'מפתח api לא תקין'], ['auth', 'מפתח api אינו תקין'], ['auth', 'מפתח api שגוי'], ['auth', 'מפתח api לא חוקי'],
  ['auth', 'מפתח ה-api לא תקין'], ['auth', 'מפתח ה-api אינו תקין'], ['auth', 'מפתח ה-api שגוי'], ['auth', 'מפתח api חסר'],
  ['auth', 'האימות נכשל'], ['auth', 'אימות נכשל'], ['auth', 'טוקן לא תקין'], ['auth', 'אסימון לא חוקי'], ['auth', 'אסימון לא תקין'],
  ['auth', 'פג תוקף הטוקן'], ['auth', 'תוקף הטוקן פג'], ['auth', 'פג תוקף המפתח'], ['auth', 'תוקף המפתח פג'],
  ['auth', 'להיכנס מחדש'], ['auth', 'היכנס מחדש'], ['auth', 'היכנסו מחדש'], ['auth', 'לא מורשה'],
  ['permission', 'הגישה נדחתה'], ['permission', 'גישה נדחתה'], ['permission', 'אין לך הרשאה'], ['permission', 'אין לך גישה למודל'],
  ['permission', 'זמין באזור שלך'], ['permission', 'זמין במדינה שלך'], ['permission', 'נתמך באזור שלך'],
  ['permission', 'נתמך במדינה שלך'], ['permission', 'החשבון שלך נחסם'], ['permission', 'החשבון שלך הושעה'],
  ['content', 'מדיניות התוכן'], ['content', 'מדיניות תוכן'], ['content', 'מדיניות השימוש'], ['content', 'מדיניות הבטיחות'],
  ['content', 'מסנן התוכן'], ['content', 'סינון תוכן'], ['content', 'תוכן לא הולם'], ['content', 'תוכן פוגעני'],
  ['content', 'התוכן נחסם'],
  ['context', 'אורך ההקשר'], ['context', 'חלון ההקשר'], ['context', 'מגבלת ההקשר'], ['context', 'חלון הקונטקסט'],
  ['context', 'אורך הקונטקסט'], ['context', 'הקלט ארוך מדי'], ['contextWeak', 'יותר מדי טוקנים'], ['contextWeak', 'מגבלת הטוקנים'],
  ['contextWeak', 'מגבלת טוקנים'],
  ['modelNotFound', 'מודל לא נמצא'], ['modelNotFound', 'מודל אינו קיים'], ['modelNotFound', 'מודל לא קיים'],
  // Hindi: apps' own messages, in Hindi words and English ones written in Devanagari (सर्वर, नेटवर्क, कनेक्शन,
  // टाइमआउट). A network's or a connection's error, a connection failed, not made, broken, refused or reset, a request's
  // or connection's time over (not `समय सीमा समाप्त` alone: a subscription's too), no response, a server that does not
  // answer or could not be reached; a busy server, a service unavailable or temporarily so, an overload, high demand
  // (मांग and माँग), maintenance; an internal or server error, a bad gateway or its timeout, an empty answer; too many
  // requests (ज्यादा with and without its nukta, as NFC writes it), a rate or request limit; a balance or credits not
  // enough or spent, a quota spent or exceeded (not `कोटा` alone: also a city); an invalid or wrong API key (both
  // spellings of API), failed authentication, an invalid or expired token, log in again; access denied (पहुंच and
  // पहुँच), no permission, your region or country, an account suspended or banned; content and usage policies,
  // violated, improper content; the context's length, window or limit, input or message too long, a token limit (weak);
  // a model not found or not existing.
  ['transport', 'नेटवर्क त्रुटि'], ['transport', 'नेटवर्क में त्रुटि'], ['transport', 'कनेक्शन त्रुटि'],
  ['transport', 'कनेक्शन में त्रुटि'], ['transport', 'कनेक्शन विफल'], ['transport', 'कनेक्ट करने में विफल'],
  ['transport', 'कनेक्ट नहीं हो'], ['transport', 'कनेक्ट नहीं कर'], ['transport', 'कनेक्शन टूट गया'],
  ['transport', 'कनेक्शन अस्वीकार'], ['transport', 'कनेक्शन रीसेट'], ['transport', 'अनुरोध का समय समाप्त'],
  ['transport', 'कनेक्शन का समय समाप्त'], ['transport', 'अनुरोध की समय सीमा'], ['transport', 'टाइमआउट'],
  ['transport', 'टाइम आउट'], ['transport', 'कोई प्रतिक्रिया नहीं'], ['transport', 'सर्वर जवाब नहीं'],
  ['transport', 'सर्वर प्रतिक्रिया नहीं'], ['transport', 'सर्वर से संपर्क नहीं'],
  ['capacity', 'सर्वर व्यस्त'], ['capacity', 'सिस्टम व्यस्त'], ['capacity', 'सेवा अनुपलब्ध'], ['capacity', 'सेवा उपलब्ध नहीं'],
  ['capacity', 'अस्थायी रूप से अनुपलब्ध'], ['capacity', 'अस्थायी रूप से उपलब्ध नहीं'], ['capacity', 'ओवरलोड'],
  ['capacity', 'अतिभारित'], ['capacity', 'अधिक मांग'], ['capacity', 'अधिक माँग'], ['capacity', 'उच्च मांग'],
  ['capacity', 'उच्च माँग'], ['capacity', 'रखरखाव'],
  ['server', 'आंतरिक सर्वर त्रुटि'], ['server', 'सर्वर त्रुटि'], ['server', 'सर्वर में त्रुटि'], ['server', 'सर्वर की त्रुटि'],
  ['server', 'आंतरिक त्रुटि'], ['server', 'खराब गेटवे'], ['server', 'ख़राब गेटवे'], ['server', '\u0959राब गेटवे'], ['server', 'गेटवे टाइमआउट'],
  ['server', 'गेटवे त्रुटि'], ['server', 'खाली प्रतिक्रिया'], ['server', 'खाली जवाब'],
  ['rate', 'बहुत अधिक अनुरोध'], ['rate', 'बहुत ज्यादा अनुरोध'], ['rate', 'बहुत ज़्यादा अनुरोध'], ['rate', 'बहुत \u095b्यादा अनुरोध'], ['rate', 'दर सीमा'],
  ['rate', 'अनुरोध सीमा'], ['rate', 'रेट लिमिट'],
  ['quota', 'अपर्याप्त शेष'], ['quota', 'शेष राशि अपर्याप्त'], ['quota', 'शेष राशि पर्याप्त नहीं'],
  ['quota', 'अपर्याप्त क्रेडिट'], ['quota', 'पर्याप्त क्रेडिट नहीं'], ['quota', 'क्रेडिट समाप्त'], ['quota', 'कोटा समाप्त'],
  ['quota', 'कोटा पार'], ['quota', 'कोटा से अधिक'],
  ['auth', 'अमान्य api कुंजी'], ['auth', 'api कुंजी अमान्य'], ['auth', 'अमान्य एपीआई कुंजी'], ['auth', 'एपीआई कुंजी अमान्य'],
  ['auth', 'गलत api कुंजी'], ['auth', 'api कुंजी गलत'], ['auth', 'प्रमाणीकरण विफल'], ['auth', 'प्रमाणीकरण असफल'],
  ['auth', 'प्रमाणीकरण त्रुटि'], ['auth', 'अमान्य टोकन'], ['auth', 'टोकन अमान्य'], ['auth', 'टोकन की समय सीमा समाप्त'],
  ['auth', 'टोकन की अवधि समाप्त'], ['auth', 'फिर से लॉग इन'], ['auth', 'दोबारा लॉग इन'], ['auth', 'कृपया लॉग इन करें'],
  ['permission', 'पहुंच अस्वीकृत'], ['permission', 'पहुँच अस्वीकृत'], ['permission', 'एक्सेस अस्वीकृत'],
  ['permission', 'पहुंच से इनकार'], ['permission', 'आपके पास अनुमति नहीं'], ['permission', 'आपके पास पहुंच नहीं'],
  ['permission', 'क्षेत्र में उपलब्ध नहीं'], ['permission', 'देश में उपलब्ध नहीं'], ['permission', 'क्षेत्र में समर्थित नहीं'],
  ['permission', 'देश में समर्थित नहीं'], ['permission', 'खाता निलंबित'], ['permission', 'खाता प्रतिबंधित'],
  ['content', 'सामग्री नीति'], ['content', 'उपयोग नीति'], ['content', 'नीति का उल्लंघन'], ['content', 'नीतियों का उल्लंघन'],
  ['content', 'अनुचित सामग्री'],
  ['context', 'संदर्भ लंबाई'], ['context', 'संदर्भ की लंबाई'], ['context', 'संदर्भ लम्बाई'], ['context', 'संदर्भ विंडो'],
  ['context', 'संदर्भ सीमा'], ['context', 'इनपुट बहुत लंबा'], ['context', 'संदेश बहुत लंबा'], ['contextWeak', 'टोकन सीमा'],
  ['contextWeak', 'बहुत अधिक टोकन'],
  ['modelNotFound', 'मॉडल नहीं मिला'], ['modelNotFound', 'मॉडल मौजूद नहीं'],
  // Bengali (optional; the same automaton as Hindi's): a network's or a connection's error or failure, disconnected,
  // the time limit over, a timeout, no response; a busy server, a service unavailable; an internal or server error; too
  // many requests, a rate limit; a balance not enough; an invalid API key, failed authentication; access denied; a
  // content policy; a model not found. A য় is U+09AF U+09BC in NFC and U+09DF where typed: both are here.
  ['transport', 'নেটওয়ার্ক ত্রুটি'], ['transport', 'নেটও\u09dfার্ক ত্রুটি'], ['transport', 'সংযোগ ত্রুটি'],
  ['transport', 'সংযোগ ব্যর্থ'], ['transport', 'সংযোগ বিচ্ছিন্ন'], ['transport', 'সময়সীমা শেষ'], ['transport', 'সম\u09dfসীমা শেষ'],
  ['transport', 'সময়সীমা অতিক্রম'], ['transport', 'সম\u09dfসীমা অতিক্রম'], ['transport', 'টাইমআউট'],
  ['transport', 'কোনো প্রতিক্রিয়া নেই'], ['transport', 'কোনো প্রতিক্রি\u09dfা নেই'],
  ['capacity', 'সার্ভার ব্যস্ত'], ['capacity', 'পরিষেবা অনুপলব্ধ'], ['capacity', 'পরিষেবা উপলব্ধ নয়'], ['capacity', 'পরিষেবা উপলব্ধ ন\u09df'],
  ['server', 'অভ্যন্তরীণ সার্ভার ত্রুটি'], ['server', 'সার্ভার ত্রুটি'],
  ['rate', 'অনেক বেশি অনুরোধ'], ['rate', 'হার সীমা'], ['quota', 'অপর্যাপ্ত ব্যালেন্স'], ['quota', 'অপর্যাপ্ত ক্রেডিট'],
  ['auth', 'অবৈধ api কী'], ['auth', 'api কী অবৈধ'], ['auth', 'প্রমাণীকরণ ব্যর্থ'], ['permission', 'অ্যাক্সেস অস্বীকৃত'],
  ['content', 'বিষয়বস্তু নীতি'], ['content', 'বিষ\u09dfবস্তু নীতি'], ['modelNotFound', 'মডেল পাওয়া যায়নি'],
  ['modelNotFound', 'মডেল পাও\u09dfা যা\u09dfনি'],
  // Greek, lowercase as JavaScript writes it (a final ς at a word's end, accents kept; a text in capitals drops its
  // accents: four retried phrases are here without them too). A network's or a connection's error or failure, a
  // connection failed, interrupted, lost, refused or reset, could not connect; the time limit over or exceeded, a
  // wait's time over, a server that does not answer, no answer received (ελήφθη and λήφθηκε); an overload, a busy
  // server, a service not available or temporarily so, high demand or heavy load, under maintenance; an internal or
  // server error, a bad or invalid gateway (its timeout holds λήξη χρονικού ορίου too: server outranks it), an empty
  // answer; too many requests, a rate or request limit (and their genitives); a balance or credits not enough, a quota
  // (bare) or its excess, a usage limit; an invalid API key, failed authentication, an invalid or expired token,
  // invalid sign-in details (σύνδεση is also a sign-in: these outrank its network words); access denied or not allowed,
  // no right or permission, your region or country, an account suspended or banned; content and usage policies in their
  // cases, improper content, a content filter (not `ρυθμίσεις ασφαλείας`, a firewall's security settings); the
  // context's length, window or limit in its three words, too many tokens (weak); a model not found or not existing.
  ['transport', 'σφάλμα δικτύου'], ['transport', 'σφαλμα δικτυου'], ['transport', 'σφαλμα συνδεσης'],
  ['transport', 'ληξη χρονικου οριου'], ['server', 'εσωτερικο σφαλμα'], ['transport', 'σφάλμα σύνδεσης'], ['transport', 'αποτυχία σύνδεσης'],
  ['transport', 'η σύνδεση απέτυχε'], ['transport', 'η σύνδεση διακόπηκε'], ['transport', 'η σύνδεση χάθηκε'],
  ['transport', 'η σύνδεση απορρίφθηκε'], ['transport', 'επαναφορά σύνδεσης'], ['transport', 'δεν ήταν δυνατή η σύνδεση'],
  ['transport', 'αδυναμία σύνδεσης'], ['transport', 'λήξη χρονικού ορίου'], ['transport', 'έληξε το χρονικό όριο'],
  ['transport', 'το χρονικό όριο έληξε'], ['transport', 'υπέρβαση χρονικού ορίου'], ['transport', 'λήξη χρόνου'],
  ['transport', 'έληξε ο χρόνος αναμονής'], ['transport', 'δεν αποκρίνεται'], ['transport', 'δεν ανταποκρίνεται'],
  ['transport', 'δεν ελήφθη απάντηση'], ['transport', 'δεν λήφθηκε απάντηση'], ['transport', 'δεν ελήφθη απόκριση'],
  ['transport', 'δεν λήφθηκε απόκριση'],
  ['capacity', 'υπερφόρτωση'], ['capacity', 'υπερφορτωμέν'], ['capacity', 'είναι απασχολημέν'], ['capacity', 'υπηρεσία δεν είναι διαθέσιμη'],
  ['capacity', 'μη διαθέσιμη υπηρεσία'], ['capacity', 'υπηρεσία μη διαθέσιμη'], ['capacity', 'προσωρινά μη διαθέσιμ'],
  ['capacity', 'προσωρινά δεν είναι διαθέσιμ'], ['capacity', 'δεν είναι διαθέσιμη προσωρινά'], ['capacity', 'υψηλή ζήτηση'],
  ['capacity', 'μεγάλη ζήτηση'], ['capacity', 'μεγάλος φόρτος'], ['capacity', 'υψηλός φόρτος'], ['capacity', 'υπό συντήρηση'],
  ['server', 'εσωτερικό σφάλμα'], ['server', 'σφάλμα διακομιστή'], ['server', 'σφάλμα του διακομιστή'], ['server', 'σφάλμα server'],
  ['server', 'εσφαλμένη πύλη'], ['server', 'μη έγκυρη πύλη'], ['server', 'σφάλμα πύλης'], ['server', 'χρονικού ορίου πύλης'],
  ['server', 'κενή απόκριση'], ['server', 'κενή απάντηση'],
  ['rate', 'πάρα πολλά αιτήματα'], ['rate', 'πάρα πολλές αιτήσεις'], ['rate', 'όριο ρυθμού'], ['rate', 'περιορισμός ρυθμού'],
  ['rate', 'όριο συχνότητας'], ['rate', 'όριο αιτημάτων'], ['rate', 'ορίου ρυθμού'], ['rate', 'ορίου αιτημάτων'],
  ['quota', 'ανεπαρκές υπόλοιπο'], ['quota', 'υπόλοιπο δεν επαρκεί'], ['quota', 'υπόλοιπό σας δεν επαρκεί'],
  ['quota', 'ανεπαρκή πιστωτικά'], ['quota', 'ανεπαρκείς πιστώσεις'], ['quota', 'υπέρβαση ποσόστωσης'],
  ['quota', 'υπερβήκατε την ποσόστωση'], ['quota', 'όριο χρήσης'], ['quotaBare', 'ποσόστωσ'],
  ['auth', 'μη έγκυρο κλειδί api'], ['auth', 'άκυρο κλειδί api'], ['auth', 'κλειδί api δεν είναι έγκυρο'],
  ['auth', 'αποτυχία ελέγχου ταυτότητας'], ['auth', 'έλεγχος ταυτότητας απέτυχε'], ['auth', 'σφάλμα ελέγχου ταυτότητας'],
  ['auth', 'μη έγκυρο διακριτικό'], ['auth', 'μη έγκυρο token'], ['auth', 'διακριτικό έχει λήξει'], ['auth', 'token έχει λήξει'],
  ['auth', 'στοιχεία σύνδεσης'],
  ['permission', 'άρνηση πρόσβασης'], ['permission', 'δεν επιτρέπεται η πρόσβαση'], ['permission', 'η πρόσβαση απορρίφθηκε'],
  ['permission', 'δεν έχετε δικαίωμα'], ['permission', 'δεν έχετε άδεια'], ['permission', 'δεν έχετε πρόσβαση στο μοντέλο'],
  ['permission', 'διαθέσιμο στην περιοχή σας'], ['permission', 'διαθέσιμη στην περιοχή σας'], ['permission', 'διαθέσιμο στη χώρα σας'],
  ['permission', 'διαθέσιμη στη χώρα σας'], ['permission', 'υποστηρίζεται στην περιοχή σας'],
  ['permission', 'υποστηρίζεται στη χώρα σας'], ['permission', 'λογαριασμός σας έχει ανασταλεί'],
  ['permission', 'λογαριασμός σας έχει αποκλειστεί'],
  ['content', 'πολιτική περιεχομένου'], ['content', 'πολιτικής περιεχομένου'], ['content', 'πολιτικές περιεχομένου'],
  ['content', 'πολιτικών περιεχομένου'], ['content', 'πολιτική χρήσης'], ['content', 'πολιτικής χρήσης'],
  ['content', 'πολιτικές χρήσης'], ['content', 'ακατάλληλο περιεχόμενο'], ['content', 'φίλτρο περιεχομένου'],
  ['context', 'μήκος πλαισίου'], ['context', 'μήκος περιβάλλοντος'], ['context', 'μήκος συμφραζομένων'],
  ['context', 'παράθυρο πλαισίου'], ['context', 'παράθυρο περιβάλλοντος'], ['context', 'παράθυρο συμφραζομένων'],
  ['context', 'όριο πλαισίου'], ['context', 'όριο συμφραζομένων'], ['contextWeak', 'πάρα πολλά token'],
  ['modelNotFound', 'μοντέλο δεν βρέθηκε'], ['modelNotFound', 'μοντέλο δεν υπάρχει'], ['modelNotFound', 'δεν βρέθηκε το μοντέλο'],
];
/** Kana, ideographs, Hangul and compatibility ideographs: CJK's letters but its full-width forms. */
const HAN_KANA_HANGUL_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x3040, 0x30ff],
  [0x3400, 0x9fff],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
];

/**
 * The scripts whose phrases the second automaton reads (`CJK_PHRASES`), by their code unit ranges: CJK (kana,
 * ideographs, Hangul, compatibility ideographs, full-width forms), Cyrillic, Thai, Latin letters with accents
 * (Latin-1's and Latin Extended-A's: German, French, Spanish, Portuguese, Italian, Turkish, Polish, Czech, Hungarian;
 * Vietnamese's own letters, with its tone marks from Latin Extended Additional), Greek, Hebrew, Arabic and Persian,
 * Devanagari and Bengali. No phrase of the main automaton holds one of these; there they all count as one class
 * (`CJK_MARK`'s), so that the scan notes a text has some for free. Each script's phrases are an automaton of their
 * own, read only over a text that holds that script: one table for all was 6.2 MB (5,362 states × 580 columns), as
 * each state had a column for every script's letters.
 */
const SCRIPTS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [...HAN_KANA_HANGUL_RANGES, [0xff00, 0xffef]],
  [[0x0400, 0x04ff]],
  [[0x0e00, 0x0e7f]],
  [
    [0x00c0, 0x00d6],
    [0x00d8, 0x00f6],
    [0x00f8, 0x017f],
    [0x01a0, 0x01a1],
    [0x01af, 0x01b0],
    [0x1ea0, 0x1ef9],
  ],
  // Greek and Coptic, Hebrew, Arabic (Persian's letters and both sets of Arabic-Indic digits are in it), Devanagari and
  // Bengali (one automaton).
  [[0x0370, 0x03ff]],
  [[0x0590, 0x05ff]],
  [[0x0600, 0x06ff]],
  [[0x0900, 0x09ff]],
];
const CJK_RANGES = SCRIPTS.flat();

/**
 * Letters the second automaton reads as one, however a text spells them: Arabic's alef with hamza or madda as bare
 * alef (`خطأ`, `خطا`), and Arabic's yeh, alef maksura and kaf as Persian's (Persian typed on an Arabic keyboard
 * writes `ي` and `ك` for `ی` and `ک`). The phrases' own spelling is read the same way.
 */
// biome-ignore format: a table reads better packed
const SAME_LETTER: ReadonlyArray<readonly [number, number]> = [
  [0x0622, 0x0627], [0x0623, 0x0627], [0x0625, 0x0627], [0x0671, 0x0627],
  [0x064a, 0x06cc], [0x0649, 0x06cc], [0x0643, 0x06a9],
  // Greek's final sigma: a `\u03a3` escape at a word's end is lowered to `σ`, where the text's own lowering gives `ς`.
  [0x03c2, 0x03c3],
];

/**
 * The signals of `CJK_PHRASES` in `text`, which holds a character of some script of theirs: one pass to find which
 * scripts it holds, and one pass of each such script's automaton, so a 256 KiB page costs a read or two whatever its
 * words.
 */
function cjkSignals(text: string): number {
  cjkAutomata ??= buildCjkAutomata();
  const { classOf, scriptOf, phrasesOf } = cjkAutomata;
  let scripts = 0;
  for (let i = 0; i < text.length; i++) scripts |= scriptOf[text.charCodeAt(i)] ?? 0;
  let signals = 0;
  for (let k = 0; k < phrasesOf.length; k++) {
    if (!(scripts & (1 << k))) continue;
    const { columnOf, next, out, columns } = scriptAutomaton(k);
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      state = next[state * columns + (columnOf[classOf[text.charCodeAt(i)] ?? 0] ?? 0)] ?? 0;
      signals |= out[state] ?? 0;
    }
  }
  return signals;
}

/**
 * `CJK_PHRASES` as Aho–Corasick automata, one per script (`SCRIPTS`): a phrase belongs to the script of its first
 * letter of one. Every code unit a phrase holds has a class (`classOf`); each script's automaton has a column per class
 * its phrases hold and one for every other (`columnOf`), and a full row of next states per state (about 2.1 MB in
 * all). Each is built on the first text that holds its script, or by `primeClassifier` (all eight, 7-30 ms): a
 * function that classifies rarely and does not prime never builds Thai's or Greek's unless a text holds them.
 */
type ScriptAutomaton = { columnOf: Uint16Array; next: Uint16Array; out: Int32Array; columns: number };
type CjkAutomata = {
  classOf: Uint16Array;
  classes: number;
  scriptOf: Uint8Array;
  /** Each script's phrases, and its automaton once a text has held that script. */
  phrasesOf: ReadonlyArray<ReadonlyArray<readonly [Signal, string]>>;
  byScript: Array<ScriptAutomaton | undefined>;
};
let cjkAutomata: CjkAutomata | undefined;

function buildCjkAutomata(): CjkAutomata {
  // A bit per script, in a byte: at most eight.
  if (SCRIPTS.length > 8) throw new Error('classify: more scripts than scriptOf has bits');
  const scriptOf = new Uint8Array(0x10000);
  SCRIPTS.forEach((ranges, k) => {
    for (const [from, to] of ranges) scriptOf.fill(1 << k, from, to + 1);
  });
  const classOf = new Uint16Array(0x10000);
  let classes = 1;
  for (const [variant, letter] of SAME_LETTER) {
    if (classOf[letter] === 0) classOf[letter] = classes++;
    classOf[variant] = classOf[letter] ?? 0;
  }
  for (const [, phrase] of CJK_PHRASES) {
    for (let i = 0; i < phrase.length; i++) {
      const code = phrase.charCodeAt(i);
      if (classOf[code] === 0) classOf[code] = classes++;
    }
  }
  const phrasesOf = SCRIPTS.map((): Array<readonly [Signal, string]> => []);
  for (const entry of CJK_PHRASES) {
    const phrase = entry[1];
    let script = 0;
    for (let i = 0; i < phrase.length && script === 0; i++) script = scriptOf[phrase.charCodeAt(i)] ?? 0;
    if (script === 0) throw new Error(`classify: the CJK phrase ${phrase} holds no letter of a script`);
    phrasesOf[31 - Math.clz32(script)]?.push(entry);
  }
  return { classOf, classes, scriptOf, phrasesOf, byScript: [] };
}

/** The automaton of the `k`th script (`SCRIPTS`), built the first time it is asked for. */
function scriptAutomaton(k: number): ScriptAutomaton {
  cjkAutomata ??= buildCjkAutomata();
  const { classOf, classes, phrasesOf, byScript } = cjkAutomata;
  let automaton = byScript[k];
  if (automaton === undefined) {
    automaton = buildScriptAutomaton(phrasesOf[k] ?? [], classOf, classes);
    byScript[k] = automaton;
  }
  return automaton;
}

/** One script's phrases as an automaton over the classes of `classOf` (`classes` of them). */
function buildScriptAutomaton(
  phrases: ReadonlyArray<readonly [Signal, string]>,
  classOf: Uint16Array,
  classes: number,
): ScriptAutomaton {
  const columnOf = new Uint16Array(classes);
  let columns = 1;
  for (const [, phrase] of phrases) {
    for (let i = 0; i < phrase.length; i++) {
      const cls = classOf[phrase.charCodeAt(i)] ?? 0;
      if (columnOf[cls] === 0) columnOf[cls] = columns++;
    }
  }
  // The trie: per state its children by column, and the signals of the phrases that end there.
  const children: Array<Map<number, number>> = [new Map()];
  const ends: number[] = [0];
  for (const [signal, phrase] of phrases) {
    let state = 0;
    for (let i = 0; i < phrase.length; i++) {
      const column = columnOf[classOf[phrase.charCodeAt(i)] ?? 0] ?? 0;
      let child = children[state]?.get(column);
      if (child === undefined) {
        child = children.length;
        children.push(new Map());
        ends.push(0);
        children[state]?.set(column, child);
      }
      state = child;
    }
    ends[state] = (ends[state] ?? 0) | S[signal];
  }
  const count = children.length;
  if (count > 0xffff) throw new Error('classify: too many CJK automaton states');
  // Breadth first: a state's row is its failure state's row (complete, being shallower) with its own children over
  // it, and its signals include its failure state's.
  const next = new Uint16Array(count * columns);
  const out = Int32Array.from(ends);
  const failOf = new Int32Array(count);
  const queue: number[] = [];
  for (const [column, child] of children[0] ?? []) {
    next[column] = child;
    queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] ?? 0;
    const fail = failOf[state] ?? 0;
    out[state] = (out[state] ?? 0) | (out[fail] ?? 0);
    next.copyWithin(state * columns, fail * columns, fail * columns + columns);
    for (const [column, child] of children[state] ?? []) {
      failOf[child] = next[fail * columns + column] ?? 0;
      next[state * columns + column] = child;
      queue.push(child);
    }
  }
  return { columnOf, next, out, columns };
}

// Retry hints, most specific first: an explicit `retry after` wins over `try again in`, which wins over
// a pool's `frees up in`; within a tier the largest wait wins (the server asked for at least that long).
const HINTS: ReadonlyArray<{ tier: 0 | 1 | 2; unitMs: number; phrases: readonly string[] }> = [
  {
    tier: 0,
    unitMs: 1000,
    phrases: ['retry after', 'retry-after', 'retry_after', 'retryafter', 'retrydelay'],
  },
  { tier: 0, unitMs: 1, phrases: ['retry-after-ms', 'retry_after_ms'] },
  { tier: 1, unitMs: 1000, phrases: ['again in', 'again after', 'retry in', 'wait for', 'please wait'] },
  {
    tier: 2,
    unitMs: 1000,
    phrases: [
      'frees up in',
      'free up in',
      'resets in',
      'reset in',
      'resets after',
      'reset after',
      'resets_in_seconds',
    ],
  },
];

// biome-ignore format: a table reads better packed
const UNIT_MS: Record<string, number> = {
  ms: 1, msec: 1, msecs: 1, millisecond: 1, milliseconds: 1, s: 1000, sec: 1000, secs: 1000, second: 1000,
  seconds: 1000, m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000, h: 3_600_000,
  hr: 3_600_000, hrs: 3_600_000, hour: 3_600_000, hours: 3_600_000, d: 86_400_000, day: 86_400_000,
  days: 86_400_000, w: 604_800_000, week: 604_800_000, weeks: 604_800_000,
};

/** The units by their first letter's code unit, each with its length and ms. */
const UNITS_BY_FIRST = new Map<number, Array<[string, number]>>();
for (const [unit, ms] of Object.entries(UNIT_MS)) {
  const code = unit.charCodeAt(0);
  UNITS_BY_FIRST.set(code, [...(UNITS_BY_FIRST.get(code) ?? []), [unit, ms]]);
}

/** The ms of the unit `t[start, end)` names (`s`, `minutes`), without cutting it out; `undefined` for none. */
function unitMsAt(t: string, start: number, end: number): number | undefined {
  const length = end - start;
  if (length === 0) return undefined;
  for (const [unit, ms] of UNITS_BY_FIRST.get(t.charCodeAt(start)) ?? [])
    if (unit.length === length && t.startsWith(unit, start)) return ms;
  return undefined;
}

/** HTTP statuses the classifier knows, by the class each one means on its own. */
// biome-ignore format: a table reads better packed
const STATUS_CLASS: Readonly<Record<number, FailureClass>> = {
  400: 'bad_request', 401: 'auth', 402: 'quota', 403: 'permission', 404: 'bad_request', 405: 'bad_request',
  407: 'transport', 408: 'transport', 410: 'bad_request', 413: 'bad_request', 415: 'bad_request', 422: 'bad_request',
  429: 'rate_limit', 451: 'permission', 500: 'server', 501: 'bad_request', 502: 'server', 503: 'capacity',
  504: 'server', 520: 'server', 521: 'server', 522: 'server', 523: 'server', 524: 'server', 525: 'server',
  526: 'server', 527: 'server', 529: 'capacity', 530: 'server', 598: 'transport', 599: 'transport',
};

/** `STATUS_CLASS` as an array, for the statuses found in the text (whole numbers, where an array is faster). */
const CLASS_OF_STATUS: Array<FailureClass | undefined> = [];
for (const [status, cls] of Object.entries(STATUS_CLASS)) CLASS_OF_STATUS[Number(status)] = cls;

// biome-ignore format: a table reads better packed
const STATUS_WORDS = new Set(['err', 'code', 'http', 'errorcode', 'error_code', 'http_code', 'returned',
  'failed', 'response', 'response_code']);
/** Errors whose number is their own code, not an HTTP status: aiohttp's payload errors always say 400. */
const NOT_STATUS_ERRORS = new Set(['transferencodingerror', 'contentlengtherror', 'clientpayloaderror']);

/** Reason phrases that make a preceding three-digit number a status (`503 Service Unavailable`). */
// biome-ignore format: a table reads better packed
const STATUS_REASONS = [
  'service unavailable', 'service temporarily unavailable', 'too many requests', 'internal server error',
  'internal error', 'unauthorized', 'forbidden', 'bad gateway', 'gateway timeout', 'gateway time-out',
  'bad request', 'not found', 'overloaded', 'payment required', 'insufficient balance', 'request timeout',
  'payload too large', 'request entity too large', 'unprocessable', 'method not allowed', 'rate limit',
  'request time-out',
  'server error', 'status code', 'no non-exhausted', 'no available', 'upstream', 'provider returned error', '{',
  'error',
  // A status before the request it answers: `403 GET https://…` (an error chain's line).
  'get http', 'post http',
];

// biome-ignore format: a table reads better packed
const NEVER_RETRIED: ReadonlySet<FailureClass> = new Set<FailureClass>([
  'auth', 'permission', 'bad_request', 'context_overflow', 'content_filter', 'quota', 'rate_limit',
]);

const RETRY_OF: Partial<Record<FailureClass, RetryReason>> = {
  capacity: 'capacity',
  server: 'capacity',
  transport: 'transport',
};

const HOUR_MS = 3_600_000;
/** A rate limit whose window reopens this far away is a spent quota in all but name. */
const QUOTA_HINT_MS = 6 * HOUR_MS;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Character codes the scanners compare against. */
const DOUBLE_QUOTE = 34;
const QUOTE = 39;
const PAREN = 40;
const PAREN_CLOSE = 41;
const COMMA = 44;
const DASH = 45;
const DOT = 46;
const SLASH = 47;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const COLON = 58;
const EQUALS = 61;
const GREATER = 62;
const SPACE = 32;
const BRACKET = 91;
const BACKSLASH = 92;
const ESCAPE = 0x1b;
const BRACKET_CLOSE = 93;
const UNDERSCORE = 95;
const LOWER_A = 97;
const LOWER_B = 98;
const LOWER_F = 102;
const LOWER_N = 110;
const LOWER_R = 114;
const LOWER_T = 116;
const LOWER_U = 117;
const BRACE = 123;
const BRACE_CLOSE = 125;
const PIPE = 124;
const MIDDLE_DOT = 0xb7;
const FULLWIDTH_COLON = 0xff1a;

/** What `classify` may know besides the failure. */
export type ClassifyContext = {
  /**
   * When the failure happened (epoch ms). A hint that names a moment rather than a wait (`Retry-After: Wed, 21 Oct
   * 2026 07:28:00 GMT`, `"retry_after": 1767225600`) is read against it; without it, such a hint is left out.
   */
  now?: number;
};

/** Classifies a turn failure: its class, the reason to retry it in place (or `null`), and any wait hint. */
export function classify(failure: Failure, context?: ClassifyContext): Classification {
  ensureAutomaton();
  // No object made per call without a context: this is the hot path.
  hintClock = context?.now;
  // Message and type are read as one text, a space between them. Without a type, that space ends the text;
  // the scan reads it without the text being copied to add it.
  const message = `${failure.message ?? ''}`;
  const type = `${failure.type ?? ''}`;
  const scan =
    type === '' ? scanText(message.toLowerCase(), true) : scanText(`${message} ${type}`.toLowerCase(), false);
  const fieldHint = failure.retryAfterSeconds;
  // Finite in ms too: `1e308` seconds would be an infinite wait, written as `null` wherever it is stored.
  const fieldMs =
    typeof fieldHint === 'number' && Number.isFinite(fieldHint * 1000) && fieldHint >= 0
      ? waitOf(Math.round(fieldHint * 1000))
      : undefined;
  const retryAfterMs = fieldMs ?? scan.hintMs;
  const fieldStatus =
    failure.status !== undefined && STATUS_CLASS[failure.status] ? failure.status : undefined;
  let signals = scan.signals & S.cjk ? scan.signals | cjkSignals(scan.text) : scan.signals;
  let status = fieldStatus ?? firstStatus(scan.text);
  // An AWS event-stream exception frame names its error in `:exception-type`; the 400 beside it is the frame's
  // (`Bad response code, expected 200: {'status_code': 400, 'headers': {':exception-type': 'internalServerException'`).
  if (
    status !== undefined &&
    status !== fieldStatus &&
    status < 500 &&
    signals & (S.server | S.overload) &&
    scan.text.includes(EXCEPTION_TYPE_HEADER)
  )
    status = undefined;
  // A token step (AUTH_STEPS) is auth, unless the network broke it and nothing says the credentials failed.
  if (signals & S.authStep && !(signals & S.auth) && !networkBrokeTokenStep(signals, status, scan.text))
    signals |= S.auth;
  // .NET names a failed TLS handshake an authentication failure (`System.Security.Authentication.
  // AuthenticationException: Authentication failed, see inner exception`): the connection's, when the network's words
  // say so, not the credentials' (the same exception also carries an app's `Invalid API key format`).
  if (signals & S.auth && signals & S.transport && scan.text.includes(TLS_AUTHENTICATION)) signals &= ~S.auth;
  // The model's own output that a server could not parse names its tokens, not the context's.
  if (signals & S.contextWeak && signals & S.server && scan.text.includes(OUTPUT_PARSE_FAILURE))
    signals &= ~S.contextWeak;
  // Go's `net/http: HTTP/1.x transport connection broken: malformed HTTP response …`: the answer was not HTTP, so
  // the connection failed, not the request.
  if (signals & S.badRequest && signals & S.transport && scan.text.includes(GO_BROKEN_CONNECTION))
    signals &= ~S.badRequest;
  // An answer that failed (ANSWER_FAILURES) says nothing of the request, unless the status of a refused one does (a
  // relay's 408 does not).
  if (
    signals & S.badRequest &&
    !(status !== undefined && status >= 400 && status < 500 && status !== 408) &&
    includesOneOf(scan.text, ANSWER_FAILURES)
  )
    signals &= ~S.badRequest;
  const statusClass =
    status === undefined
      ? undefined
      : status === fieldStatus
        ? STATUS_CLASS[status]
        : CLASS_OF_STATUS[status];
  // Codex's wrapper around OpenAI's own message for a failed request is that server error:
  // `stream disconnected before completion: An error occurred while processing your request. You can retry…`.
  if (signals & S.transportWrapper && signals & S.server && scan.text.includes(OPENAI_SERVER_ERROR))
    signals &= ~S.transportWrapper;
  // A client's own runtime error with no status (`TypeError: Cannot read properties of undefined`) is its own bug.
  signals = localBugs(scan, signals, status);
  const cls = decide(signals, status, statusClass, retryAfterMs);
  // The agent's own failure words (`npm install`, `child process`) above the line of a model call that failed after
  // them (`● Bash(npm install)` … `API Error: Request timed out.`): that line, read alone, decides if it is retried.
  if (cls === 'other' && signals & S.localOther) {
    const at = scan.text.lastIndexOf(AGENT_API_ERROR);
    if (at > 0) {
      const last = classify({ message: scan.text.slice(at) }, context);
      if (last.retry === 'capacity' || last.retry === 'transport')
        return fieldMs === undefined ? last : { ...last, retryAfterMs: fieldMs };
    }
  }
  const retry =
    RETRY_OF[cls] ?? (failure.agentExited === true && !NEVER_RETRIED.has(cls) ? 'agent_exited' : null);
  return retryAfterMs === undefined ? { class: cls, retry } : { class: cls, retry, retryAfterMs };
}

const OPENAI_SERVER_ERROR = 'error occurred while processing your request';
const EXCEPTION_TYPE_HEADER = ':exception-type';
const GO_BROKEN_CONNECTION = 'transport connection broken';
/**
 * Answers that failed, typed by a wrapper as a request error: Claude Code's `API returned an empty or malformed response
 * (HTTP 200)`, a relay's stream cut off mid-answer (`{"message":"stream error: stream disconnected before completion:
 * stream closed before response.completed","type":"invalid_request_error"}`), SillyTavern's `Malformed JSON sent from
 * server` (the server's answer was not JSON).
 */
const ANSWER_FAILURES = [
  'api returned an empty or malformed response',
  'stream closed before response.completed',
  'json sent from server',
];
/** vLLM's gpt-oss output it could not parse (`Could not parse header: too many tokens remaining after extracting …`). */
const OUTPUT_PARSE_FAILURE = 'tokens remaining after extracting';
/** .NET's namespace for TLS (`System.Security.Authentication.AuthenticationException: Authentication failed, …`). */
const TLS_AUTHENTICATION = 'system.security.authentication';

/**
 * The weighed specials of the agent's own failures (`LOCAL_WEIGHTS`) make the text `other` when there is no status
 * and nothing outweighs them. A client's own runtime error: JavaScript's (`Model request failed: TypeError: Cannot read
 * properties of undefined (reading 'llm')`), unless the network's words, an overload, a rate limit, a bad request or a
 * provider's own failure are there too (a client that crashed on the error body it was given: `Internal Server Error …
 * TypeError: … (reading 'choices')`); Python's `OverflowError` (`timeout doesn't fit into C timeval`), unless a
 * provider's failure or a stream cut off is there too, or it was raised while handling another exception (a retry's
 * delay that overflowed after a `ConnectionResetError`). The agent's own tool calls, settings and hooks, unless the
 * network's words, an overload, a limit or a provider's failure are there too (a bad request's words beside them are
 * the agent's too). The agent's surroundings, whose network words are their own.
 */
function localBugs(scan: Scan, signals: number, status: number | undefined): number {
  if (!(scan.held & HELD_LOCAL)) return signals;
  for (const [flag, outweighed, words, statusOutweighs] of LOCAL_WEIGHTS)
    if (
      scan.held & flag &&
      !(statusOutweighs && status !== undefined) &&
      !(signals & outweighed) &&
      !(flag === HELD.surroundings
        ? saysApart(scan.text, words, scan.surroundingsFirst, scan.surroundingsEnd) ||
          modelFailedAfter(scan.text, scan.surroundingsEnd)
        : includesOneOf(scan.text, words))
    )
      return signals | S.localOther;
  return signals;
}

/**
 * Whether an agent's line for its model call's failure comes after the surroundings' last words: Claude Code's `API
 * Error: Connection error.` after a `Bash(kubectl rollout status …)` line, Copilot CLI's `Failed to get response from
 * the AI model` after Jest's `Exceeded timeout of 5000 ms for a test` (a review). Before them (an agent's prefix on the
 * surroundings' own failure) it says nothing.
 */
function modelFailedAfter(text: string, from: number): boolean {
  for (const line of MODEL_CALL_FAILURES) if (text.indexOf(line, from) >= 0) return true;
  return false;
}
/**
 * How far after a surroundings' phrase a failure's words are still that program's own answer… (64 until rounds 75-78:
 * `invoke tool failed: request failed with status code: 500 and respond with: {"message": "Internal Server Error"`)
 */
const OWN_SPAN = 80;
/**
 * …and how far before its end (inside it: `PineconeInternalServerError`; before it: `(Internal server error) - All
 * scraping engines failed!`, `502 Server Error: Bad Gateway for url: https://api.tavily.com`; 40 until rounds 75-78).
 */
const OWN_BEFORE = 48;

/** Whether words at `at` are the answer of the program whose phrase ends at `end`. */
const ownAnswer = (at: number, end: number): boolean => at >= end - OWN_BEFORE && at <= end + OWN_SPAN;

/**
 * Whether one of `words` is in `text` other than in or just after the surroundings' first or last phrase (ending at
 * `first` and `last`): there they are that program's own answer (`ETELEGRAM: 502 Bad Gateway`,
 * `PineconeInternalServerError: An internal server error occured`), elsewhere a provider's failure printed beside it.
 */
function saysApart(text: string, words: readonly string[], first: number, last: number): boolean {
  for (const word of words)
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
      if (!ownAnswer(at, first) && !ownAnswer(at, last)) return true;
  return false;
}
/** The line Claude Code prints for its model call's failure (`API Error: …`, `API Error (…)`). */
const AGENT_API_ERROR = 'api error';
/**
 * Lines an agent prints for its model call's failure, and the model SDKs' own exceptions (`openai.APIConnectionError`,
 * `anthropic.InternalServerError`, `litellm.ServiceUnavailableError`: a review of rounds 75-78, a tool's log line just
 * before them).
 */
// biome-ignore format: a table reads better packed
const MODEL_CALL_FAILURES = [AGENT_API_ERROR, 'failed to get response from the ai model', 'capierror',
  'reading streaming llm response', 'azure.ai.openai', 'openai.', 'anthropic.', 'litellm.', 'google.genai.errors'];

/** A provider's own failure in a body that a client then crashed on; not a wrapper's `Model request failed`. */
// biome-ignore format: a table reads better packed
const PROVIDER_FAILURES = ['internal server error', 'internal_server_error', 'api_error', 'server_error',
  'bad gateway', 'bad_gateway', 'the server had an error', 'empty response from provider', 'provider returned error',
  'upstream request failed', 'failed after retries', 'internalerror',
  // A server's own crash reported in its answer (a relay's `Panic detected` or `new_api_panic`, Gin's `panic recovered`,
  // Ollama's `llama runner process has terminated`, LiteLLM's `proxy_server`, FastAPI's `{"detail": …}`): a review.
  'panic detected', '_panic', 'panic recovered', 'runner process has terminated', 'proxy_server', '"detail":'];
/** Python's words for an exception raised while handling another. */
const CHAINED_EXCEPTIONS = [
  'during handling of the above exception',
  'direct cause of the following exception',
];

function includesOneOf(text: string, words: readonly string[]): boolean {
  for (const word of words) if (text.includes(word)) return true;
  return false;
}

/** Whether `number` stands in `text` as a word of its own. */
function holdsNumber(text: string, number: string): boolean {
  for (let at = text.indexOf(number); at >= 0; at = text.indexOf(number, at + 1))
    if (!isWordChar(codeAt(text, at - 1)) && !isWordChar(codeAt(text, at + number.length))) return true;
  return false;
}

/** Chinese, Japanese or Korean characters, whose own auth words (CJK_PHRASES) may say more than a token step. */
const HAN_KANA_HANGUL = new RegExp(
  `[${HAN_KANA_HANGUL_RANGES.map(
    ([from, to]) => `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`,
  ).join('')}]`,
);

/** Words beside a token step that say the credentials failed, not the network: `invalid refresh token`. */
const CREDENTIAL_WORDS = ['password', 'did not complete'];

/**
 * Whether a token step failed on the network alone: network words, no status, no Han, kana or Hangul, and no other
 * auth phrase, `invalid`, CREDENTIAL_WORDS or 401 anywhere (`Failed to get token due to 401 status`; not the 401 in
 * `4012ms` or `:4010`).
 */
function networkBrokeTokenStep(signals: number, status: number | undefined, text: string): boolean {
  return (
    (signals & (S.transport | S.transportWrapper)) !== 0 &&
    (signals & S.invalid) === 0 &&
    !HAN_KANA_HANGUL.test(text) &&
    status === undefined &&
    !CREDENTIAL_WORDS.some((word) => text.includes(word)) &&
    !holdsNumber(text, '401')
  );
}

/** The precedence between signals; the first rule that holds names the class. */
function decide(
  has: number,
  status: number | undefined,
  statusClass: FailureClass | undefined,
  hintMs: number | undefined,
): FailureClass {
  if (has & S.denied) return 'permission';
  if (has & S.userAbort && !(has & S.timeoutWord)) return 'other';
  // Before the filter words: `No endpoints available matching your guardrail restrictions and data policy`.
  if (has & S.routing) return 'bad_request';
  // Filters, spent quotas and overflows arrive as 400s and invalid_request_errors; their words decide.
  if (has & S.content) return 'content_filter';
  const perMinuteOnly = has & S.perMinute && !(has & S.daily);
  const upsellOnly = has & S.upsell && !(has & S.capacity || has & S.overload);
  if (has & S.quota || upsellOnly || status === 402 || (has & S.quotaBare && !perMinuteOnly)) return 'quota';
  if (has & S.resetsAt && has & S.limitWord) return 'quota';
  // After quota: OpenRouter's `Prompt tokens limit exceeded … monthly limit` looks like an overflow. An overload
  // outranks an output cap (a retry already sent with a lower cap that met a 529).
  if (has & S.outputCap && !(has & (S.overload | S.capacity))) return 'bad_request';
  // `429 Too many tokens, please wait before trying again` is Bedrock throttling, not an overflow.
  if (has & S.context || (has & S.contextWeak && !(has & S.rate) && status !== 429))
    return 'context_overflow';
  // A 403 that says what is not permitted is that, over sign-in hints and a missing model (`403 Your client is not
  // authorized to use this API key · Please run /login`, `403 Project … does not have access to model …`), unless
  // the failure is the agent's own.
  if (status === 403 && has & S.permission) return has & S.localOther ? 'other' : 'permission';
  // Before 403: Bedrock answers expired STS credentials with a 403.
  if (has & S.auth) return 'auth';
  if (has & S.localOther) return 'other';
  if (has & S.modelNotFound) return 'bad_request';
  // An overloaded upstream's 5xx outranks a refusal's words around it (`503 Request not allowed: upstream
  // overloaded, try again later`).
  const overloaded5xx = has & S.overload && status !== undefined && status >= 500;
  if (has & S.permission && !overloaded5xx) return 'permission';
  // `API Error (400): Our servers are currently overloaded`: a wrapper's plain 400 around an overload.
  if (status === 400 && has & S.overload && !(has & S.badRequest)) return 'capacity';
  // Likewise a plain 400 around rate-limit words (`{"detail":"Too many requests in 1 hour…"} (code: 400)`).
  const rate400 = status === 400 && has & S.rate && !(has & S.badRequest);
  if (statusClass && status !== undefined && status < 500 && status !== 429 && status !== 408 && !rate400)
    return statusClass;
  // Before the request-error types: Mistral reports its full backend as an invalid_request_error. A rate limit
  // that names its per-minute window is the account's, whatever demand it blames (`High demand for … - limited
  // to 8 requests per minute`).
  const perMinuteRate = has & S.rate && has & S.perMinute;
  if ((has & S.capacity && !perMinuteRate) || has & S.overload || statusClass === 'capacity')
    return 'capacity';
  // An explicit 429 with rate-limit words is a rate limit, whatever type the body gives it.
  if (has & S.badRequest && !(status === 429 && has & S.rate)) return 'bad_request';
  // An explicit 5xx outranks rate-limit words (a gateway relaying them); transport words outrank neither.
  const serverStatus = statusClass === 'server';
  if (status === 429 || ((has & S.rate || has & S.quotaBare) && !serverStatus)) {
    const longWait = hintMs !== undefined && hintMs >= QUOTA_HINT_MS;
    const dailyWindow = has & S.daily && (hintMs === undefined || hintMs >= HOUR_MS);
    return longWait || dailyWindow ? 'quota' : 'rate_limit';
  }
  if (has & S.transportWrapper && !serverStatus) return 'transport';
  // A gateway's own 502 or 504 around a connection it could not make or keep: `[502]: fetch failed (cause:
  // ECONNREFUSED …)`, `[502]: terminated`, `502 upstream stream closed before [DONE]`. A timeout behind one is
  // the gateway's (`504 upstream request timeout`).
  const gatewayStatus = status === 502 || status === 504;
  if (gatewayStatus && has & (S.transport | S.transportWrapper) && !(has & (S.server | S.timeoutWord)))
    return 'transport';
  if (serverStatus || has & S.server) return 'server';
  if (has & S.transport || statusClass === 'transport') return 'transport';
  if (has & S.permissionWeak) return 'permission';
  if (has & S.contentWeak) return 'content_filter';
  if (has & S.invalid) return 'bad_request';
  return 'other';
}

/** One bit per signal: a scan's signals are one number. */
const S = Object.fromEntries(Object.keys(PHRASES).map((signal, bit) => [signal, 1 << bit])) as Record<
  Signal,
  number
>;

type Special =
  | 'epoch'
  | 'resetsClock'
  | 'afterDate'
  | 'atClock'
  | 'terminated'
  | 'invalidKey'
  | 'clientBug'
  | 'modelNamed'
  | 'overflow'
  | 'agentOwn'
  | 'surroundings'
  | 'capacityError'
  | 'streamRemoved'
  | 'tenantToken'
  | 'unavailable';
type Action = { signal: Signal } | { tier: 0 | 1 | 2; unitMs: number } | { special: Special };

const PATTERNS: Array<{ phrase: string; action: Action }> = [
  ...(Object.entries(PHRASES) as Array<[Signal, readonly string[]]>).flatMap(([signal, phrases]) =>
    phrases.map((phrase) => ({ phrase, action: { signal } })),
  ),
  ...HINTS.flatMap(({ tier, unitMs, phrases }) =>
    phrases.map((phrase) => ({ phrase, action: { tier, unitMs } })),
  ),
  { phrase: '|', action: { special: 'epoch' } },
  { phrase: 'resets ', action: { special: 'resetsClock' } },
  { phrase: 'again after ', action: { special: 'afterDate' } },
  { phrase: 'retry after ', action: { special: 'afterDate' } },
  { phrase: 'again at ', action: { special: 'atClock' } },
  { phrase: ': terminated', action: { special: 'terminated' } },
  // The same error as JSON (`{ name: "UnknownError", data: { message: "terminated" } }`).
  { phrase: '"terminated"', action: { special: 'terminated' } },
  // `Invalid openrouter API key.`, `InvalidProviderAPIKey`: a key said to be invalid, whoever's it is.
  ...['api key', 'apikey', 'api-key', 'api_key'].map((phrase) => ({
    phrase,
    action: { special: 'invalidKey' as const },
  })),
  // A JavaScript runtime error: the client's own bug (`Model request failed: TypeError: Cannot read properties of
  // undefined (reading 'llm')`), which `classify` weighs against the status and the words around it.
  // biome-ignore format: a table reads better packed
  // Round 47: the AI SDK's errors for what the model asked of a tool or the app made of its messages
  // (`AI_InvalidToolInputError: Invalid input for tool bash … name=UnknownError Server error`), weighed the same way
  // (not beside the 529 or the dropped socket that an `AI_RetryError` lists with them).
  ...['cannot read properties of', 'cannot read property', 'is not a function', 'undefined is not an object',
    'is not iterable', 'cannot destructure property', 'invalidtoolinputerror', 'invalidtoolargumentserror',
    'messageconversionerror',
    // Rounds 49-50: Python's missing attribute (`module 'acp.schema' has no attribute 'ToolCallUpdate'`; a server's
    // 500 around `'NoneType' object has no attribute 'get'` stays the server's) and Go's nil pointer panic.
    'has no attribute', 'nil pointer dereference'].map((phrase) => ({
    phrase,
    action: { special: 'clientBug' as const },
  })),
  // Rounds 48-50: the model's tool call its agent refused (`The glob tool was called with invalid arguments`,
  // `Error parsing JSON arguments`), the agent's own settings and hooks (`Found invalid settings files`, `Invalid MCP
  // settings JSON format`, `Invalid JSON in hook_input`, `hook returned invalid … output`), a diff that did not apply
  // (`UnifiedDiffNoMatch: hunk failed to apply!`). Weighed: a warning of the agent's printed above a provider's 529 or
  // 429, or the same words in a provider's 500, are not the turn's failure (a review).
  // biome-ignore format: a table reads better packed
  ...['was called with invalid arguments', 'error parsing json arguments', 'invalid settings', 'invalid mcp settings',
    'hook_input', 'hook returned', 'hunk failed to apply'].map((phrase) => ({
    phrase,
    action: { special: 'agentOwn' as const },
  })),
  // Round 51: the failures of the agent's surroundings, in their programs' own words: git's, cargo's, npm's, pip's,
  // Gradle's and Docker's downloads (`error: RPC failed; HTTP 503 curl 22 … fatal: The remote end hung up unexpectedly`, `spurious
  // network error`, `npm error network request to https://registry.npmjs.org/…`, `Error response from daemon: …
  // received unexpected HTTP status: 503`), a sandbox image, OpenHands' sandbox (`Request failed with status code 500
  // … url: /execute_action`), an IDE's companion extension and language servers, a browser tool, a telemetry
  // exporter (`connect ECONNREFUSED ::1:4317`, whose gRPC status reads as an overload), the agent's checkpoints and
  // lock files (not a server's `model cache file lock timeout after 30s`). Weighed: their statuses and network words
  // are their own, but a provider's failure printed with them is the turn's (`Checking for sandbox image … API Error:
  // 503 … The model is overloaded`, `… ::1:4317 … API Error: 500 api_error`; a review).
  // biome-ignore format: a table reads better packed
  ...['rpc failed; http', 'the remote end hung up unexpectedly', 'spurious network error', '/execute_action',
    '::1:4317', '127.0.0.1:4317', 'localhost:4317', 'to restore checkpoint', 'file lock timeout for',
    'npm error network', 'registry-1.docker.io', 'error response from daemon', 'sandbox image',
    'ide companion extension', 'healthcheck timed out', 'lsp tasks', 'context server request timeout',
    'connect to the browser', 'browser_navigate', 'webfetchblockedurlerror', 'otel diag', 'resolve host: github.com',
    'playwright._impl', 'page.capturescreenshot', 'timeouterror: page.goto', 'reach the background service',
    'typescript-language-server', 'scraping http', "': /simple/", 'crates.io/api/v1/crates',
    'could not get resource',
    // Round 59: Terraform's errors (`│ Error: 500-InternalError … Out of host capacity … on main.tf line 3`) and MLflow's
    // tracking server (`API request to https://…/api/2.0/mlflow/runs/search failed with code 503`).
    'tf line', 'api/2.0/mlflow/runs', 'api/2.0/mlflow/experiments', 'api/2.0/mlflow/registered-models',
    'api/2.0/mlflow/model-versions', 'api/2.0/mlflow-artifacts',
    // Round 60: package registries (NuGet's `Unable to load the service index`, RubyGems, Packagist, Go's checksum
    // database and module proxy, JitPack, Gradle's `Could not resolve all files`), Kubernetes' tools (the command,
    // not `kubectl-ai`, an agent), a database's driver (HikariCP, StackExchange.Redis, pgx's `failed to connect to
    // \`user=…\``) and vector stores' clients (not a path that names them: a review): their network failures are theirs,
    // not the model's. MLflow's tracking paths only: its AI gateway is under `api/2.0/mlflow/gateway…`.
    'api.nuget.org', 'unable to load the service index', 'myget.org', 'rubygems.org', 'gem::remotefetcher',
    'packagist.org', 'sum.golang.org', 'proxy.golang.org', 'jitpack.io', 'could not resolve all files', 'kubectl ', '"kubectl"',
    'kubelet', 'hikaripool', 'sqltransientconnectionexception', 'redisconnectionexception', 'the redis server',
    'to connect to `user=', 'to connect to `host=', 'qdrant_client', 'milvus.client', 'milvus.plus', 'pymilvus',
    'milvusexception',
    // Round 62: npm's and yarn's registry (`npm ERR! 503 Service Unavailable: …`, `https://registry.npmjs.org/…: Request
    // failed "503 Service Unavailable"`), git's remote (`fatal: unable to access '…': The requested URL returned error:
    // 500`), S3's `SlowDown`, redis-py's and MongoDB's drivers.
    'npm err!', 'registry.npmjs.org', 'registry.yarnpkg.com', 'fatal: unable to access', '(service: amazon s3',
    'redis.exceptions', 'mongoserverselectionerror', 'mongonetworkerror',
    // Round 61: PyPI's downloads, a test runner's own timeout (Jest's `Exceeded timeout of 5000 ms for a test`), a
    // telemetry SDK's ingestion endpoint, the agent's shell tool that ran out of time.
    'files.pythonhosted.org', "host='pypi.org'", 'ms for a test', 'applicationinsights', 'command execution timed out',
    // Round 64: Playwright's test timeouts, GitHub's API (`GitHub API temporarily unavailable`, `… or it could be a
    // GitHub bug`) and an updater's `Unable to fetch latest version from npm registry`.
    'test timeout of', 'for the test suite to run', 'github api', 'github bug', 'npm registry',
    // Rounds 65-68, by their own names (a review: not any mention; `neo4j_graphrag.exceptions.LLMGenerationError: Error
    // code: 429` is the model's): vector stores and graph databases (Pinecone, Neo4j, Elasticsearch), the chat
    // platforms' clients (Telegram's Bot API as node-telegram-bot-api, telepot and python-telegram-bot say it:
    // `ETELEGRAM: 502 Bad Gateway`, `EFATAL`, `telegram.error.TimedOut`; discord.py, JDA, Baileys for WhatsApp, Discord's
    // gateway), Supabase's PostgREST, an app's own GraphQL layer (`[GraphQL] Internal server error GraphQLError: …`),
    // Maven's and Go's dependency downloads, OpenTelemetry's Java exporters.
    'pineconeclient', 'pineconeinternal', 'pinecone.io', 'to pinecone', 'neo4j.exceptions', 'packages/neo4j/',
    'connect to neo4j', 'elastic_transport', 'telegram.error', 'packages/telegram/', 'etelegram', 'efatal', 'telepot',
    'telegrambotpolling', 'polling_error', 'telegram server says', 'telegram api', 'api.telegram.org',
    'apitelegramexception', 'packages/discord/', 'discord.errors', 'jda.api.exceptions', 'whiskeysockets/baileys',
    'gateway.discord.gg', 'postgrest', '[graphql]', 'graphqlerror', 'could not transfer artifact',
    'could not resolve dependencies', 'go mod download', 'goproxy.', 'io.opentelemetry',
    // Rounds 69-74: an updater's own check for a release (Zed's `[auto_update] auto-update failed: …
    // zed.dev/api/releases`), Prisma's database (`P1001: Can't reach database server at …`), Chroma's default tenant, DingTalk's API for a bot's
    // card (`dingtalk_stream.card_replier … 500 Server Error … api.dingtalk.com`), Alibaba Cloud's object storage
    // (`oss-cn-hangzhou.aliyuncs.com`), an agent's own web reader (`Error reading URL: Error: Request timed out`), a
    // benchmark harness's result (Terminal-Bench's `"failure_mode": "agent_timeout"`).
    'auto-update failed', '[auto_update]', 'reach database server', 'default_tenant', 'dingtalk_stream',
    'api.dingtalk.com', 'oss-cn-', 'error reading url', '"failure_mode"',
    // Rounds 75-78: a feature-flag client (Unleash's `Unleash error: Get "https://…/api/client/features": context deadline
    // exceeded`), Ollama's model downloads (`Error: pull model manifest: 500`; not `pulling manifest`, which `ollama run`
    // prints before the model's own failures), an editor's extension
    // gallery (`Error While fetching extensions. Server returned 503`), a code search's embedding index.
    'unleash error', 'pull model manifest', 'fetching extensions',
    'embedding index',
    // Rounds 79-81: an app's fetch of its models' prices and limits (`Failed to fetch LLM metadata: Cannot connect to host
    // models.dev:443`, `failed to update price info`; not any models.dev fetch: a relay's catalog sync is labelled the
    // turn's), and Wechaty's puppet for WeChat (`PuppetService … 13 INTERNAL …`).
    'fetch llm metadata', 'update price info', 'puppetservice',
    // An agent's tools by the words agents print for them (`Tool execution failed: Request failed with status code 503`,
    // `WebFetch failed: 503`), Postgres's drivers (`could not connect to server: Connection refused … accepting TCP/IP
    // connections on port 5432?`). Not GitHub's API by its host: Copilot's token comes from api.github.com.
    'tool execution failed', 'webfetch failed', 'accepting tcp/ip connections',
    // Round 82: GitHub Actions' own failures around an agent's job (`The job was not acquired by Runner of type hosted`,
    // `GitHub Actions has encountered an internal error when running your job`, an artifact upload's `Begin Diagnostic
    // HTTP information`, `gh run view`'s `failed to get run log: HTTP 500`, an IDE plugin's GithubStatusCodeException).
    'was not acquired by runner', 'github actions has encountered', 'begin diagnostic http information', 'gh run view',
    'failed to get run log', 'githubstatuscodeexception',
    'psycopg2.operationalerror', 'psycopg.operationalerror', 'sqlalchemy.exc.operationalerror',
    // …and an agent's tools and services by their own names: vector stores (qdrant-client's `ResponseHandlingException`,
    // Qdrant's server log), a search API (Tavily's host), web scrapers (Firecrawl's `All scraping engines failed`,
    // `trying to scrape URL`, `SCRAPE_TIMEOUT`; crawl4ai; Playwright's `Page.goto: Timeout 5000ms exceeded`), CrewAI's tool
    // wrapper (`I encountered an error while trying to use the tool`) and telemetry host, Dify's tool plugins (`invoke
    // tool failed`), LangSmith's tracing (`Failed to batch ingest runs: LangSmithConnectionError`; not its run helpers'
    // frames, which wrap model calls), Thrift's HTTP client (Databricks SQL), a search or database query (`503 Failed to
    // execute query because not enough resources were available`), and a chat channel's delivery (`Delivery failed: Bad
    // Gateway`, `Failed to deliver message after multiple attempts`, `[Telegram] Failed to send response`).
    'responsehandlingexception', 'qdrant::', 'api.tavily.com', 'scraping engines', 'to scrape url', 'scrape_timeout',
    'crawl4ai', 'page.goto: timeout', 'while trying to use the tool', 'telemetry.crewai.com', 'invoke tool failed',
    'langsmithconnectionerror', 'batch ingest runs', 'thttpexception', 'failed to execute query', 'delivery failed',
    'failed to deliver message'].map((phrase) => ({ phrase, action: { special: 'surroundings' as const } })),
  // Python's `OverflowError: timeout doesn't fit into C timeval`, which `classify` weighs like a JavaScript error.
  { phrase: 'overflowerror', action: { special: 'overflow' } },
  { phrase: 'capacityerror', action: { special: 'capacityError' } },
  { phrase: 'unavailable', action: { special: 'unavailable' } },
  { phrase: 'stream removed', action: { special: 'streamRemoved' } },
  { phrase: 'does not match resource tenant', action: { special: 'tenantToken' } },
  // A model named in quotes and not found: `model 'qwen2.5:7b' not found`, `{"error":"Model 'vercel/…' not found"}`;
  // a bad request only when nothing stronger is said (a fallback model missing beside a 529).
  ...[`' not found`, '" not found', '` not found'].map((phrase) => ({
    phrase,
    action: { special: 'modelNamed' as const },
  })),
];

/**
 * A match needs a second look at the text around it when it is a hint, a special, or a signal with a veto:
 * `rate…` followed by `-` (a header name), `timeout` or `server error` followed by `=` (a setting, a log line's
 * key), `timeout` or `timedout` as a field set to nothing (`timedOut: false,`) or after a lone `if `. Every other
 * signal match only sets its bit, which the automaton does for the state as a whole.
 */
function needsLook(phrase: string, action: Action): boolean {
  if (!('signal' in action)) return true;
  return (
    LOOKED_AT.has(action.signal) ||
    [...KEY_WORDS, ...FIELD_WORDS].some((word) => phrase.startsWith(word) || word.startsWith(phrase))
  );
}

/** Words that say nothing as a setting or a log line's key: `timeout=5`, opencode's `service=server error=…`. */
const KEY_WORDS = ['timeout', 'server error'];
/** Words that say nothing as a field set to nothing (`timedOut: false,` from execa, `"timeout": null}`) or after `if `. */
const FIELD_WORDS = ['timeout', 'timedout'];

/** Whether the word at `start` follows a lone `if `: a timeout only supposed (`If timeout, please recheck …`). */
function isSupposed(t: string, start: number): boolean {
  return t.startsWith('if ', start - 3) && !isLetter(codeAt(t, start - 4));
}

/**
 * Signals whose matches are judged in place: `rate…` (not a header name), the content words (not a JSON key
 * that is empty or names a field of its own: `"moderation": null`, `"content_filter_results": {…}`), and the
 * quota and permission words (not after a denial or a guess: `(not your usage limit)`, `might not be available in
 * your country`).
 */
const LOOKED_AT: ReadonlySet<Signal> = new Set<Signal>([
  'rate',
  'content',
  'contentWeak',
  'quota',
  'quotaBare',
  'permission',
]);

/** Columns of the automaton's table: one per character class, 64 at most. */
const CLASS_BITS = 6;
const CLASS_MASK = (1 << CLASS_BITS) - 1;
/** A code unit's entry in `chars`: its class, and above it how the fold treats it. */
const FOLD_SHIFT = CLASS_BITS;
const WHITESPACE = 1;
const BACKSLASH_KIND = 2;
const CURLY_QUOTE = 3;
/** Set in a state's entry of `states` when some match ending there needs a second look, and for `fold`. */
const LOOKS = 1 << 31;

/**
 * The phrases as a deterministic Aho–Corasick automaton over the folded text.
 *
 * - `chars` gives every code unit its class (code units that occur in no phrase share class 0) and its fold.
 * - `next` holds one row per state: the next state by class. States are numbered breadth first, so the
 *   shallow states that most characters visit share the first rows.
 * - `states` holds per state the signal bits every match ending there sets, and `LOOKS` when some of those
 *   matches need a second look (`lookIds[lookStart[s] … lookStart[s + 1]]`).
 * - `spaced` marks the states a space enters.
 * - `fold` is a state without matches that the unfolded text reaches exactly where folding would change it:
 *   a backslash, a curly quote or whitespace other than a space (their own class leads there from every
 *   state), or a space right after a space (every state entered by a space leads there on another one).
 *   Text that never reaches it is its own folded form and is scanned at three table reads per character.
 *
 * Built on the first `classify` (or by `primeClassifier`), not when the module loads: the functions that classify
 * rarely (api, resume) load it with the session machine and would pay its build (25-50 ms) at every cold start.
 */
type Automaton = ReturnType<typeof buildAutomaton>;
const UNBUILT: Automaton = {
  chars: new Uint8Array(0),
  next: new Uint16Array(0),
  states: new Int32Array(0),
  lookStart: new Int32Array(0),
  lookIds: new Int32Array(0),
  fold: 0,
  spaced: new Uint8Array(0),
  spaceClass: 0,
};
let AUTOMATON: Automaton = UNBUILT;

/** Builds the automaton the first time a text needs it. */
function ensureAutomaton(): void {
  if (AUTOMATON === UNBUILT) AUTOMATON = buildAutomaton();
}

function buildAutomaton() {
  const columns = 1 << CLASS_BITS;
  const chars = new Uint8Array(0x10000);
  // The space and the letters first: their columns share a row's first 64 bytes, so most steps of the scan
  // touch one cache line per state.
  let classes = 1;
  for (const code of ' abcdefghijklmnopqrstuvwxyz') chars[code.charCodeAt(0)] = classes++;
  for (const { phrase } of PATTERNS) {
    for (let i = 0; i < phrase.length; i++) {
      const code = phrase.charCodeAt(i);
      if (chars[code] === 0) chars[code] = classes++;
    }
  }
  const cjkClass = chars[CJK_MARK.charCodeAt(0)] ?? 0;
  for (const [from, to] of CJK_RANGES) chars.fill(cjkClass, from, to + 1);
  const foldClass = classes++;
  const spaceClass = chars[SPACE] ?? 0;
  if (classes > columns) throw new Error('classify: too many distinct characters in the phrases');
  const setFold = (code: number, fold: number) => {
    if (code !== SPACE && chars[code] !== 0)
      throw new Error('classify: a phrase holds a character that folds');
    chars[code] = (code === SPACE ? spaceClass : foldClass) | (fold << FOLD_SHIFT);
  };
  // Exactly the code units of the regular expression class \s.
  // biome-ignore format: a table reads better packed
  for (const code of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]) {
    setFold(code, WHITESPACE);
  }
  setFold(BACKSLASH, BACKSLASH_KIND);
  // A terminal's colour and cursor codes (`\x1b[31m503\x1b[39m` from an agent's stderr) go, with what follows them.
  setFold(ESCAPE, 0);
  for (const code of [0x2018, 0x2019, 0x02bc]) setFold(code, CURLY_QUOTE);

  // The trie: a slot of `table` holds a child, or 0 (the root is no one's child). A lone space is in it too
  // (with no phrase ending there), so that reading a space always enters a state that a space entered.
  const capacity = PATTERNS.reduce((sum, { phrase }) => sum + phrase.length, 2);
  if (capacity > 0xffff) throw new Error('classify: too many automaton states');
  // A state's children are a list (its first child, each child's next sibling), not a row of every class: the rows
  // would be megabytes of fresh memory, and a cold start pays for each page of it the first time it is touched.
  const firstChild = new Uint16Array(capacity);
  const sibling = new Uint16Array(capacity);
  const parent = new Uint16Array(capacity);
  const via = new Uint8Array(capacity);
  const ends = new Map<number, number[]>();
  let count = 1;
  const insert = (phrase: string): number => {
    let state = 0;
    for (let i = 0; i < phrase.length; i++) {
      const cls = (chars[phrase.charCodeAt(i)] ?? 0) & CLASS_MASK;
      let child = firstChild[state] ?? 0;
      while (child !== 0 && via[child] !== cls) child = sibling[child] ?? 0;
      if (child === 0) {
        child = count++;
        sibling[child] = firstChild[state] ?? 0;
        firstChild[state] = child;
        parent[child] = state;
        via[child] = cls;
      }
      state = child;
    }
    return state;
  };
  PATTERNS.forEach(({ phrase }, id) => {
    const state = insert(phrase);
    ends.set(state, [...(ends.get(state) ?? []), id]);
  });
  insert(' ');
  // Each state's children, grouped by parent: childIds[childStart[s] … childStart[s + 1]].
  const childStart = new Int32Array(count + 1);
  for (let child = 1; child < count; child++) {
    const at = (parent[child] ?? 0) + 1;
    childStart[at] = (childStart[at] ?? 0) + 1;
  }
  for (let state = 0; state < count; state++) {
    childStart[state + 1] = (childStart[state + 1] ?? 0) + (childStart[state] ?? 0);
  }
  const childIds = new Uint16Array(count);
  const filled = childStart.slice(0, count);
  for (let child = 1; child < count; child++) {
    const of = parent[child] ?? 0;
    childIds[filled[of] ?? 0] = child;
    filled[of] = (filled[of] ?? 0) + 1;
  }
  // Breadth first, renumbering the states in that order. A state's failure state is shallower, so its row is
  // complete when the state is reached; the state's row is a copy of it with the state's own children over it.
  const fold = count;
  const next = new Uint16Array((count + 1) * columns);
  const fail = new Uint16Array(count);
  const states = new Int32Array(count + 1);
  const looks = new Map<number, number[]>();
  const trieState = [0]; // by new number
  for (let state = 0; state < trieState.length; state++) {
    const old = trieState[state] ?? 0;
    const f = fail[state] ?? 0;
    if (state !== 0) next.copyWithin(state * columns, f * columns, f * columns + columns);
    for (let k = childStart[old] ?? 0; k < (childStart[old + 1] ?? 0); k++) {
      const child = childIds[k] ?? 0;
      const cls = via[child] ?? 0;
      const numbered = trieState.length;
      trieState.push(child);
      fail[numbered] = state === 0 ? 0 : (next[f * columns + cls] ?? 0);
      next[state * columns + cls] = numbered;
    }
    next[state * columns + foldClass] = fold;
    // A state reports its own phrases and, through its failure state, every phrase that ends in it.
    let bits = (states[f] ?? 0) & ~LOOKS;
    let look = state === 0 ? undefined : looks.get(f);
    const own = ends.get(old);
    if (own) {
      const mine = [...(look ?? [])];
      for (const id of own) {
        const pattern = PATTERNS[id];
        if (pattern && needsLook(pattern.phrase, pattern.action)) mine.push(id);
        else if (pattern && 'signal' in pattern.action) bits |= S[pattern.action.signal];
      }
      look = mine.length > 0 ? mine : undefined;
    }
    if (look) looks.set(state, look);
    states[state] = look ? bits | LOOKS : bits;
  }
  // Only now (rows are copied from failure states above): a space after a space folds.
  const spaced = new Uint8Array(count + 1);
  for (let state = 1; state < count; state++) {
    if (via[trieState[state] ?? 0] !== spaceClass) continue;
    spaced[state] = 1;
    next[state * columns + spaceClass] = fold;
  }
  states[fold] = LOOKS;
  const lookStart = new Int32Array(count + 2);
  for (let s = 0; s <= count; s++) lookStart[s + 1] = (lookStart[s] ?? 0) + (looks.get(s)?.length ?? 0);
  const lookIds = new Int32Array(lookStart[count + 1] ?? 0);
  for (const [s, ids] of looks) lookIds.set(ids, lookStart[s] ?? 0);
  return { chars, next, states, lookStart, lookIds, fold, spaced, spaceClass };
}

/** Per pattern, in typed arrays: its length, kind and argument. */
const LOOK_SIGNAL = 0;
const LOOK_HINT = 1;
const LOOK_SPECIAL = 2;
const SPECIALS: readonly Special[] = [
  'epoch',
  'resetsClock',
  'afterDate',
  'atClock',
  'terminated',
  'invalidKey',
  'clientBug',
  'modelNamed',
  'overflow',
  'agentOwn',
  'surroundings',
  'capacityError',
  'streamRemoved',
  'tenantToken',
  'unavailable',
];
const PATTERN_LENGTH = Int32Array.from(PATTERNS, (p) => p.phrase.length);
const PATTERN_KIND = Uint8Array.from(PATTERNS, ({ action }) =>
  'signal' in action ? LOOK_SIGNAL : 'tier' in action ? LOOK_HINT : LOOK_SPECIAL,
);
/** The signal bit, the hint tier, or the special's index. */
const PATTERN_ARG = Int32Array.from(PATTERNS, ({ action }) =>
  'signal' in action ? S[action.signal] : 'tier' in action ? action.tier : SPECIALS.indexOf(action.special),
);
const PATTERN_UNIT_MS = Float64Array.from(PATTERNS, ({ action }) => ('tier' in action ? action.unitMs : 0));

type Scan = {
  /** The folded text. */
  text: string;
  signals: number;
  hintMs: number | undefined;
  /** The weighed specials that held (`HELD`), for `classify` to weigh against the status and the signals. */
  held: number;
  /** Where the last of the surroundings' phrases that held ends in `text`, or -1. */
  surroundingsEnd: number;
  /** Where the first of them ends, or -1. */
  surroundingsFirst: number;
};

/** (state, end) of matches that need a second look; reused across calls and grown when a text needs more. */
let pending = new Int32Array(16);

/** Notes a match that needs a second look; returns the new count of entries in `pending`. */
function note(entries: number, state: number, end: number): number {
  if (entries + 2 > pending.length) {
    const grown = new Int32Array(pending.length * 2);
    grown.set(pending);
    pending = grown;
  }
  pending[entries] = state;
  pending[entries + 1] = end;
  return entries + 2;
}

/**
 * Reads the lowercased text in one pass, running the automaton over it. Where it reaches `fold`, the
 * character there is folded instead — a JSON escape (`\n`, `\"`, `\u0027`) or a curly quote to what it stands
 * for, whitespace to one space — and the automaton reads what the folded text has there. The matches that
 * need a second look are then judged against the folded text, which is built only when folding changed
 * something. With `spaceAfter`, the automaton reads one more space (the one between message and type) that the
 * judged text leaves out: nothing the second look reads tells a space past the end from the end itself.
 */
function scanText(lower: string, spaceAfter: boolean): Scan {
  const { chars, next, states, fold, spaceClass } = AUTOMATON;
  const n = lower.length;
  let state = 0;
  let signals = 0;
  let entries = 0;
  folding.keptFrom = 0;
  folding.shift = 0;
  folding.parts.length = 0;
  codeCount = 0;
  folding.long = n >= LONG_FROM;
  // The folded text is never longer than the text. Sized here, not as it fills: a branch the warm-up never took
  // costs a live function's first hostile text a deopt (about 1.5 ms) and its interpreted rest.
  if (codes.length < n && folding.long) codes = new Uint16Array(n);
  // …and one sized for a text of megabytes is not kept for the short ones after it.
  else if (codes.length > CODES_KEPT && n <= CODES_KEPT) codes = new Uint16Array(CODES_KEPT);
  for (let i = 0; i < n; i++) {
    let to = next[(state << CLASS_BITS) | ((chars[lower.charCodeAt(i)] ?? 0) & CLASS_MASK)] ?? 0;
    let info = states[to] ?? 0;
    if (info < 0) {
      if (to === fold) {
        const code = foldAt(lower, i, state);
        i = folding.keptFrom - 1;
        if (code < 0) continue;
        to = next[(state << CLASS_BITS) | ((chars[code] ?? 0) & CLASS_MASK)] ?? 0;
        info = states[to] ?? 0;
        if (info < 0) entries = note(entries, to, i + 1 - folding.shift);
      } else entries = note(entries, to, i + 1 - folding.shift);
    }
    signals |= info;
    state = to;
  }
  if (spaceAfter) {
    // The space after the text, unless the text already ends in one; its matches end past the text.
    const to = next[(state << CLASS_BITS) | spaceClass] ?? 0;
    const info = states[to] ?? 0;
    if (to !== fold) {
      if (info < 0) entries = note(entries, to, n + 1 - folding.shift);
      signals |= info;
    }
  }
  const { keptFrom } = folding;
  if (keptFrom === 0) return judge(lower, signals, entries);
  flushCodes(); // called every time, even with none gathered: a call a live function never made would deopt it
  folding.parts.push(lower.slice(keptFrom));
  const text = folding.parts.join('');
  folding.parts.length = 0;
  return judge(text, signals, entries);
}

/**
 * The folded text so far (up to `lower[keptFrom]`), and how many characters folding removed. Kept runs go into
 * `parts` as slices, and what folds put in their place as one-character strings. In a long text, short kept runs
 * and what folds put in their place gather as code units in `codes` instead, until the next long run, so that a
 * text dense with folds (a line break or JSON escape every few characters) makes a few strings, not two per fold
 * (256 KiB of one-letter lines took 12 ms, and 16 ms on a process's first such text). Short texts keep the
 * slices: gathering costs them more than it saves.
 */
const folding = { parts: [] as string[], keptFrom: 0, shift: 0, long: false };
let codes = new Uint16Array(1024);
let codeCount = 0;
const UTF16 = new TextDecoder('utf-16le', { ignoreBOM: true });
/** The most code units the buffer keeps between texts (1 MB): 256 KiB bodies and the warm-up's 400 KB text fit. */
const CODES_KEPT = 1 << 19;
/** A text at least this long gathers short runs. */
const LONG_FROM = 4096;
/** A kept run at least this long is a slice of its own. */
const SLICE_FROM = 32;

/**
 * Turns the gathered code units into parts. Many are decoded at once: `String.fromCharCode.apply` over 4,096 units
 * at a time took 0.75–19 ms for 256 KiB of one-letter lines, call by call, and the decoder about 1 ms every time.
 * The decoder reads a lone surrogate as U+FFFD, one unit for one, so the folded text keeps its length and every
 * position in it (no phrase has either). A byte order mark is whitespace, never gathered; `ignoreBOM` keeps one
 * anyway rather than drop it from the front of the units.
 */
function flushCodes(): void {
  if (codeCount === 0) return;
  if (codeCount <= 16) {
    // A few (the usual case): a decoder call costs more than joining them one by one.
    let part = '';
    for (let k = 0; k < codeCount; k++) part += String.fromCharCode(codes[k] ?? 0);
    folding.parts.push(part);
  } else folding.parts.push(UTF16.decode(codes.subarray(0, codeCount)));
  codeCount = 0;
}

/**
 * Folds the character at `lower[i]`, where the automaton (at `state`) reached `fold`: a JSON escape (`\n`,
 * `\"`, `\u0027`) or a curly quote becomes what it stands for, whitespace one space. Returns the code unit
 * the folded text has there, or -1 for none.
 */
function foldAt(lower: string, i: number, state: number): number {
  let code = lower.charCodeAt(i);
  let consumed = 1;
  let emit = true;
  if (code === BACKSLASH) {
    if (isUnicodeEscape(lower, i)) {
      code = lowerCase(unicodeEscape(lower, i));
      consumed = 6;
    }
    if (code === BACKSLASH) {
      // `\n`, `\r` and `\t` are a space; any other backslash goes, and the character after it stays.
      let after = codeAt(lower, i + consumed);
      let afterLength = 1;
      if (after === BACKSLASH && isUnicodeEscape(lower, i + consumed)) {
        after = unicodeEscape(lower, i + consumed);
        afterLength = 6;
      }
      if (after === LOWER_N || after === LOWER_R || after === LOWER_T) {
        code = SPACE;
        consumed += afterLength;
      } else emit = false;
    }
  }
  if (code === ESCAPE) {
    consumed += controlSequenceLength(lower, i + consumed);
    emit = false;
  }
  if (emit) {
    const kind = ((AUTOMATON.chars[code] ?? 0) >> FOLD_SHIFT) & 3;
    // Whitespace right after a space goes; other whitespace is a space.
    if (kind === WHITESPACE) {
      if (AUTOMATON.spaced[state] === 1) emit = false;
      else code = SPACE;
    } else if (kind === CURLY_QUOTE) code = QUOTE;
  }
  const from = folding.keptFrom;
  const { long } = folding;
  if (i > from) {
    if (!long || i - from >= SLICE_FROM) {
      if (codeCount > 0) flushCodes();
      folding.parts.push(lower.slice(from, i));
    } else for (let k = from; k < i; k++) codes[codeCount++] = lower.charCodeAt(k);
  }
  folding.keptFrom = i + consumed;
  if (!emit) {
    folding.shift += consumed;
    return -1;
  }
  if (long) codes[codeCount++] = code;
  else folding.parts.push(String.fromCharCode(code));
  folding.shift += consumed - 1;
  return code;
}

/** Judges the matches that need a second look against the folded text; finds the retry hint. */
function judge(text: string, found: number, entries: number): Scan {
  const { lookStart, lookIds } = AUTOMATON;
  let signals = found & ~LOOKS;
  // The largest wait per tier, -1 for none.
  let tier0 = -1;
  let tier1 = -1;
  let tier2 = -1;
  let held = 0;
  let surroundingsEnd = -1;
  let surroundingsFirst = -1;
  // Waits read per tier.
  let read0 = 0;
  let read1 = 0;
  let read2 = 0;
  for (let k = 0; k < entries; k += 2) {
    const s = pending[k] ?? 0;
    const end = pending[k + 1] ?? 0;
    for (let p = lookStart[s] ?? 0; p < (lookStart[s + 1] ?? 0); p++) {
      const id = lookIds[p] ?? 0;
      const start = end - (PATTERN_LENGTH[id] ?? 0);
      const arg = PATTERN_ARG[id] ?? 0;
      switch (PATTERN_KIND[id]) {
        case LOOK_SIGNAL:
          // `x-ratelimit-remaining: 99` in a dumped header block says nothing about this failure, nor `timeout=5`.
          if (signals & arg) break;
          if (arg === S.rate && codeAt(text, end) === DASH) break;
          if ((arg === S.content || arg === S.contentWeak) && isQuietKey(text, end)) break;
          if ((arg === S.quota || arg === S.quotaBare) && isDenied(text, start)) break;
          if (arg === S.permission && isGuessed(text, start)) break;
          if (codeAt(text, end) === EQUALS && startsWithOneOf(text, start, KEY_WORDS)) break;
          if (
            startsWithOneOf(text, start, FIELD_WORDS) &&
            (isSupposed(text, start) || isFalseField(text, end))
          )
            break;
          signals |= arg;
          break;
        case LOOK_HINT: {
          // `will retry in 5s` and `Retrying in 4 seconds… (attempt 4/10)` are the client's own schedule.
          if (text.startsWith('will ', start - 5)) break;
          if ((arg === 0 ? read0 : arg === 1 ? read1 : read2) >= HINT_READS) break;
          const read = readDuration(text, end, PATTERN_UNIT_MS[id] ?? 0) ?? readHttpDate(text, end);
          if (!read || saysWithin(text, 'attempt', read.end, 30)) break;
          const ms = waitOf(read.ms);
          if (ms === undefined) break;
          if (arg === 0) {
            tier0 = Math.max(tier0, ms);
            read0++;
          } else if (arg === 1) {
            tier1 = Math.max(tier1, ms);
            read1++;
          } else {
            tier2 = Math.max(tier2, ms);
            read2++;
          }
          break;
        }
        default: {
          const special = SPECIALS[arg] ?? 'epoch';
          const flag = SPECIAL_FLAG[arg] ?? 0;
          const bit = SPECIAL_SIGNAL[arg] ?? 0;
          if (flag === HELD.surroundings) {
            // Every one, for the last one's place (`localBugs`).
            if (specialHolds(text, start, end, special)) {
              held |= flag;
              if (surroundingsFirst < 0) surroundingsFirst = end;
              surroundingsEnd = end;
            }
          } else if (flag !== 0) {
            if (!(held & flag) && specialHolds(text, start, end, special)) held |= flag;
          } else if (!(signals & bit) && specialHolds(text, start, end, special)) signals |= bit;
        }
      }
    }
  }
  if (text.length <= 12 && text.trim() === 'terminated') signals |= S.transport;
  // A thing unavailable is short of capacity, unless it is the connection to it that failed (gRPC's `14 UNAVAILABLE:
  // No connection established`, `code = Unavailable desc = connection error: … connection refused`, `Server
  // Unavailable Error, … ConnectTimeoutError`): then the network's words say what happened.
  if (held & HELD.unavailable && !(signals & S.transport)) signals |= S.capacity;
  // An app's own words for a failure it did not understand (`Invalid Gemini API key: … [503 Service Unavailable] The
  // model is overloaded`) do not outrank the overload it wraps.
  if (held & HELD.invalidKey && !(signals & (S.overload | S.capacity))) signals |= S.auth;
  const hintMs = tier0 >= 0 ? tier0 : tier1 >= 0 ? tier1 : tier2 >= 0 ? tier2 : undefined;
  return { text, signals, hintMs, held, surroundingsFirst, surroundingsEnd };
}

/** Whether `word` starts within `span` characters after `from` and ends within them, as a slice's `includes` would. */
function saysWithin(text: string, word: string, from: number, span: number): boolean {
  const first = word.charCodeAt(0);
  const last = Math.min(text.length, from + span) - word.length;
  for (let k = from; k <= last; k++)
    if (text.charCodeAt(k) === first && text.startsWith(word, k)) return true;
  return false;
}

/**
 * How many waits one text has read per tier: a real error names a wait a few times at most, and a hostile one that
 * names it after every 32 characters (`again in 9.016s9.016s…`) took 6 ms to read them all. Phrases with no wait
 * after them (`please wait, retrying`) do not count, and one tier's waits leave another's to be read.
 */
const HINT_READS = 256;

/** The clock of the current `classify` call (its context's `now`), for hints that name a moment. */
let hintClock: number | undefined;

/**
 * A "wait" of at least this many ms (31.7 years) is a moment: an epoch in the unit its key names
 * (`"retry_after": 1767225600` in seconds, `retry-after-ms: 1767225600000`), which reads as epoch ms either way.
 */
const MOMENT_FROM_MS = 1e12;
/** …up to the year 5138; past it, neither a wait nor a moment. */
const MOMENT_TO_MS = 1e14;

/**
 * The wait a read hint stands for: itself, or for a moment (an epoch, or an HTTP date as epoch ms) the time
 * from the call's clock until then, none when there is no clock, 0 for a moment already past.
 */
function waitOf(ms: number): number | undefined {
  if (ms < MOMENT_FROM_MS) return ms;
  if (ms >= MOMENT_TO_MS || hintClock === undefined) return undefined;
  return Math.max(0, ms - hintClock);
}

/** Three lowercase letters as one number (`'wed'` → its three code units packed), for lookups that slice nothing. */
const packed3 = (t: string, i: number): number =>
  (codeAt(t, i) << 16) | (codeAt(t, i + 1) << 8) | codeAt(t, i + 2);
const WEEKDAYS = new Set(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => packed3(day, 0)));
const MONTH_OF = new Map(MONTHS.map((month, index) => [packed3(month, 0), index]));

/**
 * An HTTP date after a hint phrase (`retry-after: wed, 21 oct 2026 07:28:00 gmt`, lowercased), as epoch ms: the
 * IMF-fixdate form RFC 9110 requires senders to use.
 */
function readHttpDate(t: string, from: number): { ms: number; end: number } | undefined {
  let i = from;
  while (i < from + 6 && isDurationLead(codeAt(t, i))) i++;
  // The comma first: a hint phrase is followed by a date rarely, and this is the one look that allocates nothing.
  if (codeAt(t, i + 3) !== COMMA || !WEEKDAYS.has(packed3(t, i)) || codeAt(t, i + 4) !== SPACE)
    return undefined;
  i += 5;
  const day = numberAt(t, i, 2);
  const month = MONTH_OF.get(packed3(t, i + 3)) ?? -1;
  const year = numberAt(t, i + 7, 4);
  const hours = numberAt(t, i + 12, 2);
  const minutes = numberAt(t, i + 15, 2);
  const seconds = numberAt(t, i + 18, 2);
  if (
    codeAt(t, i + 2) !== SPACE ||
    month < 0 ||
    codeAt(t, i + 6) !== SPACE ||
    codeAt(t, i + 11) !== SPACE ||
    codeAt(t, i + 14) !== COLON ||
    codeAt(t, i + 17) !== COLON ||
    !t.startsWith(' gmt', i + 20) ||
    day < 1 ||
    day > 31 ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 60
  )
    return undefined;
  return { ms: Date.UTC(year, month, day, hours, minutes, seconds), end: i + 24 };
}

/** The number written with exactly `width` digits at `from`, or -1. */
function numberAt(t: string, from: number, width: number): number {
  if (digitsAt(t, from) !== width) return -1;
  let n = 0;
  for (let k = from; k < from + width; k++) n = n * 10 + codeAt(t, k) - 48;
  return n;
}

/**
 * The length of the rest of a terminal control sequence whose escape ends at `from`: `[`, parameters and
 * intermediates, and a final character (`[31m`, `[0m`, `[2k`; lowercased). 0 when no `[` follows: the escape goes alone.
 */
function controlSequenceLength(t: string, from: number): number {
  if (codeAt(t, from) !== BRACKET) return 0;
  let k = from + 1;
  // Parameters (`0`–`?`), then intermediates (space to `/`), as ECMA-48 orders them; a cut-off one ends the text.
  while (k < t.length && t.charCodeAt(k) >= 0x30 && t.charCodeAt(k) <= 0x3f) k++;
  while (k < t.length && t.charCodeAt(k) >= 0x20 && t.charCodeAt(k) <= 0x2f) k++;
  if (k < t.length && t.charCodeAt(k) >= 0x40 && t.charCodeAt(k) <= 0x7e) k++;
  return k - from;
}

/**
 * A code unit in lower case, for the ones the text's `toLowerCase` did not reach because a `\u` escape spelled them:
 * Latin, Greek and Cyrillic capitals (`\u041e\u0448\u0438\u0431\u043a\u0430`, as Python's `json.dumps` writes
 * `Ошибка`; `\u00dcberlastet`).
 */
function lowerCase(code: number): number {
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? code + 32 : code;
  if (code >= CASED_BELOW) return code;
  lowered ??= lowerTable();
  return lowered[code] ?? code;
}

/**
 * Below this, the scripts with capitals whose words the classifier reads (Latin with accents, Greek, Cyrillic; and
 * Vietnamese's and Greek's extended letters): a `\u00dc` or `\u0395` escape is lowered as `toLowerCase` lowers the
 * text around it.
 */
const CASED_BELOW = 0x2000;
let lowered: Uint16Array | undefined;

/** Each code unit below `CASED_BELOW` lowered, where it lowers to one code unit (not `İ`). */
function lowerTable(): Uint16Array {
  const table = new Uint16Array(CASED_BELOW);
  for (let code = 0; code < CASED_BELOW; code++) {
    const lower = String.fromCharCode(code).toLowerCase();
    table[code] = lower.length === 1 ? lower.charCodeAt(0) : code;
  }
  return table;
}

/** The code unit a `\u` escape at `i` stands for. */
function unicodeEscape(t: string, i: number): number {
  let code = 0;
  for (let k = i + 2; k < i + 6; k++) {
    const digit = t.charCodeAt(k);
    code = code * 16 + (digit <= DIGIT_9 ? digit - DIGIT_0 : digit - LOWER_A + 10);
  }
  return code;
}

/** `\u` and four lowercase hex digits at `i`. */
function isUnicodeEscape(t: string, i: number): boolean {
  if (codeAt(t, i + 1) !== LOWER_U) return false;
  for (let k = i + 2; k < i + 6; k++) {
    const code = codeAt(t, k);
    if (!isDigit(code) && !(code >= LOWER_A && code <= LOWER_F)) return false;
  }
  return true;
}

/**
 * Whether the match ending at `end` is a JSON (or Python dict) key that says nothing: one that goes on to a
 * name of its own (`"content_filter_results": …`, Azure sends those with every answer) or whose value is
 * empty (`"moderation": null`, `'refusal': None`, `"safety": {}`).
 */
function isQuietKey(t: string, end: number): boolean {
  let k = end;
  while (isWordChar(codeAt(t, k))) k++;
  const longer = k > end;
  const quote = codeAt(t, k);
  if (quote !== DOUBLE_QUOTE && quote !== QUOTE) return false;
  k++;
  if (codeAt(t, k) === SPACE) k++;
  if (codeAt(t, k) !== COLON) return false;
  k++;
  if (codeAt(t, k) === SPACE) k++;
  if (longer) return true;
  return EMPTY_VALUES.some((value) => t.startsWith(value, k));
}
const EMPTY_VALUES = ['null', 'none', 'false', '""', "''", '[]', '{}'];

/** Whether one of `words` starts at `start`. */
function startsWithOneOf(t: string, start: number, words: readonly string[]): boolean {
  for (const word of words) if (t.startsWith(word, start)) return true;
  return false;
}

/**
 * Whether the word ending at `end` is a field set to nothing: `timedOut: false,`, `"timeout": null}`, `'timeout':
 * None)`: a quote, a colon, the value, and the field's end (not `Timeout: none of the replicas answered`).
 */
function isFalseField(t: string, end: number): boolean {
  let k = end;
  if (codeAt(t, k) === DOUBLE_QUOTE || codeAt(t, k) === QUOTE) k++;
  if (codeAt(t, k) !== COLON) return false;
  k++;
  if (codeAt(t, k) === SPACE) k++;
  const value = FALSE_VALUES.find((word) => t.startsWith(word, k));
  if (value === undefined) return false;
  k += value.length;
  if (codeAt(t, k) === SPACE) k++;
  return FIELD_ENDS.includes(codeAt(t, k));
}
const FALSE_VALUES = ['false', 'null', 'none', 'undefined'];
/** What may follow a field's value: `,` `}` `)` `]` or the end of the text. */
const FIELD_ENDS = [COMMA, BRACE_CLOSE, PAREN_CLOSE, BRACKET_CLOSE, -1];

/**
 * Whether the words before `start` deny what follows or only point at it: `(not your usage limit)`, `isn't a
 * quota problem`, `Wait, reduce concurrency, or check plan limits`.
 */
function isDenied(t: string, start: number): boolean {
  const before = t.slice(Math.max(0, start - 11), start);
  return /(?:\bnot|n't) (?:your|the|a|an) $|\bcheck (?:your |the )?$/.test(before);
}

/**
 * Whether the words before `start` only guess at a refusal or point at the rules: Claude Code's note under every
 * failed connection, `Claude Code might not be available in your country. Check supported countries at …`. A
 * refusal that says where to look (`check your organization's policy`) is still one.
 */
function isGuessed(t: string, start: number): boolean {
  const before = t.slice(Math.max(0, start - 13), start);
  return /\b(?:might|may) not be $|\bcheck $/.test(before);
}

/**
 * The signal a special sets when it holds. undici's `terminated` (a connection closed in the middle of the answer)
 * outranks the words of a wrapper around it (`there was an error processing your request: TypeError: terminated`).
 */
const SPECIAL_BITS: Record<SignalSpecial, number> = {
  epoch: S.resetsAt,
  resetsClock: S.resetsAt,
  afterDate: S.resetsAt,
  atClock: S.resetsAt,
  terminated: S.transportWrapper,
  modelNamed: S.invalid,
  capacityError: S.capacity,
  streamRemoved: S.transport,
  tenantToken: S.auth,
};

/**
 * Specials whose signal waits until the words around them are weighed: a key said to be invalid (auth, unless an
 * overload is wrapped: `judge`), a JavaScript runtime error, Python's `OverflowError`, the agent's own tool calls,
 * settings and hooks, and its surroundings' network failures (the client's own failure, unless a status or a
 * provider's failure is there: `localBugs`). Each holds a flag of `Scan.held`.
 */
const HELD = {
  invalidKey: 1,
  clientBug: 2,
  overflow: 4,
  agentOwn: 8,
  surroundings: 16,
  unavailable: 32,
} as const;
/**
 * The held specials `localBugs` weighs: each one's flag, the signals and the words that outweigh it, and whether a
 * status does (the surroundings' statuses are their own: git's `HTTP 503`, Docker Hub's, a sandbox's `500`).
 */
const LOCAL_WEIGHTS: ReadonlyArray<readonly [number, number, readonly string[], boolean]> = [
  [
    HELD.clientBug,
    S.transport | S.transportWrapper | S.capacity | S.overload | S.rate | S.badRequest,
    PROVIDER_FAILURES,
    true,
  ],
  [HELD.overflow, S.transportWrapper | S.capacity | S.overload | S.rate | S.server, CHAINED_EXCEPTIONS, true],
  [
    HELD.agentOwn,
    S.transport | S.transportWrapper | S.capacity | S.overload | S.rate | S.server | S.quota,
    PROVIDER_FAILURES,
    true,
  ],
  [
    HELD.surroundings,
    0,
    [
      ...PROVIDER_FAILURES,
      'overloaded',
      'rate_limit_error',
      'api_connection_error',
      'apiconnectionerror',
      'litellm.',
      // A review of rounds 59-60: an SDK's own class names for a provider's failure (`openai.APITimeoutError` below a
      // `vectorstores/qdrant.py` frame, `InternalServerError: Error code: 503` below a Milvus one). Not an agent's
      // `API Error:` prefix: the surroundings' verdicts hold under one (classify-provider-errors.test.ts).
      'internalservererror',
      'apitimeouterror',
    ],
    false,
  ],
];
const HELD_LOCAL = LOCAL_WEIGHTS.reduce((all, [flag]) => all | flag, 0);
type SignalSpecial = Exclude<Special, keyof typeof HELD>;
/** Per special, by its index in SPECIALS: its flag of `Scan.held`, or 0 and the signal it sets. */
const SPECIAL_FLAG = Int32Array.from(SPECIALS, (special) =>
  special in HELD ? HELD[special as keyof typeof HELD] : 0,
);
const SPECIAL_SIGNAL = Int32Array.from(SPECIALS, (special) =>
  special in HELD ? 0 : SPECIAL_BITS[special as SignalSpecial],
);

function specialHolds(t: string, start: number, end: number, special: Special): boolean {
  switch (special) {
    case 'unavailable': // `Service Unavailable`, `14 UNAVAILABLE`, `ServiceUnavailableError`, `upstream_unavailable`
      return true;
    case 'invalidKey': // `invalid openrouter api key`, `invalidproviderapikey`, not `invalid request: api key …`
      return /\b(?:invalid|incorrect|wrong)(?: [a-z0-9._-]+)? $|\binvalid[a-z]*$/.test(
        t.slice(Math.max(0, start - 30), start),
      );
    case 'epoch': // `usage limit reached|1767225600`
      return digitsAt(t, end) === 10;
    case 'resetsClock': // `resets 5pm`, `resets 17:00`, `resets Dec 18 at 5am`
      return (
        monthAt(t, end) ||
        (digitsAt(t, end) > 0 && /^\d{1,2}(:\d\d)? ?(am|pm)|^\d{1,2}:\d\d/.test(t.slice(end, end + 10)))
      );
    case 'afterDate': // `try again after July 3, 2026`
      return monthAt(t, end);
    case 'atClock': // `try again at 10 de jul. de 2026, 11:52`, not `try again at a later time`
      return digitsAt(t, end) > 0 || monthAt(t, end);
    case 'terminated': // undici's `TypeError: terminated`, not `process has terminated: …`
      // …and as JSON its message (`{ message: "terminated" }`), not a state (`"state": "TERMINATED"`).
      return (
        !isLetter(codeAt(t, end)) &&
        (codeAt(t, start) !== DOUBLE_QUOTE || saysWithin(t, 'message', start - 12, 12))
      );
    case 'clientBug': // JavaScript's `undefined is not iterable`, not Python's `'NoneType' object is not iterable`
      return !t.startsWith('object is not', start - 7);
    case 'modelNamed': // `model 'x' not found`, not `model ratio not found` or `file 'x' not found`
      return quotedAfter(t, start, MODEL_WORD);
    case 'overflow': // `OverflowError: …`, not `ContextOverflowError`
    case 'agentOwn': // `SessionStart hook returned …`, not `Discord webhook returned 502`
    case 'surroundings':
    case 'capacityError': // `CapacityError: …`, not `WorkspaceCapabilityCapacityError`
      return !isLetter(codeAt(t, start - 1));
    case 'streamRemoved': // gRPC's message (`Task Failed: Stream removed`, `details = "Stream removed"`), not a log's words
      return (
        start === 0 ||
        t.startsWith(': ', start - 2) ||
        codeAt(t, start - 1) === DOUBLE_QUOTE ||
        t.startsWith('none ', start - 5)
      );
    case 'tenantToken': {
      // `Token tenant … does not match resource tenant`, not an app's `Caller tenant [x] …`
      const from = Math.max(0, start - TENANT_SPAN);
      return saysWithin(t, 'token', from, start - from);
    }
  }
}

const MODEL_WORD = 'model ';
/** How far before Azure's `does not match resource tenant` its `token` may be. */
const TENANT_SPAN = 80;
/** The longest quoted name `quotedAfter` reads back over. */
const NAME_MAX = 120;

/** Whether the quote at `close` ends a name without whitespace that opens right after `word`. */
function quotedAfter(t: string, close: number, word: string): boolean {
  const quote = t.charCodeAt(close);
  for (let k = close - 1; k > close - NAME_MAX && k > 0; k--) {
    const code = t.charCodeAt(k);
    if (code === quote) return k > 1 && t.startsWith(word, k - word.length);
    if (code === SPACE) return false;
  }
  return false;
}

/** A month's first three letters at `i` (`jul`), compared without cutting them out. */
function monthAt(t: string, i: number): boolean {
  const a = codeAt(t, i);
  const b = codeAt(t, i + 1);
  const c = codeAt(t, i + 2);
  return isLetter(a) && isLetter(b) && isLetter(c) && MONTH_KEYS.has((a << 16) | (b << 8) | c);
}

const MONTH_KEYS = new Set(
  MONTHS.map((month) => (month.charCodeAt(0) << 16) | (month.charCodeAt(1) << 8) | month.charCodeAt(2)),
);

/** Powers of ten that doubles hold exactly. */
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The number `t[start, end)` writes (digits, thousands commas, a decimal point), as `Number` reads it without the
 * commas. Up to 15 digits it is worked out without making strings: the digits as one integer over a power of
 * ten, both exact, so the one rounding is the division's, which `Number` would make too.
 */
function numberIn(t: string, start: number, end: number): number {
  let digits = 0;
  let value = 0;
  let point = -1;
  for (let k = start; k < end; k++) {
    const code = t.charCodeAt(k);
    if (code === DOT) point = digits;
    else if (code !== COMMA) {
      value = value * 10 + (code - DIGIT_0);
      digits++;
    }
  }
  if (digits > 15) return Number(t.slice(start, end).replaceAll(',', ''));
  return point < 0 ? value : value / (POW10[digits - point] ?? 1);
}

/** Reads `2401s`, `1m30s`, `9m38.016s`, `4 days 20 hours 9 minutes` or a bare number (of `unitMs`). */
function readDuration(t: string, from: number, unitMs: number): { ms: number; end: number } | undefined {
  let i = from;
  // A key and its value (`Retry-After: 30`, `retry_after=30`) holds a number of `unitMs` whatever follows it: in
  // a header dump the next header's name does (`Retry-After: 30 Date: Wed, …`).
  let keyed = false;
  for (let skipped = 0; skipped < 6 && i < t.length && isDurationLead(codeAt(t, i)); skipped++) {
    if (codeAt(t, i) === COLON || codeAt(t, i) === EQUALS) keyed = true;
    i++;
  }
  if (!isDigit(codeAt(t, i))) return undefined;
  let total = 0;
  let parts = 0;
  while (parts < 6) {
    const numberStart = i;
    i += digitsAt(t, i);
    if (i === numberStart || i - numberStart > 13) break;
    // Thousands groups: `1,000 seconds`.
    while (codeAt(t, i) === COMMA && digitsAt(t, i + 1) === 3) i += 4;
    if (codeAt(t, i) === DOT && isDigit(codeAt(t, i + 1))) {
      i += 1 + digitsAt(t, i + 1);
      // A dotted date, an address or a version (`2024.05.01`, `10.0.0.5`) is not a duration.
      if (codeAt(t, i) === DOT && isDigit(codeAt(t, i + 1))) break;
    }
    // A date or a clock time (`2026-07-03`, `2:45`) is not a duration.
    const after = codeAt(t, i);
    if (after === DASH || after === SLASH || after === COLON) break;
    const value = numberIn(t, numberStart, i);
    let unitStart = i;
    if (codeAt(t, unitStart) === SPACE) unitStart++;
    let unitEnd = unitStart;
    while (unitEnd - unitStart < 13 && isLetter(codeAt(t, unitEnd))) unitEnd++;
    const unit = unitMsAt(t, unitStart, unitEnd);
    if (unit !== undefined) {
      total += value * unit;
      parts++;
      i = unitEnd;
    } else {
      if (parts === 0 && (unitEnd === unitStart || keyed)) {
        total = value * unitMs;
        parts = 1;
      }
      break;
    }
    let k = i;
    while (codeAt(t, k) === SPACE || codeAt(t, k) === COMMA) k++;
    if (t.startsWith('and ', k)) k += 4;
    if (!isDigit(codeAt(t, k))) break;
    i = k;
  }
  return parts > 0 && Number.isFinite(total) ? { ms: Math.round(total), end: i } : undefined;
}

/** What may stand between a hint phrase and its number: `retry-after: "30"`, `retryDelay='2s'`. */
function isDurationLead(code: number): boolean {
  return code === SPACE || code === COLON || code === EQUALS || code === DOUBLE_QUOTE || code === QUOTE;
}

/** A log line up to its message: a level (`error`, `[warn]`), at most one logger name, and `:`, `-` or `|`. */
const LOG_MESSAGE_START =
  /(?:^|[\s\]])\[?(?:error|err|warn|warning|fatal|critical|severe)\]?(?: +[^\s]{1,80})? *[:|-] +$/;

/** A CJK word for an error or a failure, a colon (either width) and spaces, just before a status. */
const CJK_FAILURE_BEFORE_STATUS = /(?:错误|錯誤|失败|失敗|异常|異常|报错|報錯|エラー|오류|실패)[:：] *$/;

/** Three digits in a row: a status needs them. */
const THREE_DIGITS = /[0-9]{3}/;

/** The first known HTTP status in a status position: `API Error: 529`, `status 503`, `"code":429`. */
function firstStatus(t: string): number | undefined {
  // Nothing before the first three digits in a row can be one.
  let from = t.search(THREE_DIGITS);
  separatorLooks = 0;
  if (from < 0) return undefined;
  while (from > 0 && isDigit(t.charCodeAt(from - 1))) from--;
  let first = 0;
  while (first < t.length && !isWordChar(codeAt(t, first))) first++;
  const n = t.length;
  // The status found so far, 0 for none. After a 5xx only a relayed 429 can change the answer.
  let found = 0;
  // Numbers that could be a status, looked at so far: a text whose first thousand are none holds none worth
  // reading (and 256 KiB of `a: 503` costs no more than its first thousand).
  let looks = 0;
  for (let i = from; i < n && looks < STATUS_LOOKS; ) {
    const c = t.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isDigit(t.charCodeAt(j))) j++;
    if (j - i === 3) {
      const status =
        (c - DIGIT_0) * 100 + (t.charCodeAt(i + 1) - DIGIT_0) * 10 + t.charCodeAt(i + 2) - DIGIT_0;
      if (
        (found === 0 || status === 429) &&
        CLASS_OF_STATUS[status] &&
        ++looks &&
        inStatusPosition(t, i, j, first)
      ) {
        // The first status, unless it is a 5xx around a relayed 429 (`Response: 500 {… "message":"429 Rate
        // limit is exceeded…"}`), which is the 429.
        if (found !== 0 || status < 500) return status;
        found = status;
      }
    }
    i = j;
  }
  return found === 0 ? undefined : found;
}

/** How many numbers that could be a status `firstStatus` looks at in one text. */
const STATUS_LOOKS = 1000;

/** Whether a colon ends at `end`, spaces after it skipped. */
function afterColon(t: string, end: number): boolean {
  let k = end;
  while (k >= 0 && codeAt(t, k) === SPACE) k--;
  return codeAt(t, k) === COLON;
}

/** Whether `http/` and a version (`1.1`, `2`) end at `end`. */
function afterHttpVersion(t: string, end: number): boolean {
  let k = end - 1;
  while (k >= 0 && (isDigit(codeAt(t, k)) || codeAt(t, k) === DOT)) k--;
  return k < end - 1 && codeAt(t, k) === SLASH && t.startsWith('http', k - 4);
}

function inStatusPosition(t: string, i: number, j: number, first: number): boolean {
  const before = codeAt(t, i - 1);
  const after = codeAt(t, j);
  // `429s`, `500ms`, `1.503`, `10:500` and `req_011…` are durations, decimals, times and ids.
  if (isWordChar(after) || ((after === DOT || after === COLON) && isDigit(codeAt(t, j + 1)))) return false;
  if (isLetter(before) || before === UNDERSCORE) return t.startsWith('errorcode_', i - 10);
  if (i === first) return true;
  // A status joined to the failure: Dify's `Request to Plugin Daemon Service failed-500`.
  if (before === DASH && (t.startsWith('failed', i - 7) || t.startsWith('error', i - 6))) return true;
  // The start of a JSON or Python string value, where a message begins with its status: `"message":"400 Missing
  // field …"`, `'message': '503 Service Unavailable'` (not a value that is only the number: `"id":"503"`).
  if ((before === DOUBLE_QUOTE || before === QUOTE) && after !== before && afterColon(t, i - 2)) return true;
  // A status line: `HTTP/1.1 500 model_error`, `HTTP/2 429`.
  if (before === SPACE && afterHttpVersion(t, i - 1)) return true;
  // An access log's line for a model call, `"POST /v1/chat/completions HTTP/1.1" 503 -` (a GET beside it is
  // another request: `"GET /favicon.ico HTTP/1.1" 404`).
  if (before === SPACE && codeAt(t, i - 2) === DOUBLE_QUOTE && afterHttpVersion(t, i - 2))
    return t.startsWith('"post ', t.lastIndexOf('"', i - 3));
  // A log table's cell: Gin's `[GIN] 2025/03/06 - 11:42:21 | 503 | 42.04ms | 127.0.0.1 | POST "/api/generate"`.
  if (before === SPACE && after === SPACE && codeAt(t, i - 2) === PIPE && codeAt(t, j + 1) === PIPE)
    return true;
  // A server's own error page, titled by its 5xx: `<title>503: Model with name … is not ready.</title>`. (A
  // 4xx title is a proxy's or firewall's page, which its words describe better.)
  if (before === GREATER && codeAt(t, i) === DIGIT_0 + 5 && t.startsWith('<title>', i - 7)) return true;
  if ((before === PAREN || before === BRACKET) && (after === PAREN_CLOSE || after === BRACKET_CLOSE))
    return true;
  // A method and its status joined by a colon in brackets, as some HTTP clients log them: `[POST:500] https://…
  // Failed!` (not `post 401 of thread` or `blog post:500 words`).
  if (before === COLON && t.startsWith('post', i - 5) && codeAt(t, i - 6) === BRACKET) return true;
  // .NET HttpClient's log line: `Received HTTP response headers after 9571ms - 503`.
  if (before === SPACE && t.startsWith('ms - ', i - 5) && saysWithin(t, 'response headers after', i - 40, 40))
    return true;
  // Every word that can name a status is three letters or more; shorter ones are not worth a string.
  const end = wordEnd(t, i);
  const start = wordStart(t, end);
  if (end - start >= 3) {
    const word = t.slice(start, end);
    if (NOT_STATUS_ERRORS.has(word)) return false;
    if (STATUS_WORDS.has(word) || isStatusWord(word) || failureOfServer(t, start, word)) return true;
    if (word === 'was' && wordBefore(t, start) === 'code') return true;
    if (word === 'number' && wordBefore(t, start) === 'reference') return true;
    // Alamofire's `Response status code was unacceptable: 429.`
    if (word === 'unacceptable' && wordBefore(t, start) === 'was') return true;
  } else if (end - start === 2 && t.startsWith('of', start) && wordBefore(t, start) === 'code') {
    // Dio's `the response has a status code of 503`.
    return true;
  }
  // Turkish `Sunucu hatası: 401`, whose dotless ı ends the word before any ASCII letter does.
  if (codeAt(t, end - 1) === DOTLESS_I && t.endsWith('hatas', end - 1)) return true;
  // Past a separator (after the words, which settle most statuses without a regular expression): the start of a log line's message, past its level and logger (`[2026-03-14T09:26:53Z] ERROR
  // agent: 401 The API key …`, `… - ERROR - 402 You've used up your points!`), or a Chinese, Japanese or Korean
  // word for a failure and its colon (`请求失败: 403`, `发生错误：404`).
  if ((before === SPACE || before === COLON || before === FULLWIDTH_COLON) && afterSeparator(t, i, j, before))
    return true;
  // aiohttp's ClientResponseError: `Unknown error from OpenAI - 404, message='Not Found', url=URL('…')` (its
  // TransferEncodingError's 400 is refused above).
  if (t.startsWith(", message='", j) || t.startsWith(', message="', j)) return true;
  // A status line and the body under it, as Zed logs them: `Request failed with status: 500\nBody: …`.
  if (after === SPACE && codeAt(t, j + 1) === LOWER_B && t.startsWith(' body:', j)) return true;
  let k = j;
  for (let skipped = 0; skipped < 3 && k < t.length && isReasonLead(codeAt(t, k)); skipped++) k++;
  const reasons = STATUS_REASONS_BY_FIRST[codeAt(t, k)];
  // `error` is a word of its own: `500 errors in 37 files` is a count.
  return (
    reasons?.some(
      (reason) => t.startsWith(reason, k) && (reason !== 'error' || !isLetter(codeAt(t, k + reason.length))),
    ) === true
  );
}

/**
 * The check of `inStatusPosition` past a separator. Its regular expressions run at most `SEPARATOR_LOOKS` times a
 * text (`separatorLooks`, reset by `firstStatus`): a text of thousands of `a: 503` is no log of statuses.
 */
function afterSeparator(t: string, i: number, j: number, before: number): boolean {
  let sep = i - 1;
  while (codeAt(t, sep) === SPACE) sep--;
  const separator = codeAt(t, sep);
  const cjk = (separator === COLON || separator === FULLWIDTH_COLON) && codeAt(t, sep - 1) >= 0x3040;
  const log = before === SPACE && (separator === COLON || separator === PIPE || separator === DASH);
  if ((!cjk && !log) || separatorLooks >= SEPARATOR_LOOKS) return false;
  separatorLooks++;
  if (cjk) return CJK_FAILURE_BEFORE_STATUS.test(t.slice(Math.max(0, i - 8), i));
  // A count that opens a log message is no status: `WARN indexer: 404 of 512 files`, `ERROR agent: 401 tokens`.
  return LOG_MESSAGE_START.test(t.slice(Math.max(0, i - 120), i)) && !COUNT_AFTER.test(t.slice(j, j + 24));
}

/** How many times `afterSeparator` may run its regular expressions on one text. */
const SEPARATOR_LOOKS = 32;
let separatorLooks = 0;

/**
 * A count right after a number: `of`, `/`, `%`, a unit, a noun that only counts things, or a word that may also
 * follow a status (`503 retries exhausted`) when what comes next makes it a count (`401 retries left`).
 */
const COUNT_AFTER =
  /^(?:[/%]| (?:of|out|left|files?|chunks?|tokens?|entries|entry|items?|bytes?|[kmg]i?b|lines?|records?|rows?|documents?|pages?|chars?|characters?|ms)\b| (?:retries|attempts?|requests?|calls?|results?|errors?|warnings?|steps?|tasks?|sessions?|users?|messages?|times|seconds?|minutes?|hours?) (?:left|of|remaining|more)\b)/;

/**
 * `…status`, `…statuscode`, `…status_code`, `…error` (`error`, `APIError: 400`, `HTTPError 503`), `…exception`
 * (`NonTransientAiException: 404`), and a failure in the languages read (`Serverfehler: 429`, `Serverfout: 401`,
 * `Erreur du serveur`, `SUNUCU HATASI: 402`), whole words but for a server's (not `Seitenfehler`).
 */
function isStatusWord(word: string): boolean {
  return (
    word.endsWith('error') ||
    word === 'fehler' ||
    word.endsWith('serverfehler') ||
    word === 'fout' ||
    word.endsWith('serverfout') ||
    word === 'erreur' ||
    word === 'errore' ||
    word === 'erro' ||
    word === 'hata' ||
    word === 'hatasi' ||
    word.endsWith('exception') ||
    word.endsWith('status') ||
    word.endsWith('statuscode') ||
    word.endsWith('status_code')
  );
}

/** What fails, after a failure word and its `of` (`Error from server: 503`, `Errore del server: 401`). */
const SERVER_WORDS = new Set([
  'server',
  'serveur',
  'servidor',
  'serwera',
  'upstream',
  'provider',
  'backend',
  'api',
]);
const OF_WORDS = new Set([
  'from',
  'on',
  'of',
  'in',
  'at',
  'du',
  'des',
  'del',
  'dal',
  'de',
  'do',
  'no',
  'van',
]);
const DOTLESS_I = 0x131;

/** `word` (at `start`) is a server's, after a status word and its `of`: `Error del servidor: 401`. */
function failureOfServer(t: string, start: number, word: string): boolean {
  if (!SERVER_WORDS.has(word)) return false;
  const ofEnd = wordEnd(t, start);
  const ofStart = wordStart(t, ofEnd);
  if (ofEnd - ofStart > 4 || !OF_WORDS.has(t.slice(ofStart, ofEnd))) return false;
  return isStatusWord(wordBefore(t, ofStart));
}

/** What may stand between a status and its reason: `503 - Service Unavailable`, `(503·[`. */
function isReasonLead(code: number): boolean {
  return (
    code === SPACE ||
    code === DASH ||
    code === COLON ||
    code === PAREN ||
    code === MIDDLE_DOT ||
    code === BRACKET
  );
}

/** The status reasons by their first code unit (all of them ASCII). */
const STATUS_REASONS_BY_FIRST: Array<string[] | undefined> = [];
for (const reason of STATUS_REASONS) {
  const code = reason.charCodeAt(0);
  STATUS_REASONS_BY_FIRST[code] = [...(STATUS_REASONS_BY_FIRST[code] ?? []), reason];
}

/** The word (letters and `_`) that ends just before `pos`, past up to four separators such as `": ` or `] `. */
function wordBefore(t: string, pos: number): string {
  const end = wordEnd(t, pos);
  return t.slice(wordStart(t, end), end);
}

/** Where a word before `pos` ends: `pos`, less up to four separators. */
function wordEnd(t: string, pos: number): number {
  let k = pos;
  for (let skipped = 0; skipped < 4 && k > 0 && isWordLead(codeAt(t, k - 1)); skipped++) k--;
  return k;
}

/** Where the word (letters and `_`, 24 at most) that ends at `end` starts. */
function wordStart(t: string, end: number): number {
  let k = end;
  while (k > 0 && end - k < 24 && (isLetter(codeAt(t, k - 1)) || codeAt(t, k - 1) === UNDERSCORE)) k--;
  return k;
}

function isWordLead(code: number): boolean {
  return (
    code === SPACE ||
    code === COMMA ||
    code === COLON ||
    code === EQUALS ||
    code === PAREN ||
    code === BRACKET ||
    code === BRACKET_CLOSE ||
    code === DOUBLE_QUOTE ||
    code === QUOTE ||
    code === BRACE
  );
}

/** The code unit at `k`, or -1 outside the text (never NaN, so the optimising compiler keeps to small integers). */
function codeAt(t: string, k: number): number {
  return k >= 0 && k < t.length ? t.charCodeAt(k) : -1;
}

function digitsAt(t: string, from: number): number {
  let k = from;
  while (k - from < 16 && isDigit(codeAt(t, k))) k++;
  return k - from;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

function isWordChar(code: number): boolean {
  return isDigit(code) || isLetter(code) || code === UNDERSCORE;
}

/**
 * Texts that take every path of the scan once, for `primeClassifier`.
 * The optimising compiler builds `scanText` from what it has seen; a path it has never seen (a `\u` escape, a
 * growing match buffer, a read past the end) makes it drop back to the interpreter in the middle of the text
 * that takes it — a 256 KiB text then costs 10–30 ms instead of 2–4 ms.
 */
// biome-ignore format: a table reads better packed
const PRIMERS = [
  'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
  'Error: 503 Service Unavailable \\u0041\\u00d7\\u005cn \\n\\t\\r\\\\x \\"q\\" \u2019 \u00a0 \t\n  end\\',
  '\u001b[31m503\u001b[39m \\u001b[1;2m \u001bx \u001b[',
  '[2026-03-14T09:26:53Z] ERROR agent: 401 x; 请求失败: 403',
  'retry after 2401s; Retry-After: "30"; retry_after_ms=250; try again in 1m30s, 9m38.016s or 4 days 20 hours 9 minutes',
  'will retry in 5s · Retrying in 4 seconds… (attempt 4/10); frees up in 50m; try again after July 3, 2026',
  'try again at 11:52 or at jul 3; usage limit reached|1767225600; resets 5pm; resets 17:00; retry after 0.5',
  'status 503 "code":429 code was 500 reference number 502 errorcode_503 (504) [529] 500ms 1.503 10:500 x 401 y',
  'a status code of 503; status code was unacceptable: 429. of 500 was 502',
  'x-ratelimit-remaining: 99 rate limit exceeded timeout=5 timeout TypeError: terminated: x',
  'terminated',
  'retry after '.repeat(6),
  'line one\nline two\n',
  'Retry-After: Wed, 21 Oct 2026 07:28:00 GMT; "retry_after": 1792567680, retry-after-ms: 1792567680000; Retry-After: Wed, 32 Oct 2026 07:28:00 GMT',
  "TypeError: x is not a function; OverflowError; WorkspaceCapacityError: model 'x' not found; Stream removed; token tenant 1 does not match resource tenant; if timeout, timeout",
];

/** A text for the small checks' warm-up: a special phrase's end at 12, a month at 13, an escape at 23, a weekday at 31. */
const COLD = 'after resets jul 3 503 \\u0041, wed, 21 oct';
/** …and a colour code: its escape at 0, the rest of it from 1. */
const COLD_COLOUR = '\u001b[0m';
/**
 * For the bench only: the text lowercased and read through the automaton, one table step a character, with
 * nothing folded, noted or judged. The least any pass of this automaton over a text costs, to set beside the
 * regex list's whole run (docs/performance.md, section 1).
 */
export function automatonPass(text: string): number {
  ensureAutomaton();
  const { chars, next, states } = AUTOMATON;
  const lower = text.toLowerCase();
  let state = 0;
  let signals = 0;
  for (let i = 0; i < lower.length; i++) {
    state = next[(state << CLASS_BITS) | ((chars[lower.charCodeAt(i)] ?? 0) & CLASS_MASK)] ?? 0;
    signals |= states[state] ?? 0;
  }
  return signals;
}

/** The clock the primers are read against: a minute before their HTTP date, so the moment paths run too. */
const PRIME_NOW = Date.UTC(2026, 9, 21, 7, 27, 0);

/**
 * Runs every path of the scan (about 8 ms), so that the first failure a process classifies, however large or
 * odd, runs optimised code. The classifier function calls it when it starts;
 * functions that classify rarely (resume, api) leave it to their first `classify`.
 */
export function primeClassifier(): void {
  // With and without a type, the two ways in; 40 rounds, so that the scan is optimised whole before a long text
  // comes (optimised part-way through one instead, it stayed that way, 30 % slower, in 1 process in 4).
  for (let round = 0; round < 40; round++) {
    for (const message of PRIMERS) {
      classify({ message });
      classify({ message, type: 'x' }, { now: PRIME_NOW });
    }
  }
  // The small checks that only hostile texts call thousands of times (a special phrase's next word, a month, a
  // status's reason, a `\u` escape, an HTTP date's weekday, a colour code): made hot on their own, not just
  // inlined into the scan of one big text, so that a live function's first hostile text does not run them
  // interpreted while they are compiled (1–3 ms of a first call).
  let seen = 0;
  for (let k = 0; k < 2000; k++) {
    for (const special of SPECIALS)
      if (special !== 'invalidKey' && specialHolds(COLD, 6, 12, special)) seen++;
    if (monthAt(COLD, 13)) seen++;
    if (isReasonLead(COLD.charCodeAt(k % COLD.length))) seen++;
    seen += unicodeEscape(COLD, 23) + packed3(COLD, 31) + controlSequenceLength(COLD_COLOUR, 1);
  }
  if (seen < 0) throw new Error('unreachable');
  // Every script's automaton, so that a first Cyrillic or accented text does not build one (3-6 ms of its call).
  for (let k = 0; k < SCRIPTS.length; k++) scriptAutomaton(k);
  // A long text's way of folding, a few times over, so its every step has been seen before a hostile text comes.
  // With a long run in it and a few folds at its end, so the gathered units are flushed both ways.
  const long = `${PRIMERS[1]}${'a\n  \\n'.repeat(700)}${'x'.repeat(40)}\nab\n`;
  for (let round = 0; round < 4; round++) classify({ message: long });
  // One large text too (about 400 KB, with many hint matches): the first big lowercased copy, folded text and
  // match buffer of a process cost more than later ones (the heap grows, large-object pages are mapped, the
  // buffer doubles its way up). Here it costs the classifier function's cold start about 10–15 ms, and the first
  // hostile 256 KiB text a live function meets about 1 ms less (docs/performance.md).
  classify(
    {
      message: `${PRIMERS.join(' ').repeat(80)} ${'retry after 5s '.repeat(17500)} ${'retry after '.repeat(3000)} ${'a\n'.repeat(3000)}`,
    },
    { now: PRIME_NOW },
  );
}
