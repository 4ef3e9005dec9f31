// A stand-in for the external demo host (outside this machine in production): it can be up,
// down (connection refused), or up but refusing to be framed.

export type DemoHostMode = "up" | "down" | "refuses-framing";

export interface DemoHost {
  url: string;
  mode: DemoHostMode;
  requests: number;
  stop(): void;
}

export function startDemoHost(initial: DemoHostMode = "up"): DemoHost {
  const host: DemoHost = { url: "", mode: initial, requests: 0, stop: () => server.stop(true) };
  const server = Bun.serve({
    port: 0,
    fetch() {
      host.requests += 1;
      if (host.mode === "down") return new Response("Service unavailable", { status: 503 });
      const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
      if (host.mode === "refuses-framing") headers["x-frame-options"] = "DENY";
      return new Response("<!doctype html><title>Portal demo</title><h1>Portal demo</h1>", { headers });
    },
  });
  host.url = `http://127.0.0.1:${server.port}/demo`;
  return host;
}
