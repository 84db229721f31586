import { z } from "zod";
import { Refusal } from "~/platform/http.server";
import type { DateFormat, GivenCsvMapping } from "./statements/types";

/** A column's name as the file's header row writes it: a header longer than this is no bank's. */
const column = z.string().min(1).max(200);

const mappingSchema = z
  .object({
    delimiter: z.enum([",", ";", "\t"]),
    // Left out when the person chose the columns themselves: then the data says.
    decimal: z.enum([".", ","]).optional(),
    dateFormat: z.enum(["iso", "mdy", "dmy"]).optional(),
    encoding: z.enum(["utf-8", "windows-1252"]),
    headerRow: z.number().int().min(0).max(1000),
    columns: z
      .object({
        date: column,
        description: column,
        amount: column.optional(),
        debit: column.optional(),
        credit: column.optional(),
        reference: column.optional(),
        balance: column.optional(),
        payee: column.optional(),
        checkNumber: column.optional(),
        counterpartyAccount: column.optional(),
      })
      .strict()
      .refine((c) => c.amount || c.debit || c.credit),
  })
  .strict();

/** The statement upload's form: the file, and what the person decided about its columns and dates. */
export async function readImportForm(request: Request): Promise<{
  file: { name: string; bytes: Uint8Array; type: string };
  options: { mapping?: GivenCsvMapping; dateFormat?: DateFormat };
}> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) throw new Refusal(400, "import.errors.multipartExpected");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Refusal(400, "import.errors.multipartExpected");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new Refusal(400, "import.errors.fileMissing");
  const options: { mapping?: GivenCsvMapping; dateFormat?: DateFormat } = {};
  const mapping = form.get("mapping");
  if (typeof mapping === "string" && mapping.trim()) {
    let raw: unknown;
    try {
      raw = JSON.parse(mapping);
    } catch {
      throw new Refusal(400, "import.errors.mappingInvalid");
    }
    const parsed = mappingSchema.safeParse(raw);
    if (!parsed.success) throw new Refusal(400, "import.errors.mappingInvalid");
    options.mapping = parsed.data;
  }
  const dateFormat = form.get("dateFormat");
  if (typeof dateFormat === "string" && dateFormat) {
    if (dateFormat !== "iso" && dateFormat !== "mdy" && dateFormat !== "dmy") throw new Refusal(400, "import.errors.dateFormatInvalid");
    options.dateFormat = dateFormat;
  }
  return { file: { name: file.name || "statement", bytes: new Uint8Array(await file.arrayBuffer()), type: file.type }, options };
}
