import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  /** The addresses of the SMTP envelope (RCPT TO). */
  envelopeTo: string[];
  parsed: ParsedMail;
  outboxId: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Waits until at least `count` messages arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives. `reject` lets a test refuse a
 * recipient (permanent 550, or a temporary 451) to exercise the worker's retries.
 */
export async function startSmtpServer(
  options: { port?: number; delayMs?: number; reject?: (to: string) => { code: number; message: string } | null } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const config: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // The mail worker's transport keeps its connection open; smtp-server's default closeTimeout
    // (30 s) would make every file that closes this server wait that long at its end.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const refusal = options.reject?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await Bun.sleep(options.delayMs);
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            parsed,
            outboxId: String(parsed.headers.get("x-outbox-id") ?? ""),
          });
          callback();
        })
        .catch((error) => callback(error));
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, received ${received.length}`);
        await Bun.sleep(20);
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (the mail server is "down"). */
export async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}
