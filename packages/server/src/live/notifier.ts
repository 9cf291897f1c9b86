// Live notifications leave the server through this interface only. Rules hand their messages
// to `publish` inside their transaction; they go out after it commits, so a refused or
// rolled-back request announces nothing. Today the broadcaster is the in-process hub; with
// several instances it can be PostgreSQL LISTEN/NOTIFY (sent inside the same transaction).

/** ReceiveMessage(sender, text), the one event of the hub. */
export interface LiveMessage {
  sender: string;
  text: string;
}

export interface Broadcaster {
  /** Sends to every connected client; returns how many received it. */
  broadcast(sender: string, text: string): number;
}

export type Publish = (message: LiveMessage) => void;
