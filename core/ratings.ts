// Rules of ratings that the rating pages and the server share (the server imports this module).

/** Each of the three ratings is a whole number of stars from 1 to this. */
export const MAX_STARS = 5;

/** Load numbers are references like 'LD-20931', not prose. */
export const LOAD_NUMBER_MAX_LENGTH = 40;
/** What a load number is made of: letters, digits, spaces and '# / . _ -' (issue 51). */
export const LOAD_NUMBER_CHARACTERS = /^[A-Za-z0-9 #/._-]*$/;
export const LOAD_NUMBER_CHARACTERS_PROBLEM =
  'Load number can only hold letters, digits, spaces and # / . _ -';

/**
 * Ratings from one reviewer domain that count towards a company's averages within a window
 * (docs/decisions/093): further ones are kept but not counted, so a catch-all domain cannot vote
 * a carrier up.
 */
export const COUNTED_RATINGS_PER_DOMAIN = 3;
export const COUNTED_DOMAIN_WINDOW_DAYS = 90;

/** The longest comment a reviewer can leave; the form stops there and the server refuses more. */
export const COMMENT_MAX_LENGTH = 2000;

/** A rating's overall stars from its three ratings added up: their mean, rounded (a sum of three never ends in .5). */
export const overallStars = (points: number) => Math.round(points / 3);
