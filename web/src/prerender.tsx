import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import type { ReactNode } from "react";
import { Root } from "./Root.tsx";

// The server-side entry the build uses to pre-render public pages (see web/prerender-plugin.ts).

/** The app's HTML for one path, with every lazy page resolved. */
export async function renderPage(path: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  // One document with every boundary in place: a large Suspense boundary (the landing page's
  // sections below the fold) is otherwise sent apart with an inline script to move it, which the
  // Content-Security-Policy (script-src 'self') blocks.
  const { prelude } = await prerenderToNodeStream(<Root router={Router} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
