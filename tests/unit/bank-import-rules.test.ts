import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TBankMapping } from "../../src/shared/books.ts";
import { bankRows, duplicateKey, flagDuplicates, guessMapping, nearDuplicateKey, parseBankAmount, parseBankDate, payeeKey, readBankRows, suggestCategory } from "../../src/server/domain/portal/bank-import-rules.ts";

// Reading bank and card exports (PORTAL.md 6): the quirks of real exports (a byte-order mark, a
// summary block above the header, no header, headers worded many ways, split debit and credit
// columns, amounts in brackets), what each row becomes, repeats, and the category a payee had.

const fixture = (name: string) => readFileSync(join(import.meta.dir, "../fixtures/imports", name), "utf8");
const mapping = (m: Partial<TBankMapping> & { header_row?: number | null }): TBankMapping & { header_row?: number | null } => ({
  has_header: true,
  header_row: 0,
  date: 0,
  description: 1,
  amount: 2,
  debit: null,
  credit: null,
  outflow_sign: "negative",
  date_format: "MDY",
  ...m,
});

describe("the rows of a file", () => {
  test("a byte-order mark, blank and whitespace-only lines, padded cells; lines numbered as in the file", () => {
    const rows = bankRows('\uFEFFDate,Description,Amount\n\n 01/03/2025 ,  ACE HARDWARE ,-86.41\n  ,   ,  \n01/05/2025,COMED,-142.17\n');
    expect(rows).toEqual([
      { line: 1, cells: ["Date", "Description", "Amount"] },
      { line: 3, cells: ["01/03/2025", "ACE HARDWARE", "-86.41"] },
      { line: 5, cells: ["01/05/2025", "COMED", "-142.17"] },
    ]);
  });

  test("Bank of America's summary block is read past: the header is the file's seventh line", () => {
    const rows = bankRows(fixture("bank-bofa-style.csv"));
    const guess = guessMapping(rows)!;
    expect(guess).toEqual({ header_row: 5, has_header: true, date: 0, description: 1, amount: 2, debit: null, credit: null, outflow_sign: "negative", date_format: "MDY" });
    const read = readBankRows(rows, guess);
    // The first data row is the beginning balance (no amount): not a transaction, not an error.
    expect(read[0]).toEqual({ line: 8, date: "2025-01-01", payee: "Beginning balance as of 01/01/2025", amount_cents: null, status: "not_a_transaction", errors: [], duplicate_of: null });
    expect(read.slice(1, 4).map((r) => [r.line, r.date, r.payee, r.amount_cents, r.status])).toEqual([
      [9, "2025-01-02", "NICOR GAS DES:BILL PAY ID:XXXXX1234", 7_745, "import"],
      [10, "2025-01-05", "Zelle Transfer Conf# T0ABC123; Ortiz, Rafael", -120_000, "money_in"],
      [11, "2025-01-09", "LOWES #01837 BERWYN IL", 23_310, "import"],
    ]);
  });

  test("a mapping whose header row is not given takes the first row as the header", () => {
    const rows = bankRows(fixture("bank-checking-chase-style.csv"));
    const read = readBankRows(rows, mapping({ header_row: undefined, date: 1, description: 2, amount: 3 }));
    // Chase checking: debits negative. ACE HARDWARE -86.41 is $86.41 out; the Zelle from the tenant is money in.
    expect(read.slice(0, 3).map((r) => [r.line, r.date, r.payee, r.amount_cents, r.status])).toEqual([
      [2, "2025-01-03", "ACE HARDWARE #1234 CHICAGO IL", 8_641, "import"],
      [3, "2025-01-05", "COMED PAYMENT 000123456", 14_217, "import"],
      [4, "2025-01-06", "ZELLE FROM IMANI WALKER", -120_000, "money_in"],
    ]);
    // Without a header every row is data.
    expect(readBankRows(rows.slice(1, 2), mapping({ has_header: false, header_row: null, date: 1, description: 2, amount: 3 }))[0]!.line).toBe(2);
  });
});

