/**
 * The live notification hub; `@microsoft/signalr` (an optional peer) is loaded when it connects.
 *
 * @module @pustak/sdk/live
 */
import type { HubConnection, ILogger } from '@microsoft/signalr';
import { KEEP_ALIVE_MS, RECONNECT_DELAYS_MS, SERVER_TIMEOUT_MS } from './domain/constants.js';

/** Lifecycle of the live connection, as SignalR names it. */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

/** Transports the hub may negotiate, in preference order. */
export type NotificationTransport = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** Where connection problems are reported. `console` fits; tests inject a spy. */
export interface NotificationLogger {
  error(...data: unknown[]): void;
  warn?(...data: unknown[]): void;
}

/** Options for {@link connectNotifications}. */
export interface ConnectNotificationsOptions {
  /** Hub address, e.g. `https://shop.example/hubs/notification` (absolute in Node). */
  url: string;
  /** Called for every `ReceiveMessage(sender, text)` the hub broadcasts. */
  onMessage: (sender: string, text: string) => void;
  /**
   * Called for every `ReceiveUserMessage(sender, text)`: a message meant for the signed-in user
   * alone (their order), which the hub sends only to connections negotiated with their token
   * (`accessTokenFactory`). The public feed still arrives through `onMessage`.
   */
  onUserMessage?: (sender: string, text: string) => void;
  /** Called on every state transition, including the initial `Connecting`. */
  onStateChange?: (state: ConnectionState) => void;
  /** Supplies a bearer token for negotiate: the hub is public, and a valid token adds the user's own messages. */
  accessTokenFactory?: () => string | Promise<string>;
  /**
   * `error` receives a failed start and a connection closed for good; `warn` receives
   * SignalR's own diagnostics. Defaults to `console`.
   */
  logger?: NotificationLogger;
  /** Allowed transports. Defaults to all three (WebSockets, then SSE, then long polling). */
  transports?: readonly NotificationTransport[];
}

/** Handle returned by {@link connectNotifications}. */
export interface NotificationConnection {
  /** Stops the connection (and any pending start or reconnect). Never rejects. */
  stop(): Promise<void>;
  /** Current state. */
  readonly state: ConnectionState;
  /** Resolves `true` once connected, `false` if the first start failed or was stopped first. */
  readonly started: Promise<boolean>;
}

const ALL_TRANSPORTS: readonly NotificationTransport[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];

/**
 * Opens the live notification hub (`ReceiveMessage(sender, text)` broadcasts).
 *
 * `@microsoft/signalr` is loaded with a dynamic `import()` so bundlers split it into its own
 * chunk and pages can connect after first paint. Reconnects after 0, 2, 10 and 30 s
 * (`RECONNECT_DELAYS_MS`), then stays closed; server timeout 30 s, keep-alive 15 s.
 * A failed start is logged, never thrown: live updates must not break the page.
 */
export function connectNotifications(options: ConnectNotificationsOptions): NotificationConnection {
  const logger = options.logger ?? console;
  let state: ConnectionState = 'Disconnected';
  let connection: HubConnection | undefined;
  let stopRequested = false;

  const setState = (next: ConnectionState): void => {
    if (next === state) return;
    state = next;
    try {
      options.onStateChange?.(next);
    } catch (error) {
      logger.error('[pustak] onStateChange handler threw', error);
    }
  };

  const start = async (): Promise<boolean> => {
    setState('Connecting');
    try {
      const signalR = await import('@microsoft/signalr');
      if (stopRequested) return false;
      const transport = (options.transports ?? ALL_TRANSPORTS)
        .reduce((mask, name) => mask | signalR.HttpTransportType[name], signalR.HttpTransportType.None);
      const hub = new signalR.HubConnectionBuilder()
        .withUrl(options.url, {
          transport,
          ...(options.accessTokenFactory ? { accessTokenFactory: options.accessTokenFactory } : {}),
        })
        .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
        .withServerTimeout(SERVER_TIMEOUT_MS)
        .withKeepAliveInterval(KEEP_ALIVE_MS)
        .configureLogging(signalRLogger(logger, signalR.LogLevel))
        .build();
      hub.on('ReceiveMessage', (sender: unknown, text: unknown) => {
        options.onMessage(String(sender ?? ''), String(text ?? ''));
      });
      hub.on('ReceiveUserMessage', (sender: unknown, text: unknown) => {
        (options.onUserMessage ?? options.onMessage)(String(sender ?? ''), String(text ?? ''));
      });
      hub.onreconnecting(() => setState('Reconnecting'));
      hub.onreconnected(() => setState('Connected'));
      hub.onclose((error) => {
        // Without stop(), a close means the reconnect delays ran out: the page is now offline.
        if (!stopRequested) logger.error('[pustak] live notifications closed', error);
        setState('Disconnected');
      });
      connection = hub;
      await hub.start();
      if (stopRequested) return false;
      setState('Connected');
      return true;
    } catch (error) {
      if (!stopRequested) logger.error('[pustak] live notifications failed to start', error);
      setState('Disconnected');
      return false;
    }
  };

  const started = start();

  return {
    get state() {
      return state;
    },
    started,
    async stop() {
      stopRequested = true;
      // SignalR's stop() also cancels a start or reconnect in flight; before the module has
      // loaded there is no connection yet and start() bails out on its own.
      if (connection && connection.state !== 'Disconnected') {
        setState('Disconnecting');
        try {
          await connection.stop();
        } catch (error) {
          logger.error('[pustak] live notifications failed to stop cleanly', error);
        }
      }
      await started;
      setState('Disconnected');
    },
  };
}

type LogLevels = typeof import('@microsoft/signalr').LogLevel;

/**
 * SignalR's own warnings and errors (a dropped socket before a reconnect, say) are diagnostics,
 * so they go to `warn`; `error` is kept for what the page should know: no connection.
 */
function signalRLogger(logger: NotificationLogger, levels: LogLevels): ILogger {
  return {
    log(level, message) {
      if (level >= levels.Warning && level !== levels.None) logger.warn?.(`[signalr] ${message}`);
    },
  };
}
