/**
 * Reading the zip containers of ODT, XLSX, PPTX and EPUB files with fflate, within limits: the entries' declared
 * sizes together may not pass MAX_UNZIPPED_BYTES (a zip bomb is refused before anything is inflated, 413), and a
 * file that is not a readable zip is a 400 naming it.
 */
import { unzipSync } from "fflate";
import { ApiError } from "../../errors";

/** All entries of one uploaded container, uncompressed, at most: five times the 10 MB upload limit, well inside
 * an isolate's 128 MB. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;

export type ZipEntries = Record<string, Uint8Array>;

export function unzip(filename: string, bytes: Uint8Array, wanted: (path: string) => boolean): ZipEntries {
  let declared = 0;
  let entries: ZipEntries;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        declared += file.originalSize;
        if (declared > MAX_UNZIPPED_BYTES) throw new TooLarge();
        return true;
      },
    });
  } catch (e) {
    if (e instanceof TooLarge) {
      throw new ApiError(
        "PAYLOAD_TOO_LARGE",
        `"${filename}" unpacks to more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB: parse refuses it`,
      );
    }
    throw unreadable(filename, "it is not a readable zip container");
  }
  // A declared size is only a claim: what was inflated counts too.
  const inflated = Object.values(entries).reduce((n, entry) => n + entry.length, 0);
  if (inflated > MAX_UNZIPPED_BYTES) {
    throw new ApiError(
      "PAYLOAD_TOO_LARGE",
      `"${filename}" unpacks to more than its entries declared: parse refuses it`,
    );
  }
  return entries;
}

class TooLarge extends Error {}

/** A file that is not what its type says: 400 naming the file, as a broken Word document is. */
export function unreadable(filename: string, why: string): ApiError {
  return new ApiError("BAD_REQUEST", `"${filename}" could not be read: ${why}`, [
    { path: ["file"], message: why, code: "custom" },
  ]);
}

const utf8 = new TextDecoder("utf-8");
export const text = (entry: Uint8Array | undefined): string => (entry ? utf8.decode(entry) : "");