describe("dates", () => {
  test("as banks write them, in the mapping's order", () => {
    expect(parseBankDate("2025/01/03", "YMD")).toBe("2025-01-03");
    expect(parseBankDate("3.1.2025", "DMY")).toBe("2025-01-03");
    expect(parseBankDate("1-3-25", "MDY")).toBe("2025-01-03");
    expect(parseBankDate("12/31/99", "MDY")).toBe("2099-12-31");
    // An ISO date with a time after it (some exports add the time of day).
    expect(parseBankDate("2025-01-03T10:42:00", "MDY")).toBe("2025-01-03");
    expect(parseBankDate("2025-01-03 10:42", "DMY")).toBe("2025-01-03");
  });

  test("what is not a date", () => {
    for (const text of ["abc", "", "Pending", "on 2025-01-03", "x01/03/2025", "01/03/20251", "00/15/2025", "13/15/2025", "04/31/2025", "02/29/2025", "01/00/2025"]) {
      expect([text, parseBankDate(text, "MDY")]).toEqual([text, null]);
    }
    // A year written with four digits is taken as written: 0025 is no year a bank means, not 1925.
    expect(parseBankDate("0025-01-03", "MDY")).toBeNull();
    expect(parseBankDate("02/29/2024", "MDY")).toBe("2024-02-29");
    expect(parseBankDate("31/12/2025", "MDY")).toBeNull();
    expect(parseBankDate("31/12/2025", "DMY")).toBe("2025-12-31");
  });
});

describe("amounts", () => {
  test("as banks write them", () => {
    expect(parseBankAmount("$ 1,200.00")).toBe(120_000);
    expect(parseBankAmount("- 77.45")).toBe(-7_745);
    expect(parseBankAmount("$-12.00")).toBe(-1_200);
    expect(parseBankAmount("(1,086.41)")).toBe(-108_641);
    expect(parseBankAmount("0.00")).toBe(0);
  });

  test("what is not an amount", () => {
    for (const text of ["(abc)", "(86.41)DR", "5(86.41)", "N/A", "12.345", "1.2.3"]) expect([text, parseBankAmount(text)]).toEqual([text, null]);
  });
});

describe("payees", () => {
  test("the payee's key: its first three words of two letters or more, numbers and signs aside", () => {
    expect(payeeKey("A-1 Plumbing & Heating Co Inc")).toBe("PLUMBING HEATING CO");
    expect(payeeKey("COMED PAYMENT 000123456 CHICAGO IL")).toBe("COMED PAYMENT CHICAGO");
    expect(payeeKey("  home depot 1902  ")).toBe("HOME DEPOT");
    expect(payeeKey("#1043")).toBe("");
  });

  test("the same payment: date, amount and payee with case and spacing aside", () => {
    const key = duplicateKey("2025-01-03", 8_641, "ACE HARDWARE #1234 CHICAGO IL");
    expect(duplicateKey("2025-01-03", 8_641, "  Ace Hardware #1234\tChicago   IL ")).toBe(key);
    expect(duplicateKey("2025-01-04", 8_641, "ACE HARDWARE #1234 CHICAGO IL")).not.toBe(key);
    expect(duplicateKey("2025-01-03", 8_642, "ACE HARDWARE #1234 CHICAGO IL")).not.toBe(key);
    expect(duplicateKey("2025-01-03", 8_641, "ACEHARDWARE #1234 CHICAGO IL")).not.toBe(key);
    expect(duplicateKey("2025-01-03", 8_641, "ACE HARDWARE #1235 CHICAGO IL")).not.toBe(key);
  });
});

