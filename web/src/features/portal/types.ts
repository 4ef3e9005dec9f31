import type { RouterOutputs } from "../../trpc.ts";

/** The signed-in member as the server describes them (SPEC.md 3 "Member info"). */
export type MemberInfo = RouterOutputs["member"]["account"]["me"];
