import { Hono } from "hono";
import { ASSOCIATION_NAME } from "../../../shared/agreement.ts";
import { describeUnsubscribeToken, unsubscribeByToken } from "../../domain/community/email-preferences.ts";
import { AppError } from "../../errors.ts";
import { escapeHtml } from "../../mail/templates.ts";
import type { Config } from "../../config.ts";
import type { AppEnv } from "../auth.ts";
import { decoratePage } from "../web.ts";

// GET|POST /email/unsubscribe?token= (COMMUNITY.md 2, RFC 8058). The link in every bulk email
// opens a small server page that works without signing in and without scripts: GET only shows
// what the link is for (mail scanners follow links), its button POSTs. Mail clients that honour
// List-Unsubscribe-Post POST here directly ("List-Unsubscribe=One-Click").

function page(config: Config, title: string, body: string, status = 200) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(ASSOCIATION_NAME)}</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,Arial,sans-serif;color:#0f172a;background:#f8fafc;margin:0}main{max-width:32rem;margin:3rem auto;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.5rem}h1{font-size:1.5rem;margin-top:0}button{background:#1e3a8a;color:#fff;border:0;border-radius:.5rem;padding:.7rem 1.1rem;font-size:1rem;font-weight:600;cursor:pointer}a{color:#1e3a8a}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/email/preferences">Choose all your emails</a> · <a href="/">${escapeHtml(ASSOCIATION_NAME)}</a></p></main></body></html>`;
  return new Response(decoratePage(html, config), { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

export const unsubscribeRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const token = tokenOf(c.req.url);
    try {
      const about = await describeUnsubscribeToken(c.var.services, token);
      if (!about.subscribed) return page(c.var.services.config, "You are unsubscribed", `<p role="status">You no longer receive ${escapeHtml(about.newsletter_name)} emails.</p>`);
      return page(
        c.var.services.config,
        `Unsubscribe from ${about.newsletter_name}?`,
        `<p>Stop sending ${escapeHtml(about.newsletter_name)} emails to this address. Other emails from the association are not affected.</p>
<form method="post" action="/email/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Unsubscribe</button></form>`,
      );
    } catch (error) {
      if (error instanceof AppError) return page(c.var.services.config, "This link does not work", `<p role="alert">${escapeHtml(String(error.detail))}</p>`, 400);
      throw error;
    }
  })
  .post("/", async (c) => {
    const token = tokenOf(c.req.url);
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    try {
      const result = await unsubscribeByToken(c.var.services, token);
      if (wantsJson) return c.json(result);
      return page(c.var.services.config, "You are unsubscribed", `<p role="status">${escapeHtml(result.message)} You can subscribe again on the email preferences page.</p>`);
    } catch (error) {
      if (error instanceof AppError) {
        if (wantsJson) return c.json(error.body(), 400);
        return page(c.var.services.config, "This link does not work", `<p role="alert">${escapeHtml(String(error.detail))}</p>`, 400);
      }
      throw error;
    }
  });