describe("guessing the columns", () => {
  const guess = (csv: string) => guessMapping(bankRows(csv));

  test("headers as banks word them", () => {
    const cases: [string, Partial<TBankMapping>][] = [
      ["Post Date,Name,Amount", { date: 0, description: 1, amount: 2 }],
      ["Posted Date,Merchant,Transaction Amount", { date: 0, description: 1, amount: 2 }],
      ["Trans. Date,Memo,Amount ($)", { date: 0, description: 1, amount: 2 }],
      ["Transaction  Date,Details,Amount", { date: 0, description: 1, amount: 2 }],
      ["Amount,Date,Payee", { date: 1, description: 2, amount: 0 }],
      ["Payee,Date,Amount", { date: 1, description: 0, amount: 2 }],
      ["Date,Description,Debits,Credits", { amount: null, debit: 2, credit: 3 }],
      ["Date,Description,Withdrawal,Deposit", { amount: null, debit: 2, credit: 3 }],
      ["Date,Description,Withdrawals,Deposits", { amount: null, debit: 2, credit: 3 }],
      ["Date,Description,Money Out,Money In", { amount: null, debit: 2, credit: 3 }],
      ["Debit,Date,Description", { date: 1, description: 2, amount: null, debit: 0, credit: null }],
      ["Credit,Debit,Date,Description", { date: 2, description: 3, amount: null, debit: 1, credit: 0 }],
      // With an amount column, debit and credit columns are not used.
      ["Date,Description,Amount,Debit,Credit", { amount: 2, debit: null, credit: null }],
    ];
    for (const [header, expected] of cases) {
      expect([header, guess(`${header}\n01/03/2025,ACE HARDWARE,1.00,2.00\n`)]).toEqual([header, { header_row: 0, has_header: true, date: 0, description: 1, amount: 2, debit: null, credit: null, outflow_sign: "negative", date_format: "MDY", ...expected }]);
    }
  });

  test("a row that names only some columns is not the header", () => {
    // A summary block: "Date" and "Amount" but no description; then one with no date.
    const csv = "Date,Amount\n01/31/2025,100.00\nDescription,Amount\nOpening,5.00\nDate,Description,Amount\n01/03/2025,ACE HARDWARE,-86.41\n";
    expect(guess(csv)).toMatchObject({ header_row: 4, date: 0, description: 1, amount: 2 });
    // No amount or debit column named: the columns are read from the values instead.
    const balance = `Date,Description,Balance\n${Array.from({ length: 5 }, (_, i) => `01/0${i + 1}/2025,ACE HARDWARE,${i}.00`).join("\n")}\n`;
    expect(guess(balance)).toMatchObject({ has_header: false, header_row: null, date: 0, description: 1, amount: 2 });
  });

  test("the header is looked for in the first twenty rows only", () => {
    const notes = Array.from({ length: 21 }, (_, i) => `Note ${i + 1} about this account`).join("\n");
    expect(guess(`${notes}\nDate,Description,Amount\n01/03/2025,ACE HARDWARE,-86.41\n`)).toBeNull();
  });

  test("without a header: the columns of dates and amounts, and the longest text is the payee", () => {
    expect(guessMapping(bankRows(fixture("bank-no-header-wells-style.csv")))).toEqual({ header_row: null, has_header: false, date: 0, description: 4, amount: 1, debit: null, credit: null, outflow_sign: "negative", date_format: "MDY" });
    // A reference number in 4 of 5 rows is not the amount; a check number in one row is not either.
    const refs = ["1001,01/03/2025,,-86.41,ACE HARDWARE 1234", "1002,01/05/2025,,-142.17,COMED PAYMENT", "1003,01/10/2025,1043,-450.00,CHECK 1043", "1004,01/15/2025,,-98.55,PEOPLES GAS", ",01/20/2025,,-1200.00,STATE FARM"];
    expect(guess(refs.join("\n"))).toMatchObject({ date: 1, amount: 3, description: 4 });
    // A balance column is amounts, not the payee, however short the payees are.
    expect(guess("01/03/2025,-5.00,\"10,413.59\",ATM\n01/04/2025,-2.50,\"10,411.09\",FEE\n01/05/2025,-1.00,\"10,410.09\",ACH\n")).toMatchObject({ date: 0, amount: 1, description: 3 });
    // Ragged rows: a column most rows lack is not the payee.
    expect(guess("01/03/2025,-5.00,ATM,X\n01/04/2025,-2.50,FEE\n01/05/2025,-1.00,ACH\n")).toMatchObject({ date: 0, amount: 1, description: 2 });
  });

  test("a column of dates needs more than four rows in five; past twenty rows nothing counts", () => {
    // Transaction date is blank for a pending row (4 of 5); the posting date is the date column.
    const pending = ["01/03/2025,01/04/2025,-86.41,ACE HARDWARE", "01/05/2025,01/06/2025,-142.17,COMED", ",01/07/2025,-9.99,PENDING NETFLIX", "01/08/2025,01/09/2025,-5.00,ATM FEE", "01/09/2025,01/10/2025,-7.00,SHELL"];
    expect(guess(pending.join("\n"))).toMatchObject({ date: 1, amount: 2, description: 3 });
    // 20 good rows then 10 of notes: only the first twenty are looked at.
    const good = Array.from({ length: 20 }, (_, i) => `01/${String(i + 1).padStart(2, "0")}/2025,-${i + 1}.00,PAYEE NUMBER ${i + 1}`);
    const notes = Array.from({ length: 10 }, (_, i) => `note,text,end of statement ${i}`);
    expect(guess([...good, ...notes].join("\n"))).toMatchObject({ date: 0, amount: 1, description: 2 });
  });

  test("no guess without dates, amounts, and a third column", () => {
    expect(guess("ACE HARDWARE,-86.41\nCOMED,-142.17\n")).toBeNull();
    expect(guess("01/03/2025,ACE HARDWARE\n01/04/2025,COMED\n")).toBeNull();
    expect(guess("01/03/2025,-86.41\n01/04/2025,-142.17\n")).toBeNull();
    expect(guess("")).toBeNull();
  });
});

