import { setDefaultTimeout } from "bun:test";

// Real servers, databases and a real browser take longer than bun's 5 s default. `npm test`
// also passes --timeout, which reaches the hooks of every file; this covers `bun test <file>`.
setDefaultTimeout(60_000);
