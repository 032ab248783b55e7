// Limits of the capacity board that the owner's editor, the public page and the server share.

/** Entries one company can keep on its board (issue 51): every entry is read on each profile view. */
export const MAX_CAPACITY_ENTRIES = 200;

/** The public page lists the soonest entries only; a line says how many more the board holds. */
export const PUBLIC_BOARD_ROWS = 50;

/** The refusal of an entry past MAX_CAPACITY_ENTRIES. */
export const CAPACITY_FULL_DETAIL = `A capacity board can have at most ${MAX_CAPACITY_ENTRIES} entries. Delete an entry to add another.`;