describe("each row under the mapping", () => {
  test("separate debit and credit columns; a row with neither is not a transaction; short rows", () => {
    const rows = bankRows("Date,Description,Debit,Credit\n02/01/2025,CITY OF CHICAGO WATER,63.20,\n02/02/2025,MOBILE DEPOSIT,,1200.00\n02/03/2025,BALANCE FORWARD,,\n02/04/2025,HOME DEPOT,(22.50)\n");
    const read = readBankRows(rows, mapping({ description: 1, amount: undefined, debit: 2, credit: 3 }));
    expect(read.map((r) => [r.amount_cents, r.status, r.errors])).toEqual([
      [6_320, "import", []],
      [-120_000, "money_in", []],
      [null, "not_a_transaction", []],
      [2_250, "import", []],
    ]);
    // A debit column alone.
    const debitsOnly = readBankRows(rows, mapping({ amount: null, debit: 2, credit: null }));
    expect(debitsOnly.map((r) => [r.amount_cents, r.status])).toEqual([
      [6_320, "import"],
      [null, "not_a_transaction"],
      [null, "not_a_transaction"],
      [2_250, "import"],
    ]);
  });

  test("what is wrong with a row is said in words", () => {
    const rows = bankRows(
      [
        "Date,Description,Amount",
        "01/03/2025,ACE HARDWARE,N/A",
        "01/32/2025,COMED,-1.00",
        ",PEOPLES GAS,-98.55",
        "01/05/2025,,-5.00",
        "01/06/2025,FREE COFFEE,0.00",
        "TOTAL,,",
        `01/07/2025,${"VERY  LONG   PAYEE ".repeat(15)},-3.00`,
        ",Pending transactions,",
        "01/31/2025,,",
      ].join("\n"),
    );
    const read = readBankRows(rows, mapping({}));
    expect(read.map((r) => [r.line, r.status, r.errors])).toEqual([
      [2, "error", ['"N/A" is not an amount']],
      [3, "error", ['"01/32/2025" is not a date (MM/DD/YYYY)']],
      [4, "error", ["The row has no date"]],
      [5, "error", ["The row has no description"]],
      [6, "not_a_transaction", []],
      [7, "error", ['"TOTAL" is not a date (MM/DD/YYYY)']],
      [8, "import", []],
      // Without an amount a row is no transaction, whatever else it lacks.
      [9, "not_a_transaction", []],
      [10, "not_a_transaction", []],
    ]);
    expect(read[6]!.payee).toHaveLength(200);
    expect(read[6]!.payee.startsWith("VERY LONG PAYEE VERY LONG PAYEE")).toBe(true);
    expect(readBankRows(rows.slice(0, 3), mapping({ date_format: "DMY" }))[1]!.errors).toEqual(['"01/32/2025" is not a date (DD/MM/YYYY)']);
    expect(readBankRows(rows.slice(0, 3), mapping({ date_format: "YMD" }))[1]!.errors).toEqual(['"01/32/2025" is not a date (YYYY-MM-DD)']);
    const split = readBankRows(bankRows("Date,Description,Debit,Credit\n01/03/2025,ACE,abc,xyz\n"), mapping({ amount: null, debit: 2, credit: 3 }));
    expect(split[0]!.errors).toEqual(['"abc" is not an amount', '"xyz" is not an amount']);
  });

  test("purchases shown positive on a card export: the owner says so", () => {
    const rows = bankRows("Date,Description,Amount\n01/04/2025,ZILLOW RENTALS,29.99\n01/05/2025,PAYMENT THANK YOU,-500.00\n");
    expect(readBankRows(rows, mapping({ outflow_sign: "negative" })).map((r) => [r.amount_cents, r.status])).toEqual([
      [-2_999, "money_in"],
      [50_000, "import"],
    ]);
    expect(readBankRows(rows, mapping({ outflow_sign: "positive" })).map((r) => [r.amount_cents, r.status])).toEqual([
      [2_999, "import"],
      [-50_000, "money_in"],
    ]);
  });
});

