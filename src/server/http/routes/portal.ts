import { Hono } from "hono";
import { describeMember, findMemberByEmail } from "../../domain/members.ts";
import { AppError, notFound } from "../../errors.ts";
import { requireSelfOrAdmin, type AppEnv } from "../auth.ts";

// SPEC.md 7: /api/portal/*
export const portalRoutes = new Hono<AppEnv>().get("/member-info/:email", async (c) => {
  const email = c.req.param("email");
  const self = requireSelfOrAdmin(c.var.auth, email);
  const target = self ?? (await findMemberByEmail(c.var.services.db, email));
  if (!target) throw notFound("Member not found.");
  return c.json(await describeMember(c.var.services.db, target));
});

// The owner portal stays external for now (DECISIONS.md 21).
for (const path of ["/dashboard", "/properties", "/payments", "/maintenance"]) {
  portalRoutes.get(path, () => {
    throw new AppError(
      "NOT_IMPLEMENTED",
      "The property management portal is hosted separately for now. Open the owner portal from the Portal Login menu.",
    );
  });
}
