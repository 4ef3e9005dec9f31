import { setDefaultTimeout } from "bun:test";

// Real servers, databases and a real browser take longer than bun's 5 s default.
setDefaultTimeout(60_000);
