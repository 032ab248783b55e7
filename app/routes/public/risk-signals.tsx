import { Link } from 'react-router';
import {
  LINK_BOUND,
  LINK_KINDS,
  SIGNAL_RULE_NAMES,
  SIGNAL_RULES,
  signalRuleHref,
} from '../../../core/signals.ts';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/risk-signals.ts';

export const handle: IslandHandle = { island };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Risk signals and connected carriers'),
    description: `Each rule behind ${PRODUCT_NAME}'s risk signals and connected carriers, what it reads from FMCSA's public record, and what it cannot tell.`,
  });

/**
 * The public rules page (issue 55): every risk signal's rule, what it rests on and its limits, and
 * how carriers are linked. Every signal shown on a profile or answered by the API links here.
 */
export default function RiskSignals() {
  return (
    <article className="page page--narrow risk-signals">
      <nav aria-label="Breadcrumb">
        <p>
          <Link to="/resources">Resources</Link>
        </p>
      </nav>
      <h1>Risk signals and connected carriers</h1>
      <p>
        A risk signal is a plain rule applied to FMCSA&apos;s public record. It holds or it does not; there is
        no score. A signal is a reason to look closer, not a finding of fraud: each rule below says what it
        reads and what it cannot tell.
      </p>

      <h2 id="links">How carriers are linked</h2>
      <p>Two carriers are linked when their FMCSA records share any of:</p>
      <ul>
        <li>
          {LINK_KINDS.phone}: the office phone, cell phone or fax, compared as ten digits (a leading 1
          dropped).
        </li>
        <li>
          {LINK_KINDS.email}: the whole address; or the {LINK_KINDS.email_domain.toLowerCase()} when it is not
          a free-mail provider&apos;s. The address itself is never shown.
        </li>
        <li>
          {LINK_KINDS.address}: street and five-digit ZIP, upper case with the standard USPS abbreviations;
          post office boxes are recognised however they are written.
        </li>
        <li>{LINK_KINDS.officer}: a company officer&apos;s name as written, titles and suffixes left out.</li>
        <li>{LINK_KINDS.prior_revocation}: FMCSA itself names the revoked carrier this one follows.</li>
        <li>{LINK_KINDS.vin}: a vehicle inspected under both DOT numbers in the last 24 months.</li>
      </ul>
      <p>
        A value more than {LINK_BOUND} carriers share links nobody: it is a registered agent&apos;s address, a
        dispatch service&apos;s phone or a leasing pool. The profile says how many carriers share it instead.
      </p>

      <h2 id="rules">The rules</h2>
      {SIGNAL_RULE_NAMES.map((name) => {
        const rule = SIGNAL_RULES[name];
        return (
          <section key={name} id={signalRuleHref(name).split('#')[1]} aria-labelledby={`${name}-title`}>
            <h3 id={`${name}-title`}>{rule.title}</h3>
            <dl className="risk-signals__rule">
              <dt>When it holds</dt>
              <dd>{rule.rule}</dd>
              <dt>What it rests on</dt>
              <dd>{rule.restsOn}</dd>
              <dt>Its limits</dt>
              <dd>{rule.limits}</dd>
              <dt>Strength</dt>
              <dd>
                {rule.strong
                  ? "Strong: the verdict on an otherwise bookable carrier becomes 'Review before booking'."
                  : 'Informative: shown with the carrier, the verdict does not change.'}
              </dd>
            </dl>
          </section>
        );
      })}

      <h2 id="timing">When signals are computed</h2>
      <p>
        Links and signals are computed again after every import of FMCSA&apos;s files, once a day, so the
        rules about recent days and the last 24 months follow the calendar. The search and city pages&apos;
        &lsquo;No risk signals&rsquo; filter leaves out carriers with any signal.
      </p>
    </article>
  );
}