describe("repeats", () => {
  test("a row repeating an earlier row of the file, or an expense already recorded, is flagged with what it repeats", () => {
    const rows = bankRows(fixture("bank-duplicates.csv"));
    const read = readBankRows(rows, mapping({ date: 1, description: 2, amount: 3 }));
    const flagged = flagDuplicates(read, [{ id: "exp-comed", date: "2025-01-05", amountCents: 14_217, payee: "ComEd payment 000123456" }, { id: "exp-other", date: "2025-01-05", amountCents: 14_217, payee: "NICOR" }]);
    expect(flagged.map((r) => [r.line, r.status, r.duplicate_of])).toEqual([
      [2, "import", null],
      [3, "duplicate", { line: 2, expense_id: null }],
      // Differing only in case: the same payment, a repeat of the first row, not of the second.
      [4, "duplicate", { line: 2, expense_id: null }],
      [5, "duplicate", { line: null, expense_id: "exp-comed" }],
    ]);
    expect(flagged[1]).toMatchObject({ date: "2025-01-03", payee: "ACE HARDWARE #1234 CHICAGO IL", amount_cents: 8_641 });
  });

  test("money in is checked too; errors and rows that are no transaction are left as they are", () => {
    const csv = "Date,Description,Amount\n01/06/2025,ZELLE FROM IMANI WALKER,1200.00\n01/06/2025,ZELLE FROM IMANI WALKER,1200.00\nbad,X,1.00\nbad,X,1.00\n01/07/2025,NOTHING,0\n01/07/2025,NOTHING,0\n01/08/2025,ACE,-5.00\n";
    const read = readBankRows(bankRows(csv), mapping({}));
    const flagged = flagDuplicates(read, [{ id: "e1", date: "2025-01-08", amountCents: 500, payee: "ace" }]);
    expect(flagged.map((r) => [r.status, r.duplicate_of])).toEqual([
      ["money_in", null],
      ["duplicate", { line: 2, expense_id: null }],
      ["error", null],
      ["error", null],
      ["not_a_transaction", null],
      ["not_a_transaction", null],
      ["duplicate", { line: null, expense_id: "e1" }],
    ]);
    // Both at once: a repeat of a row and of an expense.
    const twice = flagDuplicates(readBankRows(bankRows("Date,Description,Amount\n01/08/2025,ACE,-5.00\n01/08/2025,ACE,-5.00\n"), mapping({})), [{ id: "e1", date: "2025-01-08", amountCents: 500, payee: "ACE" }]);
    expect(twice.map((r) => r.duplicate_of)).toEqual([
      { line: null, expense_id: "e1" },
      { line: 2, expense_id: "e1" },
    ]);
  });
});

