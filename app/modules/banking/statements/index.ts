import { parseCamt053 } from "./camt053";
import { parseCsv, proposeCsv } from "./csv";
import { detectFormat, refuseBinary } from "./detect";
import { currencyCode } from "./money";
import { parseOfx } from "./ofx";
import { decode } from "./text";
import { StatementError, type CsvProposal, type ParsedStatement, type ParseOptions } from "./types";

export * from "./types";

/**
 * Reads a bank statement (OFX/QFX, CAMT.053 or CSV) into rows in integer minor units. Pure: no I/O,
 * web APIs only, so it runs in the Worker. Every problem is a `StatementError` whose key is in the
 * `banking` namespace; a file is read whole or refused whole, never half.
 *
 * `fileName` is not trusted for the format (the content decides); it is accepted for the caller's logs.
 */
export function parseStatement(bytes: Uint8Array, _fileName: string, options: ParseOptions): ParsedStatement {
  const currency = currencyCode(options.currency);
  if (currency === undefined) throw new TypeError(`parseStatement: "${options.currency}" is not an ISO 4217 code`);
  refuseBinary(bytes);
  const { text, encoding } = decode(bytes, options.mapping?.encoding);
  const format = detectFormat(text);
  if (format === "ofx") return parseOfx(text, currency);
  if (format === "camt053") return parseCamt053(text, currency);
  return parseCsv(text, encoding, { ...options, currency });
}

/**
 * What we can tell of a CSV file's layout, for a screen where the person confirms or picks columns:
 * the header row's names, the columns recognised, and a complete mapping when there is one.
 */
export function proposeCsvMapping(bytes: Uint8Array): CsvProposal {
  refuseBinary(bytes);
  const { text, encoding } = decode(bytes);
  if (detectFormat(text) !== "csv") throw new StatementError("import.errors.notAStatement");
  return proposeCsv(text, encoding);
}
