import { setDefaultTimeout } from "bun:test";

// Real servers, databases and a real browser take longer than bun's 5 s default. `npm test`
// also passes --timeout, which reaches the hooks of every file; this covers `bun test <file>`.
setDefaultTimeout(60_000);

// A worker runs file after file in one process (`bun test --no-isolate`, decision 0093), each file
// starting and stopping servers of its own on ports the system hands out again. A keep-alive
// connection that fetch pooled to a stopped server, or one the server is closing as idle, is reset
// when reused (ECONNRESET). Tests open a connection per request unless a test asks otherwise.
const pooledFetch = globalThis.fetch;
globalThis.fetch = Object.assign((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => pooledFetch(input, { keepalive: false, ...init }), pooledFetch);