describe("likely repeats", () => {
  test("payees that differ only in signs and spacing, on the same date and amount, are a likely repeat of the expense or the row", () => {
    const csv = [
      "Date,Description,Amount",
      "03/02/2026,ACE HARDWARE 1234,-86.41",
      "03/04/2026,CHECK 1043,-1200.00",
      "03/05/2026,MENARDS 3321,-19.99",
      "03/05/2026,MENARDS #3321,-19.99",
      // Another store, another day or another amount: not a repeat.
      "03/02/2026,ACE HARDWARE 1235,-86.41",
      "03/03/2026,ACE HARDWARE 1234,-86.41",
    ].join("\n");
    const read = readBankRows(bankRows(csv), mapping({}));
    const flagged = flagDuplicates(read, [
      { id: "e-ace", date: "2026-03-02", amountCents: 8_641, payee: "ACE HARDWARE #1234" },
      { id: "e-check", date: "2026-03-04", amountCents: 120_000, payee: "CHECK # 1043" },
    ]);
    expect(flagged.map((r) => [r.line, r.status, r.duplicate_of])).toEqual([
      [2, "duplicate", { line: null, expense_id: "e-ace", likely: true, payee: "ACE HARDWARE #1234" }],
      [3, "duplicate", { line: null, expense_id: "e-check", likely: true, payee: "CHECK # 1043" }],
      [4, "import", null],
      [5, "duplicate", { line: 4, expense_id: null, likely: true, payee: "MENARDS 3321" }],
      [6, "import", null],
      [7, "import", null],
    ]);
    expect(nearDuplicateKey("2026-03-04", 120_000, "check # 1043")).toBe(nearDuplicateKey("2026-03-04", 120_000, "CHECK 1043"));
    expect(nearDuplicateKey("2026-03-04", 120_000, "CHECK 1043")).not.toBe(nearDuplicateKey("2026-03-04", 120_000, "CHECK 1044"));
  });
});

describe("suggested categories", () => {
  const h = (payeeKey: string, category: "repairs" | "supplies" | "utilities" | "insurance", count: number, lastDate: string) => ({ payeeKey, category, count, lastDate });

  test("the category used most often for the payee; on a tie the most recent", () => {
    expect(suggestCategory("HOME DEPOT 1902", [h("HOME DEPOT", "supplies", 1, "2024-09-01"), h("HOME DEPOT", "repairs", 4, "2024-01-01")])).toBe("repairs");
    expect(suggestCategory("HOME DEPOT 1902", [h("HOME DEPOT", "repairs", 4, "2024-01-01"), h("HOME DEPOT", "supplies", 1, "2024-09-01")])).toBe("repairs");
    expect(suggestCategory("HOME DEPOT", [h("HOME DEPOT", "repairs", 2, "2024-01-01"), h("HOME DEPOT", "supplies", 2, "2024-09-01")])).toBe("supplies");
    expect(suggestCategory("HOME DEPOT", [h("HOME DEPOT", "supplies", 2, "2024-09-01"), h("HOME DEPOT", "repairs", 2, "2024-01-01")])).toBe("supplies");
  });

  test("the payee's own history wins over similar payees'", () => {
    expect(suggestCategory("ACE", [h("ACE", "repairs", 1, "2024-01-01"), h("ACE HARDWARE", "supplies", 5, "2024-01-01")])).toBe("repairs");
  });

  test("similar payees' counts add up by category; on a tie the most recently used", () => {
    // Utilities: 1 + 1 + 1 = 3, last used December; repairs: 3, last used September.
    const history = [h("COMED PAYMENT", "utilities", 1, "2024-06-15"), h("COMED BILL", "utilities", 1, "2024-12-01"), h("COMED ONLINE", "utilities", 1, "2024-01-01"), h("COMED CONTRACTOR", "repairs", 3, "2024-09-01")];
    expect(suggestCategory("COMED", history)).toBe("utilities");
    expect(suggestCategory("COMED", [...history, h("COMED AUTOPAY", "repairs", 1, "2023-01-01")])).toBe("repairs");
    // A payee that only begins with the same letters is not similar.
    expect(suggestCategory("COMEDY CLUB", history)).toBeNull();
  });

  test("a payee with no words suggests nothing", () => {
    expect(suggestCategory("#1043", [h("", "repairs", 9, "2024-01-01")])).toBeNull();
    expect(suggestCategory("ACE", [h("", "repairs", 9, "2024-01-01")])).toBeNull();
    expect(suggestCategory("ACE", [])).toBeNull();
  });
});
