import {
  checkAnswer,
  HOLDERS_SHOWN,
  readClaim,
  readContact,
  type CheckedCarrier,
} from '../../../core/contact-check.ts';
import type { ContactCheckAnswer } from '../../../core/contracts/contact-check.ts';
import { DomainError } from '../../../core/errors.ts';
import type { ContactCheckRepo } from './repo.ts';

const named = (carrier: CheckedCarrier) => ({ dot_number: carrier.dot_number, name: carrier.name });

export function createContactCheckService(repo: ContactCheckRepo) {
  return {
    /**
     * Which carriers' FMCSA records hold a pasted detail and whether the offer's claimed carrier is
     * one of them. An unreadable detail or claim is a 400 with what to enter. The same queries run
     * for a detail on a record and one on none (the claimed carrier is read either way), and an
     * e-mail address is never repeated in the answer.
     */
    async check(input: { contact: string; claimed?: string }): Promise<ContactCheckAnswer> {
      const contact = readContact(input.contact);
      if ('problem' in contact) throw new DomainError('invalid', contact.problem, { field: 'contact' });
      const claim = readClaim(input.claimed ?? '');
      if (claim && 'problem' in claim) throw new DomainError('invalid', claim.problem, { field: 'claimed' });
      const [rows, claimedRow] = await Promise.all([
        repo.holders(contact.kind, contact.key, HOLDERS_SHOWN),
        claim && claim.kind !== 'name' ? repo.carrierByNumber(claim.kind, claim.number) : undefined,
      ]);
      const holders = rows.map((row) => ({
        dot_number: row.dot_number,
        name: row.name,
        dba_name: row.dba_name,
      }));
      const more = rows.length > 0 ? Number(rows[0]!.total) - rows.length : 0;
      const claimed = claimedRow ?? null;
      const { verdict, summary } = checkAnswer({ kind: contact.kind, holders, more, claim, claimed });
      return {
        read_as: contact.kind,
        shown_as: contact.kind === 'email' ? null : contact.key,
        holders: holders.map(named),
        more_holders: more,
        claimed_carrier: claimed && named(claimed),
        verdict,
        summary,
      };
    },
  };
}

export type ContactCheckService = ReturnType<typeof createContactCheckService>;
