import type { RouterOutputs } from "../../../trpc.ts";

type Owner = RouterOutputs["member"]["owner"];
export type OwnerStatus = Owner["status"];
export type Dashboard = Owner["dashboard"];
export type Property = Owner["properties"]["get"];
export type Lease = Owner["leases"]["get"];
export type Ledger = Owner["leases"]["ledger"];
export type LedgerEntry = Ledger["entries"][number];
export type RentRoll = Owner["rentRoll"];
export type ImportResult = Owner["importRentRoll"];
export type Expense = Owner["expenses"]["list"]["expenses"][number];
export type BankImport = Owner["expenses"]["import"];
export type MonthlyStatement = Owner["reports"]["monthly"];
export type StatementFigures = MonthlyStatement["portfolio"];
export type ScheduleE = Owner["reports"]["scheduleE"];
