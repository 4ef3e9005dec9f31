import { Hono } from "hono";
import { z } from "zod";
import { contractPdf, listMemberContracts, verifyContractDocument } from "../../domain/contracts.ts";
import { AppError } from "../../errors.ts";
import { requireMember, type AppEnv } from "../auth.ts";
import { readJson } from "../validate.ts";

export const ZVerifyRequestSchema = z.object({ sha256: z.string().trim().regex(/^[0-9a-fA-F]{64}$/, "A SHA-256 is 64 hexadecimal characters.") });

const isPdf = (bytes: Uint8Array) => bytes.length > 4 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";

// /api/contracts: the signed agreement as a PDF, and its verification.
export const contractRoutes = new Hono<AppEnv>()
  .get("/mine", async (c) => {
    const member = requireMember(c);
    return c.json({ contracts: await listMemberContracts(c.var.services, member.member.id) });
  })
  .get("/:id/pdf", async (c) => {
    const { auth } = c.var;
    const pdf = await contractPdf(c.var.services, c.req.param("id"), { member: auth.member, admin: auth.admin });
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${c.req.query("download") === "0" ? "inline" : "attachment"}; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-SHA256": pdf.sha256,
    });
  })
  /**
   * Takes the PDF itself (a multipart form field `file`, or the raw bytes as application/pdf) or
   * its SHA-256 as JSON `{"sha256": "..."}`; answers whether it matches a contract on record.
   */
  .post("/verify", async (c) => {
    const type = c.req.header("content-type") ?? "";
    let input: { pdf: Uint8Array } | { sha256: string };
    if (type.startsWith("multipart/form-data")) {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get("file");
      if (!file || typeof file === "string") {
        throw new AppError("UNPROCESSABLE", [{ loc: ["body", "file"], msg: "Choose the signed agreement PDF to check." }]);
      }
      input = { pdf: new Uint8Array(await file.arrayBuffer()) };
    } else if (type.startsWith("application/pdf") || type.startsWith("application/octet-stream")) {
      input = { pdf: new Uint8Array(await c.req.arrayBuffer()) };
    } else {
      input = await readJson(c, ZVerifyRequestSchema);
    }
    if ("pdf" in input && !isPdf(input.pdf)) {
      throw new AppError("UNPROCESSABLE", [{ loc: ["body", "file"], msg: "The file is not a PDF." }]);
    }
    return c.json(await verifyContractDocument(c.var.services, input, c.var.meta));
  });
