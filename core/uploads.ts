/**
 * The largest image upload (owner-side section 5): the editor refuses a bigger file before sending it,
 * and the server stops reading one while it streams in.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The spec's words for a file over the limit: beside the editor's file field and as the API's detail. */
export const FILE_TOO_LARGE_MESSAGE = 'File size exceeds 5MB limit';
