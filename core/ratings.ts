// Rules of ratings that the rating pages and the server share (the server imports this module).

/** Each of the three ratings is a whole number of stars from 1 to this. */
export const MAX_STARS = 5;

/** Load numbers are references like 'LD-20931', not prose. */
export const LOAD_NUMBER_MAX_LENGTH = 50;

/** The longest comment a reviewer can leave; the form stops there and the server refuses more. */
export const COMMENT_MAX_LENGTH = 2000;
