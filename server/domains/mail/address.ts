import isEmail from 'validator/lib/isEmail.js';

/**
 * One plain address, nothing else: printable ASCII without spaces, quotes, commas, semicolons or angle
 * brackets (so no list, no display name, no quoted local part, no header break), then validator's
 * syntax check with a top-level domain and no IP-literal domain.
 */
export function isSingleAddress(value: string): boolean {
  if (value.length > 254 || !/^[\x21-\x7e]+$/.test(value) || /[",;<>()[\]\\]/.test(value)) return false;
  return isEmail(value, {
    allow_display_name: false,
    allow_utf8_local_part: false,
    allow_ip_domain: false,
    require_tld: true,
  });
}

/**
 * The address in an e-mail field of an FMCSA record, lower-cased, when the field holds exactly one
 * syntactically valid address (surrounding blanks aside); null for anything else: empty, several
 * addresses, a display name, garbage. The record itself stays as published: this is applied where the
 * address is used.
 */
export function fmcsaAddress(field: string | null | undefined): string | null {
  const value = field?.trim() ?? '';
  return isSingleAddress(value) ? value.toLowerCase() : null;
}
