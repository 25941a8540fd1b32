import { randomUUID } from "node:crypto"
import type { IncomingMessage } from "node:http"
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from "fastify"
import { pino, type DestinationStream, type Logger } from "pino"

export const REDACTED = "[REDACTED]"

/**
 * Wherever a secret could sit in a logged object. Fastify logs only method, url and address of a
 * request, but a handler or an error may log more; these paths are censored whatever logs them.
 */
const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  // Two-factor: the TOTP secret, its URI and QR code, codes, recovery codes and the sign-in challenge.
  ...[
    "password",
    "newPassword",
    "oldPassword",
    "confirmPassword",
    "token",
    "accessToken",
    "refreshToken",
    "secret",
    "link",
    "resetLink",
    "code",
    "challengeToken",
    "recoveryCodes",
    "otpauthUri",
    "qrCodeDataUrl",
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
]

/** Path segments and query values that carry a secret: reset links, and anything named like a token. */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi
const SECRET_QUERY = /([?&](?:token|access_?token|refresh_?token|password|secret|code|key)=)[^&#]*/gi

/** The URL as it may be logged: a reset link's token and secret-looking query values are censored. */
export const scrubUrl = (url: string): string => url.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`)

/**
 * Whether a log line that stdout cannot take right now is waited for. pino's default stdout writes
 * synchronously and, when the pipe is full (its reader stopped reading or went away with the pipe
 * still held), sleeps and retries on the main thread for ever: a stopping server whose parent had
 * exited was seen stuck there, its force-exit timer never firing. Writes are asynchronous instead (a
 * full pipe never holds the event loop), at most 16 MB wait in memory, and once the server stops, a
 * line the pipe cannot take is dropped rather than waited for.
 */
let waitForStdout = true
export const stopWaitingForLogs = (): void => {
  waitForStdout = false
}
const STDOUT_BUFFER_BYTES = 16 * 1024 * 1024

const stdout = () => pino.destination({ dest: 1, sync: false, maxLength: STDOUT_BUFFER_BYTES, retryEAGAIN: () => waitForStdout })

/** One JSON line per event on stdout (or the given stream, which tests capture). */
export function createLogger(options: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        // Only these three fields of a request are ever logged, whatever object is passed as `req`.
        req: (request: Partial<FastifyRequest> | undefined) => ({
          method: request?.method,
          url: typeof request?.url === "string" ? scrubUrl(request.url) : undefined,
          remoteAddress: request?.ip,
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? stdout(),
  )
}

/** A request id from a proxy or load balancer is kept only when it is short and plain (no log injection). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"]
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/** Every answer carries its request id, so a person reporting a problem can quote it. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id)
    done()
  })
}

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace"

/**
 * A request's logger that becomes a real pino child (bindings serialised, redaction set up) only when
 * it first writes a line at an enabled level. Fastify makes one child per request; at `warn` most
 * requests never log, and building the child was a tenth of the CPU of a cheap call.
 */
class LazyChildLogger {
  #real: FastifyBaseLogger | undefined
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {}
  #child(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options))
  }
  #write(level: Level, args: unknown[]): void {
    if (this.#real || (this.parent as Logger).isLevelEnabled(level)) (this.#child()[level] as (...a: unknown[]) => void)(...args)
  }
  get level(): string {
    return this.#real?.level ?? (this.options.level as string | undefined) ?? this.parent.level
  }
  set level(level: string) {
    this.#child().level = level
  }
  fatal(...args: unknown[]) {
    this.#write("fatal", args)
  }
  error(...args: unknown[]) {
    this.#write("error", args)
  }
  warn(...args: unknown[]) {
    this.#write("warn", args)
  }
  info(...args: unknown[]) {
    this.#write("info", args)
  }
  debug(...args: unknown[]) {
    this.#write("debug", args)
  }
  trace(...args: unknown[]) {
    this.#write("trace", args)
  }
  silent() {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): FastifyBaseLogger {
    return this.#child().child(bindings, options)
  }
  isLevelEnabled(level: string): boolean {
    return ((this.#real ?? this.parent) as Logger).isLevelEnabled(level)
  }
}

export const lazyRequestLogger = (parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: Record<string, unknown> = {}): FastifyBaseLogger =>
  new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger

/**
 * Fastify's logging options. At `info` and below fastify gets the logger and writes a line per request.
 * Above it those lines would never print, yet a fastify that has a logger still times every request and
 * listens for its end to write them: a fifth of the server's CPU on a cheap call like the 304 poll. So it
 * gets none; each request's `log` is still a (lazy) child of the real logger, so its warnings and errors,
 * with their request id, are written as before.
 */
export function fastifyLogging(logger: FastifyBaseLogger | false | undefined): Pick<FastifyServerOptions, "logger" | "loggerInstance" | "childLoggerFactory"> {
  if (!logger) return { logger: false }
  if ((pino.levels.values[logger.level] ?? Infinity) <= pino.levels.values.info!)
    return {
      loggerInstance: logger,
      childLoggerFactory: (parent, bindings, options) => lazyRequestLogger(parent, bindings, options as Record<string, unknown>),
    }
  return { logger: false, childLoggerFactory: (_none, bindings, options) => lazyRequestLogger(logger, bindings, options as Record<string, unknown>) }
}
