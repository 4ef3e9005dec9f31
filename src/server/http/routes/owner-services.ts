import { Hono } from "hono";
import { ZBookkeepingRequestSchema, ZTicketMessageSchema, ZTicketSchema } from "../../../shared/services.ts";
import { attachBookkeepingFile, fileBookkeepingRequest, getBookkeepingRequest, listBookkeepingRequests } from "../../domain/portal/bookkeeping.ts";
import { requireOwner } from "../../domain/portal/access.ts";
import { grantStaffAccess, revokeStaffAccess, staffAccessStatus } from "../../domain/portal/staff-access.ts";
import { getOwnerTicket, listOwnerTickets, openTicket, ownerTicketMessage } from "../../domain/portal/support.ts";
import type { AppEnv } from "../auth.ts";
import { readJson, readUpload, takesFile } from "../validate.ts";

// Premium services, the owner's side (PORTAL.md 7.1, 7.4, 8): staff access, support tickets and
// bookkeeping requests, over the same domain functions as tRPC member.owner.services.

const read = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "read");
const write = (c: { var: AppEnv["Variables"] }) => requireOwner(c.var.services, c.var.auth, "write");

export const ownerServicesRoutes = new Hono<AppEnv>()
  .get("/staff-access", async (c) => c.json(await staffAccessStatus(c.var.services, await read(c))))
  .put("/staff-access", async (c) => c.json(await grantStaffAccess(c.var.services, await write(c))))
  // Revoking never waits for a running membership: a downgraded owner can always shut the door.
  .delete("/staff-access", async (c) => c.json(await revokeStaffAccess(c.var.services, await read(c))))
  .get("/support/tickets", async (c) => c.json(await listOwnerTickets(c.var.services, await read(c))))
  .post("/support/tickets", async (c) => {
    const owner = await write(c);
    const input = await readJson(c, ZTicketSchema);
    return c.json(await openTicket(c.var.services, owner, input), 201);
  })
  .get("/support/tickets/:id", async (c) => c.json(await getOwnerTicket(c.var.services, await read(c), c.req.param("id"))))
  .post("/support/tickets/:id/messages", async (c) => {
    const owner = await write(c);
    const { body } = await readJson(c, ZTicketMessageSchema);
    return c.json(await ownerTicketMessage(c.var.services, owner, c.req.param("id"), body), 201);
  })
  .post("/support/tickets/:id/files", takesFile, async (c) => {
    const owner = await write(c);
    // Whose ticket it is is settled before the upload is read: a stranger's id answers 404 at once.
    await getOwnerTicket(c.var.services, owner, c.req.param("id"));
    const { file, fields } = await readUpload(c);
    return c.json(await ownerTicketMessage(c.var.services, owner, c.req.param("id"), (fields.body ?? "").trim().slice(0, 8000), file), 201);
  })
  .get("/bookkeeping/requests", async (c) => c.json(await listBookkeepingRequests(c.var.services, await read(c))))
  .post("/bookkeeping/requests", async (c) => {
    const owner = await write(c);
    const { note } = await readJson(c, ZBookkeepingRequestSchema);
    return c.json(await fileBookkeepingRequest(c.var.services, owner, note), 201);
  })
  .get("/bookkeeping/requests/:id", async (c) => c.json(await getBookkeepingRequest(c.var.services, await read(c), c.req.param("id"))))
  .post("/bookkeeping/requests/:id/files", takesFile, async (c) => {
    const owner = await write(c);
    await getBookkeepingRequest(c.var.services, owner, c.req.param("id"));
    const { file } = await readUpload(c);
    return c.json(await attachBookkeepingFile(c.var.services, owner, c.req.param("id"), file), 201);
  });
