import type { LinkedCarrier } from '../../../core/contracts/signals.ts';
import { CarrierReplyNote } from '../../components/CarrierReplyNote.tsx';
import { LINK_KINDS } from '../../../core/signals.ts';
import type { CarrierPanels } from '../types.ts';

const linkText = (carrier: LinkedCarrier) => carrier.links.map((kind) => LINK_KINDS[kind]).join(', ');

/** A linked carrier as a link to its profile, with its DOT number and standing. */
function CarrierLink({ carrier }: { carrier: LinkedCarrier }) {
  return (
    <>
      <a href={carrier.url}>{carrier.name}</a> (USDOT {carrier.dot_number}, {carrier.status_label})
    </>
  );
}

/**
 * The Connected carriers block (issue 55): the risk signals that hold, each with the facts it rests on,
 * the linked carriers it names and a link to its rule on the public rules page; then every carrier
 * linked to this one, by what they share (never the shared value), and the values too many carriers
 * share to count as links.
 */
export function ConnectedCarriersBlock({ panels }: { panels: CarrierPanels }) {
  if (panels.connections.status === 'unavailable') return <p className="muted">DOT number not available</p>;
  if (panels.connections.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load the connected carriers</p>;
  }
  const answer = panels.connections.value;
  return (
    <div className="connected-carriers">
      {answer.signals.length === 0 ? (
        <p>
          <strong>No risk signals</strong> on this carrier&apos;s record.
        </p>
      ) : (
        <ul className="connected-carriers__signals" aria-label="Risk signals">
          {answer.signals.map((signal) => (
            <li key={signal.rule} className={signal.strong ? 'signal signal--strong' : 'signal'}>
              <p className="signal__title">
                <strong>{signal.title}</strong>
                {signal.strong ? <span className="badge signal__strength">Strong signal</span> : null}
              </p>
              <p>{signal.fact}.</p>
              <p className="muted">Rests on: {signal.rests_on_fields}.</p>
              {signal.linked_carriers.length > 0 ? (
                <ul aria-label={`Carriers behind: ${signal.title}`}>
                  {signal.linked_carriers.map((carrier) => (
                    <li key={carrier.dot_number}>
                      <CarrierLink carrier={carrier} />: shares {linkText(carrier).toLowerCase()}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p>
                <a href={signal.rule_url}>The rule and its limits</a>
              </p>
              <CarrierReplyNote reply={signal.reply} />
            </li>
          ))}
        </ul>
      )}
      {answer.linked_carriers.length === 0 ? (
        <p className="muted">No other carrier shares its contact details, officers or vehicles.</p>
      ) : (
        <table className="data-table">
          <caption>Carriers linked to this one</caption>
          <thead>
            <tr>
              <th scope="col">Carrier</th>
              <th scope="col">USDOT</th>
              <th scope="col">Shares</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {answer.linked_carriers.map((carrier) => (
              <tr key={carrier.dot_number}>
                <td>
                  <a href={carrier.url}>{carrier.name}</a>
                </td>
                <td>{carrier.dot_number}</td>
                <td>{linkText(carrier)}</td>
                <td>{carrier.status_label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {answer.common_values.map((value) => (
        <p key={value.kind} className="muted">
          {value.label} shared by {value.carriers.toLocaleString('en-US')} carriers: too common to link them
          (more than {answer.link_bound}).
        </p>
      ))}
      <p>
        <a href={answer.rules_url}>How risk signals and links work</a>
      </p>
    </div>
  );
}
