import { describe, expect, it } from 'vitest';
import {
  emailCompanyDomain,
  isPoBox,
  normaliseAddress,
  normaliseEmail,
  normaliseOfficerName,
  normalisePhone,
} from './contact-keys.ts';

describe('normalisePhone', () => {
  it('keeps the ten digits however the number is written', () => {
    expect(normalisePhone('13604794800')).toBe('3604794800');
    expect(normalisePhone('(360) 479-4800')).toBe('3604794800');
    expect(normalisePhone('+1 360.479.4800')).toBe('3604794800');
    expect(normalisePhone('3604794800')).toBe('3604794800');
  });

  it('refuses what cannot be a US number', () => {
    expect(normalisePhone(null)).toBeNull();
    expect(normalisePhone('')).toBeNull();
    expect(normalisePhone('479-4800')).toBeNull();
    expect(normalisePhone('23604794800')).toBeNull();
    expect(normalisePhone('0604794800')).toBeNull();
    expect(normalisePhone('3601794800')).toBeNull();
    expect(normalisePhone('0000000000')).toBeNull();
    expect(normalisePhone('9999999999')).toBeNull();
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases the whole address', () => {
    expect(normaliseEmail('  CLoidhamer@United-Moving.COM ')).toBe('cloidhamer@united-moving.com');
  });

  it('refuses anything but one address', () => {
    expect(normaliseEmail('none')).toBeNull();
    expect(normaliseEmail('a@b')).toBeNull();
    expect(normaliseEmail('a b@c.com')).toBeNull();
    expect(normaliseEmail('a@b.com;c@d.com')).toBeNull();
    expect(normaliseEmail(null)).toBeNull();
  });
});

describe('emailCompanyDomain', () => {
  it("is the address's domain for a company", () => {
    expect(emailCompanyDomain('Dispatch@Acme-Freight.com')).toBe('acme-freight.com');
  });

  it('is null for free-mail providers', () => {
    for (const domain of ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'aol.com', 'icloud.com']) {
      expect(emailCompanyDomain(`someone@${domain}`)).toBeNull();
    }
    expect(emailCompanyDomain('not an address')).toBeNull();
  });
});

describe('normaliseAddress', () => {
  it('abbreviates USPS suffixes and keeps the five-digit ZIP', () => {
    expect(normaliseAddress('1770 Northeast Fuson Road', '98311-3729')).toBe('1770 NE FUSON RD|98311');
    expect(normaliseAddress('1770 NE FUSON RD.', '98311')).toBe('1770 NE FUSON RD|98311');
    expect(normaliseAddress('12 Main Street, Suite #4', '10001')).toBe('12 MAIN ST STE 4|10001');
  });

  it('spells every post office box alike', () => {
    expect(normaliseAddress('P.O. Box 512', '73301')).toBe('PO BOX 512|73301');
    expect(normaliseAddress('Post Office Box 512', '73301')).toBe('PO BOX 512|73301');
    expect(normaliseAddress('POB 512', '73301')).toBe('PO BOX 512|73301');
  });

  it('is null without a street or a US ZIP', () => {
    expect(normaliseAddress(null, '98311')).toBeNull();
    expect(normaliseAddress('1 MAIN ST', 'M5H 1J9')).toBeNull();
    expect(normaliseAddress('1 MAIN ST', null)).toBeNull();
  });
});

describe('isPoBox', () => {
  it('recognises post office boxes', () => {
    for (const street of [
      'PO BOX 12',
      'P.O. Box 12',
      'p o box 12',
      'POB 12',
      'Post Office Box 12',
      'BOX 7',
    ]) {
      expect(isPoBox(street)).toBe(true);
    }
  });

  it('leaves streets alone', () => {
    for (const street of ['12 BOXWOOD LN', '1770 NE FUSON RD', 'POBLANO WAY 3', '', null]) {
      expect(isPoBox(street)).toBe(false);
    }
  });
});

describe('normaliseOfficerName', () => {
  it('keeps the name words, upper case', () => {
    expect(normaliseOfficerName('Shauna  Washburn')).toBe('SHAUNA WASHBURN');
    expect(normaliseOfficerName('Mr. John O’Neil Jr.')).toBe('JOHN O NEIL');
  });

  it('is null for placeholders and single words', () => {
    expect(normaliseOfficerName('NONE')).toBeNull();
    expect(normaliseOfficerName('N/A')).toBeNull();
    expect(normaliseOfficerName('Owner')).toBeNull();
    expect(normaliseOfficerName('Cher')).toBeNull();
    expect(normaliseOfficerName(null)).toBeNull();
  });
});
