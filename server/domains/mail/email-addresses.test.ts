import { describe, expect, it } from 'vitest';
import {
  emailDomain,
  isFreeMailDomain,
  isWithinDomain,
  mailboxKey,
  ownedDomain,
  reviewerDomain,
} from './email-addresses.ts';

describe('e-mail addresses', () => {
  it('knows the free-mail providers, in any case', () => {
    for (const domain of [
      'gmail.com',
      'GoogleMail.com',
      'yahoo.com',
      'outlook.com',
      'hotmail.com',
      'aol.com',
    ]) {
      expect(isFreeMailDomain(domain), domain).toBe(true);
    }
    for (const domain of ['icloud.com', 'comcast.net', 'att.net', 'sbcglobal.net', 'proton.me']) {
      expect(isFreeMailDomain(domain), domain).toBe(true);
    }
    expect(isFreeMailDomain('acmefreight.com')).toBe(false);
  });

  it('takes the domain of an address with exactly one @', () => {
    expect(emailDomain('Dispatch@AcmeFreight.COM.')).toBe('acmefreight.com');
    expect(emailDomain('a@b@c.com')).toBe('');
    expect(emailDomain('@acme.com')).toBe('');
    expect(emailDomain('N/A')).toBe('');
  });

  it('gives the domain an address shows its owner controls: a host name, not a free-mail provider', () => {
    expect(ownedDomain('JSMITH@ACMETRUCKING.COM')).toBe('acmetrucking.com');
    expect(ownedDomain('ops@mail.acme-trucking.co.uk')).toBe('mail.acme-trucking.co.uk');
    expect(ownedDomain('info@bücher-spedition.de')).toBe('bücher-spedition.de');
    for (const address of [
      'j.doe@gmail.com',
      'J.DOE@GMAIL.COM',
      'someone@comcast.net',
      'n/a',
      'none',
      'a@localhost',
      'a@1.2.3.4',
      'a@acme trucking.com',
      'a@gmail.com; b@acme.com',
      'a@-acme.com',
      '',
      null,
      undefined,
    ]) {
      expect(ownedDomain(address), String(address)).toBeNull();
    }
  });

  it('groups reviewers by registrable domain, by the public suffix list', () => {
    expect(reviewerDomain('a@acme.com')).toBe('acme.com');
    expect(reviewerDomain('b@Mail.Sales.ACME.com')).toBe('acme.com');
    expect(reviewerDomain('c@depot.acme.co.uk')).toBe('acme.co.uk');
    expect(reviewerDomain('d@gmail.com')).toBe('gmail.com');
  });

  it('counts subdomains as their domain’s', () => {
    expect(isWithinDomain('acme.com', 'acme.com')).toBe(true);
    expect(isWithinDomain('mail.acme.com', 'acme.com')).toBe(true);
    expect(isWithinDomain('notacme.com', 'acme.com')).toBe(false);
    expect(isWithinDomain('acme.com.evil.io', 'acme.com')).toBe(false);
  });

  it('gives addresses that reach the same mailbox the same key', () => {
    const same: [string, string][] = [
      ['John.Smith+acme@GoogleMail.com', 'johnsmith@gmail.com'],
      ['j.o.h.n.smith@gmail.com', 'johnsmith@gmail.com'],
      ['dispatch+ratings@shipper.com', 'dispatch@shipper.com'],
      ['Bob+1@Outlook.com', 'bob@outlook.com'],
      ['bob@me.com', 'bob@icloud.com'],
      ['bob@mac.com', 'bob@icloud.com'],
      ['jane_doe-x@pm.me', 'janedoex@proton.me'],
      ['jane.doe@protonmail.com', 'janedoe@proton.me'],
      ['  Owner@Acme.com. ', 'owner@acme.com'],
    ];
    for (const [address, key] of same) expect(mailboxKey(address), address).toBe(key);
  });

  it('keeps apart addresses that reach different mailboxes', () => {
    // Dots count everywhere but at Gmail and Proton.
    expect(mailboxKey('john.smith@outlook.com')).not.toBe(mailboxKey('johnsmith@outlook.com'));
    expect(mailboxKey('john.smith@acme.com')).not.toBe(mailboxKey('johnsmith@acme.com'));
    expect(mailboxKey('john@gmail.com')).not.toBe(mailboxKey('john@hotmail.com'));
    expect(mailboxKey('+tag@gmail.com')).toBe('+tag@gmail.com');
  });
});
