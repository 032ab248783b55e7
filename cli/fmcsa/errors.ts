/** The file as a whole cannot be read: missing, empty, not CSV/JSON, or not a known FMCSA dataset. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}

/** One row cannot be stored; the reader turns it into a skip with this message as the reason. */
export class RowError extends Error {}
